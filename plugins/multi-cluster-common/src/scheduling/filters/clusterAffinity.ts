/**
 * ClusterAffinity filter: the cluster must match the attempt's affinity
 * (Karmada `util.ClusterMatches`); no affinity means every cluster passes.
 */
import type { ClusterFilter, FilterFailure } from './types';

const KARMADA_REASON =
  'cluster(s) did not match the placement cluster affinity constraint';

export const clusterAffinityFilter: ClusterFilter = (cluster, context) => {
  if (!context.affinity || context.affinity(cluster)) return undefined;
  const failure: FilterFailure = {
    plugin: 'ClusterAffinity',
    karmadaReason: KARMADA_REASON,
    explanation: `does not match ${context.affinityLabel}`,
  };
  return failure;
};
