import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { FaultProxy, startFaultProxy } from './faultProxy';
import { clearFaults, setFaults } from './state';
import { eventually, listenOnLoopback } from '@flotilla/test-kit';
import { httpsRequest, makeTestPki, TestPki } from './testSupport';

/** Waits for state the proxy reaches within milliseconds (polls every 5 ms). */
const soon = <T>(check: () => T) => eventually(check, 10_000, 5);

interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A stand-in API server: echoes what it received as JSON, and serves
 * `/watch` as a stream whose events the test sends one by one.
 */
async function startUpstream(pki: TestPki) {
  const seen: SeenRequest[] = [];
  const watches: http.ServerResponse[] = [];
  const server = https.createServer(
    { cert: pki.cert, key: pki.key },
    (req, res) => {
      let body = '';
      req.on('data', chunk => (body += chunk));
      req.on('end', () => {
        seen.push({
          method: req.method!,
          url: req.url!,
          headers: req.headers,
          body,
        });
        if (req.url?.startsWith('/watch')) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write(`${JSON.stringify({ type: 'ADDED', n: 1 })}\n`);
          watches.push(res);
          return;
        }
        res.writeHead(req.url === '/missing' ? 404 : 200, {
          'content-type': 'application/json',
          'x-upstream': 'yes',
        });
        res.end(JSON.stringify({ method: req.method, url: req.url, body }));
      });
    },
  );
  const listening = await listenOnLoopback(server);
  return {
    seen,
    watches,
    port: listening.port,
    close: () => {
      for (const watch of watches) watch.destroy();
      return listening.close();
    },
  };
}

/** Opens a watch through the proxy and collects its lines as they arrive. */
function openWatch(port: number, ca: Buffer) {
  const lines: string[] = [];
  const state = { ended: false, error: undefined as Error | undefined };
  const req = https.request(
    { host: '127.0.0.1', port, path: '/watch?watch=1', ca, agent: false },
    res => {
      res.setEncoding('utf8');
      res.on('data', chunk =>
        lines.push(...String(chunk).split('\n').filter(Boolean)),
      );
      res.on('end', () => (state.ended = true));
      res.on('error', error => (state.error = error));
      res.on('aborted', () => (state.error = new Error('aborted')));
    },
  );
  req.on('error', error => (state.error = error));
  req.end();
  return { lines, state };
}

