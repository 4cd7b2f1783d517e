/**
 * The cluster affinity one scheduling attempt runs with (the placement's
 * clusterAffinity, or one clusterAffinities term), compiled for the filters.
 */
import {
  ClusterPredicate,
  compileClusterAffinity,
} from './matching/clusterAffinity';
import type { ClusterAffinity, ClusterAffinityTerm } from './placement';
import type { KarmadaRules } from './versionRules';

/** The affinity one attempt schedules with. */
export interface AffinityScope {
  affinity?: ClusterAffinity;
  term?: ClusterAffinityTerm;
}

/** Compiled affinity of one attempt: the filter predicate and overflow tiers. */
export interface CompiledScope {
  affinity?: ClusterPredicate;
  affinityLabel: string;
  /** Tier predicates (primary first) when assigning by overflow tiers. */
  tiers?: ClusterPredicate[];
}

/** The attempt's affinity as a filter predicate, with its overflow tiers. */
export function compileScope(
  scope: AffinityScope,
  workload: boolean,
  rules: KarmadaRules,
): CompiledScope {
  // A set clusterAffinity wins over the term (Karmada's ClusterAffinity
  // filter checks it first); overflow tiers only apply to workloads scheduled
  // with a clusterAffinities term.
  const overflow = scope.affinity ? undefined : scope.term?.overflowAffinities;
  const primaryAffinity = scope.affinity ?? scope.term;
  const affinityLabel =
    scope.term && !scope.affinity
      ? `clusterAffinities term "${scope.term.affinityName}"`
      : 'clusterAffinity';
  if (!primaryAffinity) return { affinityLabel };
  const primary = compileClusterAffinity(primaryAffinity, rules);
  if (!workload || !overflow || overflow.length === 0) {
    return { affinity: primary, affinityLabel };
  }
  const tiers = [
    primary,
    ...overflow.map(term => compileClusterAffinity(term, rules)),
  ];
  return {
    affinity: cluster => tiers.some(tier => tier(cluster)),
    affinityLabel,
    tiers,
  };
}
