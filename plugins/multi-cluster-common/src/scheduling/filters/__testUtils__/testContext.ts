import type { FilterContext } from '../types';

/** A permissive filter context for tests; override what a test needs. */
export function filterContext(
  overrides: Partial<FilterContext> = {},
): FilterContext {
  return {
    resource: { apiVersion: 'apps/v1', kind: 'Deployment' },
    affinityLabel: 'clusterAffinity',
    tolerations: [],
    previousNames: new Set(),
    evictingClusters: new Set(),
    requiresProvider: false,
    requiresRegion: false,
    requiresZone: false,
    ...overrides,
  };
}
