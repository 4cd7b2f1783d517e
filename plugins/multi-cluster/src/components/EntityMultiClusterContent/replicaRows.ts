import type {
  EntityPlacement,
  FleetCluster,
} from '@flotilla/plugin-multi-cluster-common';

export interface ReplicaRow {
  cluster: string;
  region: string;
  desired?: number;
  actual: number;
  ready: number;
  fleetCluster?: FleetCluster;
}

/**
 * One row a cluster that Karmada places the service on or that runs it,
 * sorted by region then cluster.
 */
export function replicaRowsOf(
  placement: EntityPlacement | undefined,
  clusters: FleetCluster[],
): ReplicaRow[] {
  const fleet = new Map(clusters.map(c => [c.name, c]));
  const byCluster = new Map<string, ReplicaRow>();
  const row = (cluster: string) => {
    let existing = byCluster.get(cluster);
    if (!existing) {
      existing = {
        cluster,
        region: fleet.get(cluster)?.region ?? 'unknown',
        actual: 0,
        ready: 0,
        fleetCluster: fleet.get(cluster),
      };
      byCluster.set(cluster, existing);
    }
    return existing;
  };
  for (const desired of placement?.desired.karmada ?? []) {
    for (const target of desired.resourceBinding?.clusters ?? []) {
      const r = row(target.name);
      r.desired = (r.desired ?? 0) + (target.replicas ?? 0);
    }
  }
  for (const cluster of placement?.actual.clusters ?? []) {
    const r = row(cluster.cluster);
    r.actual += cluster.replicas;
    r.ready += cluster.readyReplicas;
  }
  return [...byCluster.values()].sort(
    (a, b) =>
      a.region.localeCompare(b.region) || a.cluster.localeCompare(b.cluster),
  );
}