describe('fault proxy', () => {
  const cluster = 'member-under-test';
  let pki: TestPki;
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let proxy: FaultProxy;

  beforeAll(() => {
    pki = makeTestPki();
  });
  afterAll(() => fs.rmSync(pki.dir, { recursive: true, force: true }));

  beforeEach(async () => {
    upstream = await startUpstream(pki);
    proxy = await startFaultProxy({
      cluster,
      port: 0,
      target: `https://127.0.0.1:${upstream.port}`,
      ca: pki.ca,
      cert: pki.cert,
      key: pki.key,
    });
  });

  afterEach(async () => {
    clearFaults();
    await proxy.stop();
    await upstream.close();
  });

  it('passes requests through unchanged, verified as the member itself', async () => {
    const answer = await httpsRequest(
      proxy.port,
      pki.ca,
      'POST',
      '/api/v1/namespaces?limit=5',
      {
        headers: {
          authorization: 'Bearer secret-token',
          'impersonate-user': 'alice',
          'impersonate-group': 'team-a',
          'content-type': 'application/json',
        },
        body: '{"metadata":{"name":"x"}}',
      },
    );

    expect(answer.status).toBe(200);
    expect(answer.headers['x-upstream']).toBe('yes');
    expect(JSON.parse(answer.body)).toEqual({
      method: 'POST',
      url: '/api/v1/namespaces?limit=5',
      body: '{"metadata":{"name":"x"}}',
    });
    const [seen] = upstream.seen;
    expect(seen.headers.authorization).toBe('Bearer secret-token');
    expect(seen.headers['impersonate-user']).toBe('alice');
    expect(seen.headers['impersonate-group']).toBe('team-a');
    expect(seen.headers.host).toBe(`127.0.0.1:${upstream.port}`);

    const missing = await httpsRequest(proxy.port, pki.ca, 'GET', '/missing');
    expect(missing.status).toBe(404);
    expect(proxy.stats()).toMatchObject({ forwarded: 2, failed: 0 });
  });

  it('streams watch responses event by event', async () => {
    const watch = openWatch(proxy.port, pki.ca);
    await soon(() => expect(watch.lines).toHaveLength(1)); // the first event
    expect(watch.state.ended).toBe(false);

    upstream.watches[0].write(
      `${JSON.stringify({ type: 'MODIFIED', n: 2 })}\n`,
    );
    await soon(() => expect(watch.lines).toHaveLength(2)); // the second event
    upstream.watches[0].end();
    await soon(() => expect(watch.state.ended).toBeTruthy()); // the end of the watch
    expect(watch.lines.map(line => JSON.parse(line).type)).toEqual([
      'ADDED',
      'MODIFIED',
    ]);
  });

  it('holds requests back for the injected latency, and lets them go when it is cleared', async () => {
    setFaults(cluster, { latencyMs: 60_000 });
    const pending = httpsRequest(proxy.port, pki.ca, 'GET', '/api/v1/pods');

    // The request is held.
    await soon(() => expect(proxy.stats().delaying).toBe(1));
    expect(upstream.seen).toHaveLength(0);

    setFaults(cluster, { latencyMs: 0 });
    const answer = await pending;
    expect(answer.status).toBe(200);
    expect(upstream.seen.map(r => r.url)).toEqual(['/api/v1/pods']);
    expect(proxy.stats().delaying).toBe(0);
  });

  it('answers matching methods with a Kubernetes Conflict without forwarding them', async () => {
    setFaults(cluster, { failWith: 409, failMethods: ['PATCH', 'PUT'] });

    const patch = await httpsRequest(
      proxy.port,
      pki.ca,
      'PATCH',
      '/apis/apps/v1/namespaces/shop/deployments/cart',
      {
        body: '{"spec":{"replicas":3}}',
        headers: { 'content-type': 'application/merge-patch+json' },
      },
    );
    expect(patch.status).toBe(409);
    expect(patch.headers['content-type']).toBe('application/json');
    expect(JSON.parse(patch.body)).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message:
        'Operation cannot be fulfilled on deployments.apps "cart": the object has been modified; please apply your changes to the latest version and try again',
      reason: 'Conflict',
      details: { kind: 'deployments', group: 'apps', name: 'cart' },
      code: 409,
    });

    const get = await httpsRequest(
      proxy.port,
      pki.ca,
      'GET',
      '/apis/apps/v1/namespaces/shop/deployments/cart',
    );
    expect(get.status).toBe(200);
    expect(upstream.seen.map(r => r.method)).toEqual(['GET']);
    expect(proxy.stats()).toMatchObject({ forwarded: 1, failed: 1 });
  });

  it('answers 401 as kube-apiserver refuses a token: Unauthorized, naming nothing', async () => {
    setFaults(cluster, { failWith: 401 });
    const refused = await httpsRequest(proxy.port, pki.ca, 'GET', '/readyz');
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'Unauthorized',
      reason: 'Unauthorized',
      code: 401,
    });
  });

  it('answers 500 and 503 with their Status reasons, only under the path prefix', async () => {
    setFaults(cluster, { failWith: 500, failPathPrefix: '/api/v1/namespaces' });
    const failed = await httpsRequest(
      proxy.port,
      pki.ca,
      'GET',
      '/api/v1/namespaces/kube-system',
    );
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.body)).toMatchObject({
      reason: 'InternalError',
      code: 500,
      details: { kind: 'namespaces', name: 'kube-system' },
    });
    const elsewhere = await httpsRequest(proxy.port, pki.ca, 'GET', '/version');
    expect(elsewhere.status).toBe(200);

    setFaults(cluster, { failWith: 503, failPathPrefix: undefined });
    const unavailable = await httpsRequest(
      proxy.port,
      pki.ca,
      'GET',
      '/version',
    );
    expect(unavailable.status).toBe(503);
    expect(JSON.parse(unavailable.body)).toMatchObject({
      reason: 'ServiceUnavailable',
      message: 'the server is currently unable to handle the request',
      code: 503,
    });
  });

  it('resets new connections and destroys open ones while partitioned, and heals', async () => {
    const watch = openWatch(proxy.port, pki.ca);
    await soon(() => expect(watch.lines).toHaveLength(1)); // the watch is open

    setFaults(cluster, { down: true });
    await soon(() => expect(watch.state.error).toBeTruthy()); // the open watch breaks
    await expect(
      httpsRequest(proxy.port, pki.ca, 'GET', '/version'),
    ).rejects.toThrow(/ECONNRESET|socket hang up/);
    expect(proxy.stats().reset).toBeGreaterThanOrEqual(2);
    // The API server's side of the watch is let go as well.
    await soon(() => expect(upstream.watches[0].destroyed).toBeTruthy());

    setFaults(cluster, { down: false });
    const healed = await httpsRequest(proxy.port, pki.ca, 'GET', '/version');
    expect(healed.status).toBe(200);
  });

  it('serves normally again once every fault is cleared', async () => {
    setFaults(cluster, { failWith: 503, latencyMs: 60_000 });
    const held = httpsRequest(proxy.port, pki.ca, 'GET', '/version');
    // The request is held.
    await soon(() => expect(proxy.stats().delaying).toBe(1));

    clearFaults(cluster);
    const answer = await held;
    expect(answer.status).toBe(200);
    expect(upstream.seen).toHaveLength(1);
  });

  it('sends nothing to a server restarting after an outage until the outage is over', async () => {
    // The restarted API server already listens (here: answers) while it
    // has not passed /readyz yet; the outage ends only once it has.
    setFaults(cluster, { outage: true });
    await expect(
      httpsRequest(
        proxy.port,
        pki.ca,
        'GET',
        '/apis/submariner.io/v1/gateways',
      ),
    ).rejects.toThrow(/ECONNRESET|socket hang up/);
    expect(upstream.seen).toEqual([]);

    setFaults(cluster, { outage: false });
    const after = await httpsRequest(proxy.port, pki.ca, 'GET', '/version');
    expect(after.status).toBe(200);
    expect(upstream.seen.map(r => r.url)).toEqual(['/version']);
  });

  it('breaks the connection, as a dead server would, when the API server is gone', async () => {
    await upstream.close();
    await expect(
      httpsRequest(proxy.port, pki.ca, 'GET', '/readyz'),
    ).rejects.toThrow(/ECONNRESET|socket hang up/);
    upstream = await startUpstream(pki); // for afterEach
  });
});
