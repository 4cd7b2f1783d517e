import type { ClusterProfile } from '../../fleet/cluster';
import type {
  EvaluatedObjectives,
  PlacementFilter,
  PlacementScorer,
  ScoringContext,
  WorkloadRequirements,
} from '../types';
import { boundedReason, filterReasons, partitionFleet } from './eligibility';

type ClusterScore = EvaluatedObjectives['scores'][number]['byCluster'][string];

/**
 * One scorer's answer for one cluster. A scorer that throws or answers
 * something other than a finite number leaves the objective unknown for
 * that cluster (as `undefined` does), with the reason saying so.
 */
function scoreOf(
  scorer: PlacementScorer,
  cluster: ClusterProfile,
  context: ScoringContext,
): ClusterScore {
  let score: unknown;
  try {
    score = scorer.score(cluster, context);
  } catch {
    return { reason: `${scorer.id} could not score this cluster` };
  }
  if (score === undefined) return explained(scorer, cluster, context, {});
  if (typeof score !== 'number' || !Number.isFinite(score)) {
    return { reason: `${scorer.id} gave no usable score for this cluster` };
  }
  return explained(scorer, cluster, context, { score });
}

function explained(
  scorer: PlacementScorer,
  cluster: ClusterProfile,
  context: ScoringContext,
  result: ClusterScore,
): ClusterScore {
  if (!scorer.explain) return result;
  try {
    const reason = scorer.explain(cluster, context);
    return typeof reason === 'string'
      ? { ...result, reason: boundedReason(reason) }
      : result;
  } catch {
    return result;
  }
}

/**
 * Runs filters and scorers where they live (a backend module's functions
 * cannot cross into the worker thread that computes advice) and returns
 * what they said as plain data. `recommendPlacement` with the option
 * `evaluated` answers exactly as with `additionalFilters` and
 * `additionalScorers`: eligibility is decided the same way, and scorers
 * see the same eligible clusters.
 *
 * @public
 */
export function evaluateObjectives(
  requirements: WorkloadRequirements,
  fleet: ClusterProfile[],
  objectives: {
    filters?: readonly PlacementFilter[];
    scorers?: readonly PlacementScorer[];
  },
): EvaluatedObjectives {
  const filters = objectives.filters ?? [];
  const { eligible } = partitionFleet(fleet, requirements, filters);
  const exclusions: EvaluatedObjectives['exclusions'] = [];
  for (const cluster of fleet) {
    const reasons = filters.flatMap(f =>
      filterReasons(f, cluster, requirements),
    );
    if (reasons.length > 0) exclusions.push({ cluster: cluster.name, reasons });
  }
  const context: ScoringContext = { requirements, eligible };
  const scores = (objectives.scorers ?? []).map(scorer => ({
    id: scorer.id,
    weight: scorer.weight,
    byCluster: Object.fromEntries(
      eligible.map(c => [c.name, scoreOf(scorer, c, context)]),
    ),
  }));
  return { exclusions, scores };
}
