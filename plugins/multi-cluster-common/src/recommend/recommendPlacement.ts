import type { ClusterProfile } from '../fleet/cluster';
import type { KarmadaPlacement } from '../scheduling/placement';
import { parseResourceRequests } from '../quantity/resourceList';
import { parseQuantity, quantityMilliValue } from '../quantity';
import { validateReachability } from '../scheduling/filters/clusterSetReachability';
import { schedule } from '../scheduling/schedule';
import { capacityFor, ineligibilityReasons } from './eligibility';
import { meanUserLatency } from './scorers/latencyScorer';
import { builtInScorers } from './scorers';
import type {
  ExcludedCluster,
  PlacementAdvice,
  PlacementRecommendation,
  PlacementScorer,
  RecommendPlacementOptions,
  ScoringContext,
  WorkloadRequirements,
} from './types';

interface ScoredCluster {
  cluster: ClusterProfile;
  capacity: number;
  byObjective: Record<string, number>;
  total: number;
  reasons: string[];
}

interface CandidateOrdering {
  strategy: string;
  compare(a: ScoredCluster, b: ScoredCluster, context: ScoringContext): number;
}

const byTotal = (a: ScoredCluster, b: ScoredCluster) =>
  b.total - a.total || a.cluster.name.localeCompare(b.cluster.name);

/** Each ordering yields one candidate set, greedily, in that order. */
const ORDERINGS: CandidateOrdering[] = [
  { strategy: 'balanced', compare: byTotal },
  {
    strategy: 'cheapest',
    compare: (a, b) =>
      (a.cluster.costPerCpuHour ?? Infinity) -
        (b.cluster.costPerCpuHour ?? Infinity) || byTotal(a, b),
  },
  {
    strategy: 'lowest-latency',
    compare: (a, b, context) =>
      (meanUserLatency(a.cluster, context) ?? Infinity) -
        (meanUserLatency(b.cluster, context) ?? Infinity) || byTotal(a, b),
  },
  {
    strategy: 'most-headroom',
    compare: (a, b) => b.capacity - a.capacity || byTotal(a, b),
  },
];

function weightedMean(entries: { value: number; weight: number }[]) {
  const weight = entries.reduce((sum, e) => sum + e.weight, 0);
  return weight === 0
    ? 0
    : entries.reduce((sum, e) => sum + e.value * e.weight, 0) / weight;
}

function scoreCluster(
  cluster: ClusterProfile,
  scorers: PlacementScorer[],
  context: ScoringContext,
): ScoredCluster {
  const byObjective: Record<string, number> = {};
  const reasons: string[] = [];
  const weighted: { value: number; weight: number }[] = [];
  for (const scorer of scorers) {
    const value = scorer.score(cluster, context);
    if (value === undefined || Number.isNaN(value)) continue;
    const bounded = Math.max(0, Math.min(100, value));
    byObjective[scorer.id] = bounded;
    weighted.push({ value: bounded, weight: scorer.weight });
    if (scorer.explain) {
      reasons.push(
        `${scorer.id} ${Math.round(bounded)}: ${scorer.explain(
          cluster,
          context,
        )}`,
      );
    }
  }
  return {
    cluster,
    capacity: capacityFor(cluster, context.requirements),
    byObjective,
    total: weightedMean(weighted),
    reasons,
  };
}

/** Greedy: cover the regions, then the zones, then the replicas, in `ordered` order. */
function assembleCandidate(
  ordered: ScoredCluster[],
  requirements: WorkloadRequirements,
): { chosen: ScoredCluster[] } | { reason: string } {
  const chosen: ScoredCluster[] = [];
  const regions = new Set<string>();
  const zones = new Set<string>();
  const take = (candidate: ScoredCluster) => {
    chosen.push(candidate);
    if (candidate.cluster.region) regions.add(candidate.cluster.region);
    for (const zone of candidate.cluster.zones ?? []) zones.add(zone);
  };
  const minRegions = requirements.minRegions ?? 1;
  const minZones = requirements.minZones ?? 0;
  for (const candidate of ordered) {
    if (regions.size >= minRegions) break;
    const region = candidate.cluster.region;
    if (region && !regions.has(region)) take(candidate);
  }
  if (regions.size < minRegions) {
    return {
      reason: `only ${regions.size} eligible region(s), ${minRegions} required`,
    };
  }
  for (const candidate of ordered) {
    if (zones.size >= minZones) break;
    if (chosen.includes(candidate)) continue;
    if ((candidate.cluster.zones ?? []).some(zone => !zones.has(zone))) {
      take(candidate);
    }
  }
  if (zones.size < minZones) {
    return {
      reason: `only ${zones.size} eligible zone(s), ${minZones} required`,
    };
  }
  const capacity = () => chosen.reduce((sum, c) => sum + c.capacity, 0);
  for (const candidate of ordered) {
    if (capacity() >= requirements.replicas && chosen.length > 0) break;
    if (!chosen.includes(candidate)) take(candidate);
  }
  if (capacity() < requirements.replicas) {
    return {
      reason: `eligible clusters fit ${capacity()} replicas, ${
        requirements.replicas
      } requested`,
    };
  }
  return { chosen };
}

function placementFor(
  clusters: string[],
  requirements: WorkloadRequirements,
  weighting: 'dynamic' | 'equal',
): KarmadaPlacement {
  const sortedNames = [...clusters].sort();
  return {
    clusterAffinity: { clusterNames: sortedNames },
    ...(requirements.tolerations?.length
      ? { clusterTolerations: requirements.tolerations }
      : {}),
    replicaScheduling: {
      replicaSchedulingType: 'Divided',
      replicaDivisionPreference: 'Weighted',
      weightPreference:
        weighting === 'dynamic'
          ? { dynamicWeight: 'AvailableReplicas' }
          : {
              staticWeightList: sortedNames.map(name => ({
                targetCluster: { clusterNames: [name] },
                weight: 1,
              })),
            },
    },
  };
}

