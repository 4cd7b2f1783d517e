import { useMemo, useState } from 'react';
import useAsync from 'react-use/esm/useAsync';
import { useApi } from '@backstage/core-plugin-api';
import type { FleetCluster } from '@flotilla/plugin-multi-cluster-common';
import { multiClusterApiRef } from '../../api';
import { AXES, type AxisFilters } from './fleetAxes';

/** Clusters and healthy ones per region, sorted by region. */
function regionSummaryOf(clusters: FleetCluster[]) {
  const summary = new Map<string, { total: number; healthy: number }>();
  for (const c of clusters) {
    const key = c.region ?? 'unknown';
    const entry = summary.get(key) ?? { total: 0, healthy: 0 };
    entry.total += 1;
    if (c.health.status === 'healthy' && !c.stale) entry.healthy += 1;
    summary.set(key, entry);
  }
  return [...summary.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** The whole fleet, the filters chosen, and what they leave visible. */
export function useFleetClusters() {
  const api = useApi(multiClusterApiRef);
  const { value, loading, error } = useAsync(
    () => api.listAllClusters(),
    [api],
  );
  const [filters, setFilters] = useState<AxisFilters>({});

  const clusters = useMemo(() => value ?? [], [value]);
  const visible = useMemo(
    () =>
      clusters.filter(c =>
        AXES.every(
          axis => !filters[axis.id] || axis.value(c) === filters[axis.id],
        ),
      ),
    [clusters, filters],
  );
  // Virtual nodes link to their peer's catalog page when it has one.
  const clusterRefs = useMemo(
    () => Object.fromEntries(clusters.map(c => [c.name, c.catalogEntityRef])),
    [clusters],
  );
  const regions = useMemo(() => regionSummaryOf(visible), [visible]);
  return {
    loading,
    error,
    clusters,
    visible,
    clusterRefs,
    regions,
    filters,
    setFilters,
  };
}
