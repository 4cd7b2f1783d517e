import {
  ClusterClientFactory,
  CredentialsUnavailableError,
  isUnauthorized,
  MergedCluster,
  ClusterAccess,
  errorMessage,
} from '@flotilla/plugin-multi-cluster-node';

/** Why this backend cannot use an access path (what it lacks). */
function unusableReason(access: ClusterAccess): string {
  switch (access.kind) {
    case 'direct':
      return `Unsupported auth provider (${access.credentialRef})`;
    case 'karmada-proxy':
      return `No configured Karmada control plane '${access.controlPlane}'`;
    default:
      return `No configured Cluster API management cluster '${access.managementCluster}'`;
  }
}

/**
 * Picks the access path this backend uses for each merged cluster and
 * checks the cluster's health through it (`/readyz`, with a timeout);
 * a Karmada member's health is Karmada's own Ready condition.
 */
export class ClusterHealthCheck {
  constructor(
    private readonly options: {
      clients: ClusterClientFactory;
      timeoutMs: number;
    },
  ) {}

  /**
   * Takes the best access path this backend can use (merge ranks them; a
   * direct URL without a usable credential never hides a working Karmada
   * or Cluster API path).
   */
  chooseAccess(m: MergedCluster): void {
    const usable = m.accessCandidates.find(a =>
      this.options.clients.canReach(a),
    );
    if (usable) {
      m.access = usable;
    }
  }

  /** Checks health; false when this backend could not get credentials for the cluster. */
  async check(m: MergedCluster): Promise<boolean> {
    const access = m.access;
    if (!access) {
      if (!m.sourceHealth) {
        m.cluster.health = {
          status: 'unknown',
          via: 'none',
          message: 'No server-side access configured for this cluster',
        };
      }
      return true;
    }
    if (!this.options.clients.canReach(access)) {
      if (!m.sourceHealth) {
        m.cluster.health = {
          status: 'unknown',
          via: 'none',
          message: `${unusableReason(access)} for server-side access`,
        };
      }
      return true;
    }
    // Karmada's own Ready condition is the member's health through the proxy.
    if (access.kind === 'karmada-proxy') {
      return true;
    }
    const client = this.options.clients.forCluster(m.cluster.name, access);
    if (!client) {
      return true;
    }
    const started = Date.now();
    try {
      const ready = await client.readyz({
        timeoutMs: this.options.timeoutMs,
      });
      m.cluster.health = {
        status: ready ? 'healthy' : 'unhealthy',
        via: 'readyz',
        checkedAt: new Date().toISOString(),
        latencyMs: Date.now() - started,
        message: ready ? undefined : '/readyz did not return 200',
      };
    } catch (error) {
      if (isUnauthorized(error)) {
        // The server answered: it is up, but this backend cannot tell whether
        // it is ready. A wrong token must not read as an outage (a failover
        // trigger), so health is unknown and the finding names the cause.
        const message = `The API server refused this backend's credentials (401): check the cluster's authProvider and its token or client certificate`;
        m.cluster.lastError = message;
        if (!m.sourceHealth) {
          m.cluster.health = {
            status: 'unknown',
            via: 'readyz',
            checkedAt: new Date().toISOString(),
            latencyMs: Date.now() - started,
            message,
          };
        }
        return false;
      }
      if (error instanceof CredentialsUnavailableError) {
        // This backend could not get in (e.g. no RBAC to read the kubeconfig
        // Secret): that says nothing about the cluster, whose source health
        // stands. The problem is shown and the cluster not inspected.
        m.cluster.lastError = errorMessage(error);
        if (!m.sourceHealth) {
          m.cluster.health = {
            status: 'unknown',
            via: 'none',
            message: errorMessage(error),
          };
        }
        return false;
      }
      m.cluster.health = {
        status: 'unhealthy',
        via: 'readyz',
        checkedAt: new Date().toISOString(),
        latencyMs: Date.now() - started,
        message: errorMessage(error),
      };
      m.cluster.stale = true;
      m.cluster.lastError = errorMessage(error);
    }
    return true;
  }
}
