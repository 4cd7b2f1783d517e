import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { KubernetesRequestError } from '@flotilla/plugin-multi-cluster-node';
import { sleep, untilAborted, withDeadline } from './deadline';

/**
 * A server that never answers; `dropped` resolves when the client closed
 * the connection of its first request (the request really stopped), and
 * `allClosed` when no connection to it is open.
 */
async function silentServer() {
  let received!: (req: IncomingMessage) => void;
  const request = new Promise<IncomingMessage>(r => (received = r));
  const server: Server = createServer(req => received(req));
  const open = new Set<Socket>();
  const closedWaiters: Array<() => void> = [];
  server.on('connection', socket => {
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      if (open.size === 0) closedWaiters.splice(0).forEach(r => r());
    });
  });
  const allClosed = () =>
    open.size === 0
      ? Promise.resolve()
      : new Promise<void>(r => closedWaiters.push(r));
  await new Promise<void>(r => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const dropped = request.then(
    req => new Promise<void>(r => req.socket.once('close', () => r())),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    request,
    dropped,
    allClosed,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>(r => server.close(() => r()));
    },
  };
}

describe('withDeadline', () => {
  let server: Awaited<ReturnType<typeof silentServer>>;
  beforeEach(async () => {
    server = await silentServer();
  });
  afterEach(() => server.close());

  it('aborts a fetch that gets no answer and says it timed out', async () => {
    let passed: AbortSignal | undefined;
    const result = withDeadline('webhook', { timeoutMs: 20 }, signal => {
      passed = signal;
      return fetch(server.url, { signal });
    });
    await expect(result).rejects.toThrow(
      new KubernetesRequestError('webhook: timed out', { timeout: true }),
    );
    await expect(result).rejects.toMatchObject({ timeout: true });
    expect(passed?.aborted).toBe(true);
    // On a loaded machine the deadline can pass before the request reaches
    // the server; either way no connection stays open.
    await server.allClosed();
  });

  it("stops at the caller's cancellation, which is not a timeout", async () => {
    const caller = new AbortController();
    const result = withDeadline(
      'webhook',
      { timeoutMs: 60_000, signal: caller.signal },
      signal => fetch(server.url, { signal }),
    );
    await server.request;
    caller.abort(new Error('refresh stopped'));
    await expect(result).rejects.toThrow('refresh stopped');
    await server.dropped;
  });

  it('does not wait for work that ignores its signal', async () => {
    const ignoring = new Promise<never>(() => {});
    await expect(
      withDeadline('detector', { timeoutMs: 1 }, () => ignoring),
    ).rejects.toThrow('detector: timed out');
  });

  it('passes on what the work returns or throws', async () => {
    await expect(
      withDeadline('x', { timeoutMs: 60_000 }, async () => 42),
    ).resolves.toBe(42);
    await expect(
      withDeadline('x', { timeoutMs: 60_000 }, async () => {
        throw new Error('HTTP 403');
      }),
    ).rejects.toThrow(/^HTTP 403$/);
  });
});

describe('untilAborted', () => {
  it('rejects at once with the reason of an aborted signal', async () => {
    const reason = new Error('gone');
    await expect(
      untilAborted(Promise.resolve(1), AbortSignal.abort(reason)),
    ).rejects.toBe(reason);
  });
});

describe('sleep', () => {
  it("rejects with the signal's reason when cancelled", async () => {
    const controller = new AbortController();
    const reason = new Error('lease lost');
    const waiting = sleep(60_000, controller.signal);
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
  });

  it('waits without a signal', async () => {
    await expect(sleep(1)).resolves.toBeUndefined();
  });
});
