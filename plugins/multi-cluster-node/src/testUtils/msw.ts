import { setupServer } from 'msw/node';
import type { RequestHandler } from 'msw';

/**
 * An msw server that lets requests to the local test backend through and
 * fails on any other unhandled request (no real network in tests).
 *
 * @public
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
  afterEach(() => {
    server.resetHandlers();
    releaseHungResponses();
  });
  afterAll(() => server.close());
  return server;
}

const hungResponses = new Set<() => void>();

/**
 * Resolves when the current test ends. A handler that awaits it is an API
 * server that hangs: a timeout test then depends on no clock but the
 * timeout under test (a fixed delay would race it on a loaded machine).
 *
 * @public
 */
export function untilTestEnds(): Promise<void> {
  return new Promise(resolve => hungResponses.add(resolve));
}

function releaseHungResponses() {
  for (const release of hungResponses) release();
  hungResponses.clear();
}

/**
 * A Kubernetes `Status` body.
 *
 * @public
 */
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