function cpuCoresPerReplica(requirements: WorkloadRequirements) {
  const cpu = requirements.resourceRequest?.cpu;
  return cpu === undefined
    ? undefined
    : quantityMilliValue(parseQuantity(cpu)) / 1000;
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
  const scorers = [
    ...(options.scorers ?? builtInScorers),
    ...(options.additionalScorers ?? []),
  ];
  const excluded: ExcludedCluster[] = [];
  const eligible: ClusterProfile[] = [];
  for (const cluster of fleet) {
    const reasons = ineligibilityReasons(cluster, requirements);
    if (reasons.length > 0) excluded.push({ cluster: cluster.name, reasons });
    else eligible.push(cluster);
  }
  const context: ScoringContext = { requirements, eligible };
  const scored = eligible.map(c => scoreCluster(c, scorers, context));
  const weightOf = new Map(scorers.map(s => [s.id, s.weight]));
  const cpuCores = cpuCoresPerReplica(requirements);

  const recommendations: Omit<PlacementRecommendation, 'rank'>[] = [];
  const rejected: PlacementAdvice['rejected'] = [];
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

    let outcome:
      | {
          placement: KarmadaPlacement;
          split: { name: string; replicas: number }[];
        }
      | undefined;
    let failure = '';
    for (const weighting of ['dynamic', 'equal'] as const) {
      const placement = placementFor(names, requirements, weighting);
      try {
        const result = schedule({
          replicas: requirements.replicas,
          placement,
          clusters: fleet,
          replicaRequirements: requirements.resourceRequest
            ? { resourceRequest: requirements.resourceRequest }
            : undefined,
          reachability: requirements.reachability,
        });
        const split = result.targets.map(t => ({
          name: t.name,
          replicas: t.replicas ?? 0,
        }));
        const regions = new Set(
          split.map(t => fleet.find(c => c.name === t.name)?.region),
        );
        if (regions.size >= (requirements.minRegions ?? 1)) {
          outcome = { placement, split };
          break;
        }
        failure = `${requirements.replicas} replicas do not span ${requirements.minRegions} regions`;
      } catch (error) {
        failure = (error as Error).message;
      }
    }
    if (!outcome) {
      rejected.push({ clusters: names, reason: failure });
      continue;
    }

    const chosenByName = new Map(
      assembled.chosen.map(c => [c.cluster.name, c]),
    );
    const costPerHour =
      cpuCores === undefined ||
      outcome.split.some(
        t => chosenByName.get(t.name)?.cluster.costPerCpuHour === undefined,
      )
        ? undefined
        : outcome.split.reduce(
            (sum, t) =>
              sum +
              t.replicas *
                cpuCores *
                chosenByName.get(t.name)!.cluster.costPerCpuHour!,
            0,
          );
    if (
      requirements.maxCostPerHour !== undefined &&
      costPerHour !== undefined &&
      costPerHour > requirements.maxCostPerHour
    ) {
      rejected.push({
        clusters: names,
        reason: `costs ${costPerHour.toFixed(2)}/h, above the ceiling of ${
          requirements.maxCostPerHour
        }/h`,
      });
      continue;
    }

    // Objectives are weighted by where the replicas actually go.
    const byObjective: Record<string, number> = {};
    for (const id of weightOf.keys()) {
      const entries = outcome.split
        .map(t => ({
          value: chosenByName.get(t.name)?.byObjective[id],
          weight: t.replicas,
        }))
        .filter(
          (e): e is { value: number; weight: number } => e.value !== undefined,
        );
      if (entries.length > 0)
        byObjective[id] = Math.round(weightedMean(entries) * 10) / 10;
    }
    const total =
      Math.round(
        weightedMean(
          Object.entries(byObjective).map(([id, value]) => ({
            value,
            weight: weightOf.get(id) ?? 0,
          })),
        ) * 10,
      ) / 10;

    const splitClusters = outcome.split.map(
      t => chosenByName.get(t.name)!.cluster,
    );
    recommendations.push({
      strategy: ordering.strategy,
      clusters: outcome.split.map(t => t.name),
      placement: outcome.placement,
      split: outcome.split,
      regions: [
        ...new Set(
          splitClusters.map(c => c.region).filter(Boolean) as string[],
        ),
      ].sort(),
      zones: [...new Set(splitClusters.flatMap(c => c.zones ?? []))].sort(),
      costPerHour:
        costPerHour === undefined
          ? undefined
          : Math.round(costPerHour * 1000) / 1000,
      score: { total, byObjective },
      explanation: outcome.split.map(t => ({
        cluster: t.name,
        reasons: [
          `${t.replicas} replica(s); room for ${
            chosenByName.get(t.name)!.capacity
          }`,
          ...chosenByName.get(t.name)!.reasons,
        ],
      })),
    });
  }

  recommendations.sort(
    (a, b) =>
      b.score.total - a.score.total ||
      a.clusters.length - b.clusters.length ||
      (a.costPerHour ?? Infinity) - (b.costPerHour ?? Infinity) ||
      a.clusters.join(',').localeCompare(b.clusters.join(',')),
  );
  return {
    recommendations: recommendations
      .slice(0, options.limit ?? 3)
      .map((r, index) => ({ rank: index + 1, ...r })),
    excluded,
    rejected,
  };
}
