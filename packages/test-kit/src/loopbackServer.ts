import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

/** A test server listening on 127.0.0.1, where a client reaches it. */
export interface LoopbackServer<S extends http.Server | https.Server> {
  server: S;
  port: number;
  /** `https://127.0.0.1:<port>` (or http: for a plain server). */
  url: string;
  /** Drops open connections (kept-alive ones too) and stops listening. */
  close(): Promise<void>;
}

/** Starts `server` on a free port of 127.0.0.1. */
export async function listenOnLoopback<S extends http.Server | https.Server>(
  server: S,
): Promise<LoopbackServer<S>> {
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const scheme = server instanceof https.Server ? 'https' : 'http';
  return {
    server,
    port,
    url: `${scheme}://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
