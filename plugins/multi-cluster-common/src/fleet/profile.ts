import type { FleetCluster } from '../api/fleet';
import type { ClusterProfile } from './cluster';

/**
 * The scheduling and advice view of an inventory cluster. Capacity comes from
 * the observed allocatable resources, or the declared capacity when the
 * cluster reports none; the estimate per workload is left to the estimator
 * (a cluster-wide replica count would ignore the workload's requests).
 *
 * @public
 */
export function toClusterProfile(cluster: FleetCluster): ClusterProfile {
  const { capacity } = cluster;
  const allocatable = capacity.allocatable ?? capacity.declared;
  return {
    name: cluster.name,
    labels: cluster.labels,
    provider: cluster.provider,
    region: cluster.region,
    zones: cluster.zones,
    taints: cluster.taints,
    resourceSummary: allocatable
      ? {
          allocatable,
          allocated: capacity.allocated,
          allocating: capacity.allocating,
        }
      : undefined,
    environment: cluster.environment,
    tenant: cluster.tenant,
    workloadClass: cluster.workloadClass,
    health: cluster.health.status,
    costPerCpuHour: cluster.costPerCpuHour,
    jurisdiction: cluster.jurisdiction,
  };
}
