import type { FleetCluster } from '../api/fleet';
import type { EntityPlacement } from '../api/placement';
import type { ReplicaAssignment } from './posture';

/**
 * Where a service's replicas are, as failover plans and the DR posture
 * start from it: the replicas observed on each cluster, and for a cluster
 * that could not be read the last known count (Karmada's ResourceBinding,
 * else the workloads of the fleet's last snapshot). A cluster with no
 * known count is left out.
 *
 * @public
 */
export function replicaAssignmentOf(
  placement: EntityPlacement,
  fleet: Pick<FleetCluster, 'name' | 'workloads'>[],
): ReplicaAssignment {
  const replicas = new Map<string, number>();
  for (const c of placement.actual.clusters) {
    replicas.set(c.cluster, c.replicas);
  }
  for (const err of placement.errors) {
    if (replicas.has(err.cluster)) continue;
    let known: number | undefined;
    for (const d of placement.desired.karmada) {
      const b = d.resourceBinding?.clusters.find(c => c.name === err.cluster);
      if (b?.replicas !== undefined) known = (known ?? 0) + b.replicas;
    }
    if (known === undefined) {
      const cluster = fleet.find(c => c.name === err.cluster);
      const workloads = (cluster?.workloads ?? []).filter(
        w => w.kubernetesId === placement.kubernetesId,
      );
      if (workloads.length) {
        known = workloads.reduce((sum, w) => sum + (w.replicas ?? 0), 0);
      }
    }
    if (known !== undefined) replicas.set(err.cluster, known);
  }
  return [...replicas.entries()].map(([name, n]) => ({
    name,
    replicas: n,
  }));
}
