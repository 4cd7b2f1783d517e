import {
  ClusterListFilter,
  FleetCluster,
} from '@flotilla/plugin-multi-cluster-node';

/** Applies a list filter (of GET /clusters) to one cluster. */
export function matchesFilter(
  c: FleetCluster,
  filter: ClusterListFilter | undefined,
): boolean {
  if (!filter) {
    return true;
  }
  const inList = (value: string | undefined, list?: string[]) =>
    !list ||
    list.length === 0 ||
    (value !== undefined &&
      list.some(v => v.toLowerCase() === value.toLowerCase()));
  if (filter.labels) {
    for (const [k, v] of Object.entries(filter.labels)) {
      if (c.labels[k] !== v) {
        return false;
      }
    }
  }
  return (
    inList(c.region, filter.region) &&
    inList(c.provider, filter.provider) &&
    inList(c.environment, filter.environment) &&
    inList(c.health.status, filter.health) &&
    (!filter.source ||
      filter.source.length === 0 ||
      c.sources.some(s => filter.source!.includes(s.type))) &&
    (filter.conflicted === undefined ||
      Boolean(c.conflicts?.length) === filter.conflicted) &&
    (filter.stale === undefined || c.stale === filter.stale)
  );
}
