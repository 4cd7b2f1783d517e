import {
  ClusterAccess,
  ClusterClientFactory,
  clusterHealthVerdict,
  MergedCluster,
} from '@flotilla/plugin-multi-cluster-node';
import { probeReadiness, ProbeOutcome } from './readinessProbe';

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
 * Picks the access path this backend uses for each merged cluster, probes
 * the cluster's `/readyz` through it (with a timeout) and gives the cluster
 * one health verdict over the probe's and every source's evidence
 * (`clusterHealthVerdict`). A Karmada member reached through the proxy is
 * not probed: Karmada's cluster status controller probes it, and its Ready
 * condition is that evidence.
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

  /**
   * Probes and decides health; false when this backend could not get in
   * (its credentials or trust were refused), so the cluster is not inspected.
   */
  async check(m: MergedCluster): Promise<boolean> {
    const probe = await this.probe(m);
    m.cluster.health = clusterHealthVerdict(
      probe ? [probe.evidence, ...m.sourceEvidence] : m.sourceEvidence,
      new Date().toISOString(),
    );
    if (probe?.kind === 'refused-us') {
      m.cluster.lastError = probe.evidence.reason;
      return false;
    }
    if (probe?.kind === 'failed') {
      m.cluster.stale = true;
      m.cluster.lastError = probe.evidence.reason;
    }
    return true;
  }

  /** The probe's outcome; none for a member Karmada probes. */
  private async probe(m: MergedCluster): Promise<ProbeOutcome | undefined> {
    const access = m.access;
    const notProbed = (reason: string): ProbeOutcome => ({
      kind: 'not-probed',
      evidence: {
        source: 'probe',
        status: 'unknown',
        reason,
        checkedAt: new Date().toISOString(),
      },
    });
    if (!access) {
      return notProbed('No server-side access configured for this cluster');
    }
    if (!this.options.clients.canReach(access)) {
      return notProbed(`${unusableReason(access)} for server-side access`);
    }
    if (access.kind === 'karmada-proxy') return undefined;
    const client = this.options.clients.forCluster(m.cluster.name, access);
    if (!client) return undefined;
    return probeReadiness(client, this.options.timeoutMs);
  }
}
