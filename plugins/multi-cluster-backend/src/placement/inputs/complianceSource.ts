import {
  CLUSTER_ANNOTATIONS,
  type ClusterProfile,
  type FleetCluster,
} from '@flotilla/plugin-multi-cluster-common';

/** At most this many attestations are read from one cluster. */
const MAX_ATTESTATIONS = 50;

/** `pci-dss, soc2` -> `['pci-dss', 'soc2']`, bounded. */
export function parseCompliance(
  value: string | undefined,
): string[] | undefined {
  const list = (value ?? '')
    .split(',')
    .map(item => item.trim())
    .filter(item => item.length > 0 && item.length <= 63);
  return list.length
    ? [...new Set(list)].slice(0, MAX_ATTESTATIONS)
    : undefined;
}

/**
 * Jurisdiction and compliance from the cluster's `flotilla.io/jurisdiction`
 * and `flotilla.io/compliance` labels or annotations (on the Karmada
 * Cluster, the catalog Resource or the config entry; the inventory merges
 * them into the cluster's labels).
 */
export function applyCompliance(
  profile: ClusterProfile,
  cluster: FleetCluster,
): void {
  const inputs = (profile.inputs ??= {});
  const jurisdiction =
    cluster.jurisdiction ?? cluster.labels[CLUSTER_ANNOTATIONS.jurisdiction];
  profile.jurisdiction = jurisdiction;
  inputs.jurisdiction = jurisdiction
    ? {
        source: 'annotation',
        known: true,
        detail: `${CLUSTER_ANNOTATIONS.jurisdiction}: ${jurisdiction}`,
      }
    : {
        source: 'unknown',
        known: false,
        detail: `no ${CLUSTER_ANNOTATIONS.jurisdiction} label or annotation`,
      };
  const compliance = parseCompliance(
    cluster.labels[CLUSTER_ANNOTATIONS.compliance],
  );
  profile.compliance = compliance;
  inputs.compliance = compliance
    ? {
        source: 'annotation',
        known: true,
        detail: `${CLUSTER_ANNOTATIONS.compliance}: ${compliance.join(', ')}`,
      }
    : {
        source: 'unknown',
        known: false,
        detail: `no ${CLUSTER_ANNOTATIONS.compliance} label or annotation`,
      };
}
