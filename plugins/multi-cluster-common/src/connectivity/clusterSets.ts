import type { FleetCluster } from '../api/fleet';
import type { ClusterSetSummary } from '../api/connectivity';
import type { FabricKind } from './types';

/** True when one of the cluster's fabrics of `clusterSet` translates addresses. */
export function hasGlobalnetIn(
  cluster: FleetCluster,
  clusterSet: string,
): boolean {
  return (cluster.connectivity?.fabrics ?? []).some(
    fabric => fabric.clusterSet === clusterSet && fabric.globalnet === true,
  );
}

/**
 * Groups the fleet into cluster sets. A set's `globalnet` is true only when
 * every member translates, since one member without Globalnet routes the
 * real, possibly colliding, addresses. Sets, their clusters and fabrics are
 * sorted; `isolated` lists clusters in no set.
 *
 * @public
 */
export function summarizeClusterSets(clusters: FleetCluster[]): {
  clusterSets: ClusterSetSummary[];
  isolated: string[];
} {
  const members = new Map<string, FleetCluster[]>();
  const isolated: string[] = [];
  for (const cluster of clusters) {
    const sets = cluster.connectivity?.clusterSets ?? [];
    if (sets.length === 0) isolated.push(cluster.name);
    for (const set of new Set(sets)) {
      const list = members.get(set);
      if (list) list.push(cluster);
      else members.set(set, [cluster]);
    }
  }

  const clusterSets = [...members.keys()].sort().map(name => {
    const setMembers = members.get(name)!;
    const fabrics = new Set<FabricKind>();
    for (const cluster of setMembers) {
      for (const fabric of cluster.connectivity?.fabrics ?? []) {
        if (fabric.clusterSet === name) fabrics.add(fabric.kind);
      }
    }
    return {
      name,
      fabrics: [...fabrics].sort(),
      clusters: [...new Set(setMembers.map(c => c.name))].sort(),
      globalnet: setMembers.every(cluster => hasGlobalnetIn(cluster, name)),
    };
  });
  return { clusterSets, isolated: [...new Set(isolated)].sort() };
}

/**
 * Cluster name to its cluster sets, for reachability checks.
 *
 * @public
 */
export function clusterSetIndex(
  clusters: FleetCluster[],
): Map<string, Set<string>> {
  const index = new Map<string, Set<string>>();
  for (const cluster of clusters) {
    const sets = index.get(cluster.name) ?? new Set<string>();
    for (const set of cluster.connectivity?.clusterSets ?? []) sets.add(set);
    index.set(cluster.name, sets);
  }
  return index;
}
