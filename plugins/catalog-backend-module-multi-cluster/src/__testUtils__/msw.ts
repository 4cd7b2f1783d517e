import { setupServer } from 'msw/node';
import type { RequestHandler } from 'msw';

/**
 * An msw server that lets requests to the local test backend through and
 * fails on any other unhandled request (no real network in tests).
 */
export function setupKubernetesMocks(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  beforeAll(() =>
    server.listen({
      onUnhandledRequest(req, print) {
        const host = new URL(req.url).hostname;
        if (['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
          return;
        }
        print.error();
      },
    }),
  );
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** A Kubernetes `Status` body. */
export function k8sStatus(code: number, reason: string, message: string) {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    code,
  };
}
