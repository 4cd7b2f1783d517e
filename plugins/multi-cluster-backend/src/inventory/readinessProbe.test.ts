import {
  CredentialsUnavailableError,
  KubernetesClient,
  KubernetesRequestError,
  toKubernetesError,
} from '@flotilla/plugin-multi-cluster-node';
import { probeReadiness } from './readinessProbe';

/** A client whose `/readyz` answers `ready` or fails with `error`. */
function client(answer: { ready?: boolean; error?: unknown }) {
  return {
    readyz: async () => {
      if (answer.error) throw answer.error;
      return answer.ready ?? true;
    },
  } as unknown as KubernetesClient;
}

const networkError = (code: string) =>
  toKubernetesError(
    Object.assign(new Error(code), { code }),
    'prod-1: readyz',
    false,
  );

describe('probeReadiness', () => {
  it('200 is healthy, another answer unhealthy', async () => {
    await expect(
      probeReadiness(client({ ready: true }), 1000),
    ).resolves.toMatchObject({
      kind: 'answered',
      evidence: {
        source: 'probe',
        status: 'healthy',
        checkedAt: expect.any(String),
        latencyMs: expect.any(Number),
      },
    });
    await expect(
      probeReadiness(client({ ready: false }), 1000),
    ).resolves.toMatchObject({
      kind: 'answered',
      evidence: { status: 'unhealthy', reason: '/readyz did not return 200' },
    });
  });

  it.each([
    ['connection refused', networkError('ECONNREFUSED'), /connection refused/],
    ['connection reset', networkError('ECONNRESET'), /connection reset/],
    [
      'a timeout',
      new KubernetesRequestError('prod-1: readyz: timed out', {
        timeout: true,
      }),
      /timed out/,
    ],
    [
      'a 503',
      new KubernetesRequestError('prod-1: readyz: etcd not ready', {
        statusCode: 503,
      }),
      /etcd not ready/,
    ],
  ])('%s is unhealthy', async (_, error, reason) => {
    await expect(
      probeReadiness(client({ error }), 1000),
    ).resolves.toMatchObject({
      kind: 'failed',
      evidence: { status: 'unhealthy', reason },
    });
  });

  it.each([
    [
      'a 401',
      new KubernetesRequestError('prod-1: readyz: Unauthorized', {
        statusCode: 401,
      }),
      /refused this backend's credentials \(401\)/,
    ],
    [
      'a 403',
      new KubernetesRequestError('prod-1: readyz: forbidden', {
        statusCode: 403,
      }),
      /may not read the cluster's readiness \(403\)/,
    ],
    [
      'an untrusted server certificate',
      networkError('SELF_SIGNED_CERT_IN_CHAIN'),
      /not signed by a trusted CA/,
    ],
    [
      'a server certificate for another name',
      networkError('ERR_TLS_CERT_ALTNAME_INVALID'),
      /does not name this address/,
    ],
    [
      'credentials this backend cannot load',
      new CredentialsUnavailableError('prod-1: cannot load credentials'),
      /cannot load credentials/,
    ],
  ])('%s says nothing of the cluster: unknown', async (_, error, reason) => {
    await expect(
      probeReadiness(client({ error }), 1000),
    ).resolves.toMatchObject({
      kind: 'refused-us',
      evidence: { status: 'unknown', reason },
    });
  });
});
