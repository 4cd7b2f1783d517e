import {
  ClusterHealthEvidence,
  CredentialsUnavailableError,
  errorMessage,
  isTrustFailure,
  isUnauthorized,
  KubernetesClient,
  KubernetesRequestError,
} from '@flotilla/plugin-multi-cluster-node';

/** What this backend's `/readyz` probe of one cluster showed. */
export interface ProbeOutcome {
  evidence: ClusterHealthEvidence;
  /**
   * `answered`: the server answered readiness (ready or not);
   * `failed`: it did not (refused, reset, timed out, 5xx);
   * `refused-us`: it says nothing of the server, only of this backend's
   * credentials or trust (401, 403, a certificate problem, no credentials);
   * `not-probed`: this backend has no usable access path.
   */
  kind: 'answered' | 'failed' | 'refused-us' | 'not-probed';
}

const UNAUTHORIZED = `The API server refused this backend's credentials (401): check the cluster's authProvider and its token or client certificate`;

/**
 * Errors of this backend's own standing with the server: the server may
 * be perfectly ready, so they never read as an outage (a failover trigger).
 */
function refusedUs(error: unknown): string | undefined {
  if (isUnauthorized(error)) return UNAUTHORIZED;
  if (error instanceof KubernetesRequestError && error.statusCode === 403) {
    return `This backend may not read the cluster's readiness (403): ${errorMessage(
      error,
    )}`;
  }
  if (error instanceof CredentialsUnavailableError || isTrustFailure(error)) {
    return errorMessage(error);
  }
  return undefined;
}

/**
 * Probes `/readyz` within `timeoutMs`: 200 is healthy; another answer, a
 * refused or reset connection, a timeout or a 5xx is unhealthy; a refusal
 * of this backend's credentials or trust is unknown.
 */
export async function probeReadiness(
  client: KubernetesClient,
  timeoutMs: number,
): Promise<ProbeOutcome> {
  const started = Date.now();
  const observed = () => ({
    source: 'probe' as const,
    checkedAt: new Date().toISOString(),
    latencyMs: Date.now() - started,
  });
  try {
    const ready = await client.readyz({ timeoutMs });
    return {
      kind: 'answered',
      evidence: ready
        ? { ...observed(), status: 'healthy' }
        : {
            ...observed(),
            status: 'unhealthy',
            reason: '/readyz did not return 200',
          },
    };
  } catch (error) {
    const ours = refusedUs(error);
    if (ours) {
      return {
        kind: 'refused-us',
        evidence: { ...observed(), status: 'unknown', reason: ours },
      };
    }
    return {
      kind: 'failed',
      evidence: {
        ...observed(),
        status: 'unhealthy',
        reason: errorMessage(error),
      },
    };
  }
}
