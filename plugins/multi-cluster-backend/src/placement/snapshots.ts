import type { ClusterSnapshot } from '@flotilla/plugin-multi-cluster-common';
import { FleetCluster } from '@flotilla/plugin-multi-cluster-node';

/** Karmada's taint key for clusters that are not ready. */
export const NOT_READY_TAINT = 'cluster.karmada.io/not-ready';

/**
 * Converts an inventory cluster into the scheduler's snapshot. Unhealthy
 * clusters get Karmada's `not-ready` NoSchedule taint, like Karmada's cluster
 * controller does.
 */
export function toClusterSnapshot(cluster: FleetCluster): ClusterSnapshot {
  const taints = [...(cluster.taints ?? [])];
  if (
    cluster.health.status === 'unhealthy' &&
    !taints.some(t => t.key === NOT_READY_TAINT)
  ) {
    taints.push({ key: NOT_READY_TAINT, effect: 'NoSchedule' });
  }
  const allocatable = cluster.capacity.allocatable ?? cluster.capacity.declared;
  return {
    name: cluster.name,
    labels: cluster.labels,
    provider: cluster.provider,
    region: cluster.region,
    zones: cluster.zones,
    taints: taints.length ? taints : undefined,
    availableReplicas: cluster.capacity.availableReplicas,
    resourceSummary: allocatable
      ? {
          allocatable,
          allocated: cluster.capacity.allocated,
          allocating: cluster.capacity.allocating,
        }
      : undefined,
    clusterSets: cluster.connectivity?.clusterSets,
  };
}
