import type { ClusterProfile } from '../../fleet/cluster';
import { ineligibilityReasons } from '../eligibility';
import type {
  ExcludedCluster,
  PlacementFilter,
  WorkloadRequirements,
} from '../types';

/** A reason a filter gives, bounded so a module cannot grow a response. */
const MAX_REASON_LENGTH = 300;

export function boundedReason(text: string): string {
  return text.length > MAX_REASON_LENGTH
    ? `${text.slice(0, MAX_REASON_LENGTH - 1)}…`
    : text;
}

/**
 * What one filter says about one cluster. A filter that throws or answers
 * something other than a list of sentences excludes the cluster: a hard
 * requirement that could not be checked is not met.
 */
export function filterReasons(
  filter: PlacementFilter,
  cluster: ClusterProfile,
  requirements: WorkloadRequirements,
): string[] {
  let answer: unknown;
  try {
    answer = filter.filter(cluster, requirements);
  } catch {
    return [`filter ${filter.id} could not check this cluster`];
  }
  if (answer === undefined) return [];
  if (!Array.isArray(answer) || answer.some(r => typeof r !== 'string')) {
    return [`filter ${filter.id} could not check this cluster`];
  }
  return (answer as string[]).map(boundedReason);
}

/**
 * The fleet split into eligible and excluded clusters: the built-in hard
 * requirements first, then each filter's reasons in the filters' order.
 * `recommendPlacement` and `evaluateObjectives` both decide eligibility
 * here, so evaluating objectives elsewhere changes nothing.
 */
export function partitionFleet(
  fleet: ClusterProfile[],
  requirements: WorkloadRequirements,
  filters: readonly PlacementFilter[],
  /** Reasons already evaluated elsewhere, by cluster name. */
  evaluatedReasons: ReadonlyMap<string, string[]> = new Map(),
): { eligible: ClusterProfile[]; excluded: ExcludedCluster[] } {
  const eligible: ClusterProfile[] = [];
  const excluded: ExcludedCluster[] = [];
  for (const cluster of fleet) {
    const reasons = [
      ...ineligibilityReasons(cluster, requirements),
      ...filters.flatMap(f => filterReasons(f, cluster, requirements)),
      ...(evaluatedReasons.get(cluster.name) ?? []),
    ];
    if (reasons.length > 0) excluded.push({ cluster: cluster.name, reasons });
    else eligible.push(cluster);
  }
  return { eligible, excluded };
}
