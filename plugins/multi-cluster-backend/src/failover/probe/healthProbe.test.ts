import http from 'node:http';
import net from 'node:net';
import { describeProbe, probeHealth, PROBE_LIMITS } from './healthProbe';
import { expandProbeUrl } from './probeUrl';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A real HTTP server on 127.0.0.1 whose routes the test sets. */
async function serve(routes: Record<string, Handler>) {
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const route = routes[req.url ?? ''];
    if (route) route(req, res);
    else {
      res.writeHead(404);
      res.end('no such route');
    }
  });
  server.on('connection', socket => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise(resolve => server.close(resolve));
    },
  };
}

const json =
  (status: number, body: unknown): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
const redirect =
  (location: string): Handler =>
  (_req, res) => {
    res.writeHead(302, { location });
    res.end();
  };

const never = new AbortController().signal;

describe('probeHealth', () => {
  let server: Awaited<ReturnType<typeof serve>>;
  const hung: http.ServerResponse[] = [];
  const huge = { sentAll: false };
  beforeAll(async () => {
    server = await serve({
      '/ok': json(200, { status: 'ok' }),
      '/down': json(503, { status: 'failing', reason: 'db\nunreachable' }),
      '/hop1': redirect('/hop2'),
      '/hop2': redirect('/ok'),
      '/elsewhere': (_req, res) => {
        res.writeHead(301, {
          location: `http://localhost:${server.port}/ok`,
        });
        res.end();
      },
      '/loop': redirect('/loop'),
      // Answers the headers, then never the body: the test ends it.
      '/hang': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{');
        hung.push(res);
      },
      // Never answers at all.
      '/silent': () => undefined,
      '/huge': (_req, res) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        // 64 MB, far more than socket buffers hold: the whole body is only
        // sent if the probe reads it all.
        const chunk = 'x'.repeat(64 * 1024);
        let sent = 0;
        const more = () => {
          while (sent < 1024 && !res.destroyed && res.write(chunk)) sent++;
          if (sent >= 1024) res.end(() => (huge.sentAll = true));
          else if (!res.destroyed) res.once('drain', more);
        };
        more();
      },
    });
  });
  afterAll(async () => {
    for (const res of hung) res.destroy();
    await server.close();
  });

  it('passes on a 2xx, following same-host redirects', async () => {
    expect(await probeHealth(server.url('/ok'), never)).toEqual({
      url: server.url('/ok'),
      ok: true,
      status: 200,
    });
    expect(await probeHealth(server.url('/hop1'), never)).toMatchObject({
      ok: true,
      status: 200,
    });
  });

  it('fails on a 503 with the escaped start of the answer', async () => {
    const result = await probeHealth(server.url('/down'), never);
    expect(result).toMatchObject({ ok: false, status: 503 });
    expect(result.body).toContain('db\\nunreachable');
    expect(describeProbe(result)).toMatch(/^HTTP 503, body \{/);
  });

  it('does not follow a redirect to another host', async () => {
    const result = await probeHealth(server.url('/elsewhere'), never);
    expect(result).toEqual({
      url: server.url('/elsewhere'),
      ok: false,
      status: 301,
      error: 'redirects to another host (localhost)',
    });
  });

  it('stops after three redirects', async () => {
    expect(await probeHealth(server.url('/loop'), never)).toMatchObject({
      ok: false,
      status: 302,
      error: `more than ${PROBE_LIMITS.maxRedirects} redirects`,
    });
  });

  it('gives up on a server that stops answering, in its own time', async () => {
    for (const path of ['/silent', '/hang']) {
      expect(await probeHealth(server.url(path), never, 300)).toEqual({
        url: server.url(path),
        ok: false,
        error: 'no answer within 300 ms',
      });
    }
  });

  it("throws the step's reason when the step's signal aborts", async () => {
    const step = new AbortController();
    const probe = probeHealth(server.url('/silent'), step.signal, 60_000);
    step.abort(new Error('step deadline'));
    await expect(probe).rejects.toThrow('step deadline');
  });

  it('reads no more of a huge body than its bound', async () => {
    const result = await probeHealth(server.url('/huge'), never);
    expect(result).toMatchObject({ ok: false, status: 500 });
    expect(result.body!.length).toBeLessThanOrEqual(
      PROBE_LIMITS.maxExcerptChars,
    );
    expect(huge.sentAll).toBe(false);
  });

  it('reports a refused connection by its code', async () => {
    const closed = await serve({});
    await closed.close();
    expect(await probeHealth(closed.url('/ok'), never)).toMatchObject({
      ok: false,
      error: 'ECONNREFUSED',
    });
  });
});

describe('expandProbeUrl', () => {
  it('fills in the cluster, its region and the fleet', () => {
    expect(
      expandProbeUrl('https://{region}.example.com/{cluster}/healthz', {
        cluster: 'prod-eu-1',
        region: 'eu-west-1',
      }),
    ).toBe('https://eu-west-1.example.com/prod-eu-1/healthz');
    expect(
      expandProbeUrl('{fleet}/health/{cluster}/ledger', {
        cluster: 'a b',
        fleetUrl: 'http://127.0.0.1:26499/',
      }),
    ).toBe('http://127.0.0.1:26499/health/a%20b/ledger');
  });

  it('refuses what cannot be probed', () => {
    const bad =
      (template: string, values = {}) =>
      () =>
        expandProbeUrl(template, { cluster: 'c', ...values });
    expect(bad('https://{region}.x/h')).toThrow(/no region/);
    expect(bad('{fleet}/h')).toThrow(/healthProbe.fleetUrl/);
    expect(bad('http://x/{fleet}/h', { fleetUrl: 'http://y' })).toThrow(
      /only start/,
    );
    expect(bad('ftp://x/{cluster}')).toThrow(/only http/);
    expect(bad('http://u:p@x/{cluster}')).toThrow(/credentials/);
  });
});
