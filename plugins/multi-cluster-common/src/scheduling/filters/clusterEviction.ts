/**
 * ClusterEviction filter: clusters with a graceful eviction task for this
 * binding are not candidates until the task is gone.
 */
import type { ClusterFilter } from './types';

export const clusterEvictionFilter: ClusterFilter = (cluster, context) => {
  if (!context.evictingClusters.has(cluster.name)) return undefined;
  return {
    plugin: 'ClusterEviction',
    karmadaReason: 'cluster(s) is in the process of eviction',
    explanation: 'in the process of eviction',
  };
};
