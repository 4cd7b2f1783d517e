/**
 * Shared shapes of the filter plugins (Karmada `framework.FilterPlugin`).
 */
import type { ClusterPredicate } from '../matching/clusterAffinity';
import type { Toleration } from '../placement';
import type { ClusterSnapshot, WorkloadResource } from '../types';

/** @public */
export type FilterPluginName =
  | 'APIEnablement'
  | 'TaintToleration'
  | 'ClusterAffinity'
  | 'SpreadConstraint'
  | 'ClusterEviction'
  /** Flotilla's own filter; not a Karmada plugin. */
  | 'ClusterSetReachability';

/** @public */
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

/**
 * One dependency, prepared once per scheduling attempt.
 *
 * @public
 */
export interface CompiledDependency {
  ref: string;
  /** The dependency's clusters, sorted (for explanations). */
  clusterNames: readonly string[];
  clusterNameSet: ReadonlySet<string>;
  /** Union of the cluster sets of the dependency's clusters. */
  clusterSets: ReadonlySet<string>;
}

/**
 * The dependencies that constrain placement (those that run somewhere).
 *
 * @public
 */
export interface CompiledReachability {
  dependencies: readonly CompiledDependency[];
  /**
   * Failures by the indices of the unreachable dependencies: every cluster
   * missing the same dependencies gets the same (shared, read-only) failure,
   * so a large fleet formats each explanation once.
   */
  failures: Map<string, FilterFailure>;
}

/**
 * Everything the filters need, prepared once per scheduling attempt.
 *
 * @public
 */
export interface FilterContext {
  /** The propagated resource (APIEnablement). */
  resource: WorkloadResource;
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

/** @public */
export type ClusterFilter = (
  cluster: ClusterSnapshot,
  context: FilterContext,
) => FilterFailure | undefined;
