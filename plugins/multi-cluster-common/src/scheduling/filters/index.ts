/**
 * The filter chain (Karmada runs all filter plugins; the first failure is the
 * cluster's FitError reason) and the FitError message.
 */
import { apiEnablementFilter } from './apiEnablement';
import { clusterAffinityFilter } from './clusterAffinity';
import { clusterEvictionFilter } from './clusterEviction';
import { clusterSetReachabilityFilter } from './clusterSetReachability';
import { spreadConstraintFilter } from './spreadConstraint';
import { taintTolerationFilter } from './taintToleration';
import type { ClusterFilter, FilterContext, FilterFailure } from './types';
import type { ClusterSnapshot } from '../types';

export type {
  ClusterFilter,
  CompiledDependency,
  CompiledReachability,
  FilterContext,
  FilterFailure,
  FilterPluginName,
} from './types';
export {
  clusterSetReachabilityFilter,
  compileReachability,
  reachabilityProblem,
  REACHABILITY_REASON,
  sharesClusterSet,
  validateReachability,
} from './clusterSetReachability';

/**
 * Plugin order. Karmada builds its plugin list from a Go map, so the order
 * (and therefore which reason a cluster failing several filters reports) is
 * not fixed there; we use the registry's declaration order. Flotilla's own
 * filters come after Karmada's, so a cluster Karmada would reject reports
 * Karmada's reason.
 */
export const FILTER_PLUGINS: readonly ClusterFilter[] = [
  apiEnablementFilter,
  taintTolerationFilter,
  clusterAffinityFilter,
  spreadConstraintFilter,
  clusterEvictionFilter,
  clusterSetReachabilityFilter,
];

/** First failing filter, or undefined when the cluster fits. */
export function firstFilterFailure(
  cluster: ClusterSnapshot,
  context: FilterContext,
): FilterFailure | undefined {
  // Direct calls in FILTER_PLUGINS order: this runs once per cluster.
  return (
    apiEnablementFilter(cluster, context) ??
    taintTolerationFilter(cluster, context) ??
    clusterAffinityFilter(cluster, context) ??
    spreadConstraintFilter(cluster, context) ??
    clusterEvictionFilter(cluster, context) ??
    clusterSetReachabilityFilter(cluster, context)
  );
}

/** Every failing filter (for explanations). */
export function allFilterFailures(
  cluster: ClusterSnapshot,
  context: FilterContext,
): FilterFailure[] {
  const failures: FilterFailure[] = [];
  for (const filter of FILTER_PLUGINS) {
    const failure = filter(cluster, context);
    if (failure) failures.push(failure);
  }
  return failures;
}

/**
 * Karmada's `FitError.Error()`: `0/N clusters are available: <count> <reason>, ...`
 * with the histogram entries sorted as strings.
 */
export function fitErrorMessage(
  totalClusters: number,
  reasons: readonly string[],
): string {
  if (totalClusters === 0 || reasons.length === 0) {
    return `0/${totalClusters} clusters are available: no cluster exists.`;
  }
  const histogram = new Map<string, number>();
  for (const reason of reasons) {
    histogram.set(reason, (histogram.get(reason) ?? 0) + 1);
  }
  const entries = Array.from(
    histogram,
    ([reason, count]) => `${count} ${reason}`,
  );
  // Plain string order, like Go's sort.Strings.
  entries.sort();
  return `0/${totalClusters} clusters are available: ${entries.join(', ')}.`;
}
