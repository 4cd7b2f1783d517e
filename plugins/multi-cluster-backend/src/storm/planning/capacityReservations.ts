import {
  ClusterProfile,
  formatQuantity,
  parseQuantity,
  Quantity,
  tryParseQuantity,
} from '@flotilla/plugin-multi-cluster-common';

/** Replicas of a service a running child is putting on a cluster. */
export interface CapacityReservation {
  cluster: string;
  replicas: number;
  /** One replica's requests (e.g. `{ cpu: '500m', memory: '1Gi' }`). */
  resourceRequest?: Record<string, string>;
}

function times(quantity: Quantity, n: number): Quantity {
  return { nanos: quantity.nanos * BigInt(n) };
}

/** `allocated[name] + amount`, exactly; an unreadable entry is left alone. */
function plus(
  allocated: Record<string, string>,
  name: string,
  amount: Quantity,
) {
  const current = tryParseQuantity(allocated[name] ?? '0');
  if (!current.ok) return;
  allocated[name] = formatQuantity(
    { nanos: current.quantity.nanos + amount.nanos },
    {
      binary: name === 'memory',
    },
  );
}

/**
 * The fleet with the capacity of running children counted as allocated:
 * a child admitted a moment ago has not shown up in what the clusters
 * report, and a plan that did not count it would give its room away twice.
 * Counting it until its run ends is conservative: a cluster that already
 * reports some of it is counted twice for that while (it may admit less,
 * never more).
 */
export function withReservations(
  fleet: ClusterProfile[],
  reservations: CapacityReservation[],
): ClusterProfile[] {
  const byCluster = new Map<string, CapacityReservation[]>();
  for (const r of reservations) {
    byCluster.set(r.cluster, [...(byCluster.get(r.cluster) ?? []), r]);
  }
  return fleet.map(cluster => {
    const reserved = byCluster.get(cluster.name);
    const summary = cluster.resourceSummary;
    if (!reserved || !summary) return cluster;
    const allocated = { ...summary.allocated };
    for (const r of reserved) {
      // Each replica is a pod.
      plus(allocated, 'pods', parseQuantity(r.replicas));
      for (const [name, request] of Object.entries(r.resourceRequest ?? {})) {
        const one = tryParseQuantity(request);
        if (one.ok) plus(allocated, name, times(one.quantity, r.replicas));
      }
    }
    return { ...cluster, resourceSummary: { ...summary, allocated } };
  });
}
