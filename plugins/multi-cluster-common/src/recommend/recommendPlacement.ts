import type { ClusterProfile } from '../fleet/cluster';
import { parseResourceRequests } from '../quantity/resourceList';
import { validateReachability } from '../scheduling/filters/clusterSetReachability';
import { assembleCandidate } from './candidates/assembleCandidate';
import {
  cpuCoresPerReplica,
  recommendCandidate,
} from './candidates/recommendation';
import { scheduleCandidate } from './candidates/schedulePlacement';
import { scoreCluster } from './candidates/scoredCluster';
import {
  evaluatedExclusions,
  evaluatedScorers,
  partitionFleet,
} from './extensions';
import { ORDERINGS } from './orderings/orderings';
import { builtInScorers } from './scorers';
import type {
  PlacementAdvice,
  PlacementRecommendation,
  RecommendPlacementOptions,
  ScoringContext,
  WorkloadRequirements,
} from './types';

/** Throws on requirements no placement could be advised for. */
function validateRequirements(
  requirements: WorkloadRequirements,
  fleet: ClusterProfile[],
): void {
  if (!Number.isInteger(requirements.replicas) || requirements.replicas < 1) {
    throw new Error(
      `replicas must be a positive whole number, got ${requirements.replicas}`,
    );
  }
  if (requirements.resourceRequest !== undefined) {
    // Throws QuantityError naming the field, e.g. `resourceRequest.cpu`.
    parseResourceRequests(requirements.resourceRequest);
  }
  if (requirements.reachability !== undefined) {
    validateReachability(requirements.reachability, fleet);
  }
}

/** Best score first; then fewer clusters, lower cost, and the names. */
function compareRecommendations(
  a: Omit<PlacementRecommendation, 'rank'>,
  b: Omit<PlacementRecommendation, 'rank'>,
): number {
  return (
    b.score.total - a.score.total ||
    a.clusters.length - b.clusters.length ||
    (a.costPerHour ?? Infinity) - (b.costPerHour ?? Infinity) ||
    a.clusters.join(',').localeCompare(b.clusters.join(','))
  );
}

/**
 * Placement advice: ranked placements for a workload on a fleet, each with a
 * Karmada placement that `schedule` turns into exactly the split shown, a
 * score broken down by objective, and why each excluded cluster was excluded.
 * This is what `--region=auto` means in Flotilla.
 *
 * Throws `QuantityError` (naming e.g. `resourceRequest.cpu`) when a request
 * is not a resource name and a non-negative quantity. Quantities the fleet
 * reports are never trusted to parse: a bad one makes that resource count
 * as unavailable on that cluster.
 *
 * @public
 */
export function recommendPlacement(
  requirements: WorkloadRequirements,
  fleet: ClusterProfile[],
  options: RecommendPlacementOptions = {},
): PlacementAdvice {
  validateRequirements(requirements, fleet);
  const scorers = [
    ...(options.scorers ?? builtInScorers),
    ...(options.additionalScorers ?? []),
    ...evaluatedScorers(options.evaluated),
  ];
  const { eligible, excluded } = partitionFleet(
    fleet,
    requirements,
    options.additionalFilters ?? [],
    evaluatedExclusions(options.evaluated),
  );
  const context: ScoringContext = { requirements, eligible };
  const scored = eligible.map(c => scoreCluster(c, scorers, context));
  const weightOf = new Map(scorers.map(s => [s.id, s.weight]));
  const cpuCores = cpuCoresPerReplica(requirements);

  const recommendations: Omit<PlacementRecommendation, 'rank'>[] = [];
  const rejected: PlacementAdvice['rejected'] = [];
  // Assembly failures and candidate sets already tried, each reported once.
  const seen = new Set<string>();
  for (const ordering of ORDERINGS) {
    const ordered = [...scored].sort((a, b) => ordering.compare(a, b, context));
    const assembled = assembleCandidate(ordered, requirements);
    if ('reason' in assembled) {
      if (!seen.has(assembled.reason)) {
        seen.add(assembled.reason);
        rejected.push({ clusters: [], reason: assembled.reason });
      }
      continue;
    }
    const names = assembled.chosen.map(c => c.cluster.name).sort();
    const key = names.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    const scheduled = scheduleCandidate(names, requirements, fleet);
    if ('failure' in scheduled) {
      rejected.push({ clusters: names, reason: scheduled.failure });
      continue;
    }
    const outcome = recommendCandidate({
      strategy: ordering.strategy,
      chosen: assembled.chosen,
      scheduled,
      weightOf,
      requirements,
      cpuCores,
    });
    if ('reason' in outcome) {
      rejected.push({ clusters: names, reason: outcome.reason });
    } else {
      recommendations.push(outcome.recommendation);
    }
  }

  recommendations.sort(compareRecommendations);
  return {
    recommendations: recommendations
      .slice(0, options.limit ?? 3)
      .map((r, index) => ({ rank: index + 1, ...r })),
    excluded,
    rejected,
  };
}
