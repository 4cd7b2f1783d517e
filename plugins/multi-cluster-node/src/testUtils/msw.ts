import { setupServer } from 'msw/node';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { KARMADA } from './karmadaFixtures';

/**
 * What the fixture control plane answers unless a test says otherwise: it
 * holds no OverridePolicies (a failover lists them to name its own).
 */
const fixtureDefaults: RequestHandler[] = [
  http.get(
    `${KARMADA}/apis/policy.karmada.io/v1alpha1/namespaces/:namespace/overridepolicies`,
    () =>
      HttpResponse.json({
        apiVersion: 'policy.karmada.io/v1alpha1',
        kind: 'OverridePolicyList',
        metadata: { resourceVersion: '1' },
        items: [],
      }),
  ),
];

/**
 * An msw server that lets requests to the local test backend through and
 * fails on any other unhandled request (no real network in tests). The
 * fixture Karmada control plane holds no OverridePolicies unless a handler
 * of the test answers their list.
 *
 * @public
 */
export function setupKubernetesMocks(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers, ...fixtureDefaults);
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
