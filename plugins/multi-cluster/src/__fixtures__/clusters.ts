import type { FleetCluster } from '@flotilla/plugin-multi-cluster-common';

/** A cluster as GET /api/multi-cluster/clusters returns it. */
export function apiCluster(
  name: string,
  overrides: Partial<FleetCluster> = {},
): FleetCluster {
  return {
    name,
    source: 'karmada',
    sources: [{ type: 'karmada', id: 'karmada:global' }],
    labels: {},
    capacity: {
      allocatable: { cpu: '32', memory: '128Gi', pods: '110' },
      allocated: { cpu: '8', memory: '32Gi', pods: '20' },
    },
    health: { status: 'healthy', via: 'karmada' },
    stale: false,
    refreshedAt: '2026-12-02T15:00:00.000Z',
    ...overrides,
  };
}
