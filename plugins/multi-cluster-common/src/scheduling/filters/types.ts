/**
 * Shared shapes of the filter plugins (Karmada `framework.FilterPlugin`).
 */
import type { ClusterPredicate } from '../matching/clusterAffinity';
import type { Toleration } from '../placement';
import type { ClusterSnapshot } from '../types';
import type { CompiledReachability } from './clusterSetReachability';

export type FilterPluginName =
  | 'TaintToleration'
  | 'ClusterAffinity'
  | 'SpreadConstraint'
  | 'ClusterEviction'
  /** Flotilla's own filter; not a Karmada plugin. */
  | 'ClusterSetReachability';

export interface FilterFailure {
  plugin: FilterPluginName;
  /**
   * The plugin's Karmada reason, as counted in the FitError histogram
   * (Flotilla's own filters use a reason worded the same way).
   */
  karmadaReason: string;
  /** Short human explanation for the placement preview. */
  explanation: string;
}

/** Everything the filters need, prepared once per scheduling attempt. */
export interface FilterContext {
  /** Affinity of the attempt (single clusterAffinity, or a term plus its overflow tiers). */
  affinity?: ClusterPredicate;
  /** Human label of the affinity, e.g. `clusterAffinity` or `clusterAffinities term "primary"`. */
  affinityLabel: string;
  tolerations: readonly Toleration[];
  /** Names in the previous result (spec.clusters). */
  previousNames: ReadonlySet<string>;
  evictingClusters: ReadonlySet<string>;
  requiresProvider: boolean;
  requiresRegion: boolean;
  requiresZone: boolean;
  /** Dependencies every cluster must reach; absent when nothing constrains. */
  reachability?: CompiledReachability;
}

export type ClusterFilter = (
  cluster: ClusterSnapshot,
  context: FilterContext,
) => FilterFailure | undefined;
