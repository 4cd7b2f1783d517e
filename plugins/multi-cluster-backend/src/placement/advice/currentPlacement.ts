import type { EntityPlacement } from '@flotilla/plugin-multi-cluster-common';

/**
 * Where the service runs now: the clusters of its Karmada ResourceBindings
 * (summed over control planes), with the replicas each binding assigns;
 * a binding that names no count (Duplicated) takes the replicas the
 * cluster runs. Without a binding, the clusters running its workloads.
 * Only clusters in `readable` are named.
 */
export function currentSplit(
  placement: EntityPlacement,
  readable: ReadonlySet<string>,
): { name: string; replicas: number }[] {
  const running = new Map(
    placement.actual.clusters.map(c => [c.cluster, c.replicas]),
  );
  const bound = new Map<string, number>();
  for (const desired of placement.desired.karmada) {
    for (const c of desired.resourceBinding?.clusters ?? []) {
      const replicas = c.replicas ?? running.get(c.name) ?? 0;
      bound.set(c.name, (bound.get(c.name) ?? 0) + replicas);
    }
  }
  const split =
    bound.size > 0
      ? [...bound]
      : [...running].filter(([, replicas]) => replicas > 0);
  return split
    .filter(([name]) => readable.has(name))
    .map(([name, replicas]) => ({ name, replicas }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
