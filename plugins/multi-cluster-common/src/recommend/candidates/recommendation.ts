import { parseQuantity, quantityMilliValue } from '../../quantity';
import type { PlacementRecommendation, WorkloadRequirements } from '../types';
import type { ScheduledCandidate } from './schedulePlacement';
import { ScoredCluster, weightedMean } from './scoredCluster';

type Split = ScheduledCandidate['split'];
type Unranked = Omit<PlacementRecommendation, 'rank'>;

/** What turns one scheduled candidate set into a recommendation. */
export interface CandidateInputs {
  strategy: string;
  chosen: ScoredCluster[];
  scheduled: ScheduledCandidate;
  /** Each scorer's weight, by objective id. */
  weightOf: Map<string, number>;
  requirements: WorkloadRequirements;
  /** The CPU request per replica in cores, when the workload states one. */
  cpuCores: number | undefined;
}

export function cpuCoresPerReplica(requirements: WorkloadRequirements) {
  const cpu = requirements.resourceRequest?.cpu;
  return cpu === undefined
    ? undefined
    : quantityMilliValue(parseQuantity(cpu)) / 1000;
}

/** The split's compute cost per hour, when the CPU request and every price are known. */
function costPerHourOf(
  split: Split,
  chosenByName: Map<string, ScoredCluster>,
  cpuCores: number | undefined,
): number | undefined {
  if (
    cpuCores === undefined ||
    split.some(
      t => chosenByName.get(t.name)?.cluster.costPerCpuHour === undefined,
    )
  ) {
    return undefined;
  }
  return split.reduce(
    (sum, t) =>
      sum +
      t.replicas * cpuCores * chosenByName.get(t.name)!.cluster.costPerCpuHour!,
    0,
  );
}

/** Objectives weighted by where the replicas actually go, to one decimal. */
function scoreOfSplit(
  split: Split,
  chosenByName: Map<string, ScoredCluster>,
  weightOf: Map<string, number>,
): PlacementRecommendation['score'] {
  const byObjective: Record<string, number> = {};
  for (const id of weightOf.keys()) {
    const entries = split
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
  return { total, byObjective };
}

/** The recommendation, or why its cost ceiling rules the candidate out. */
export function recommendCandidate(
  inputs: CandidateInputs,
): { recommendation: Unranked } | { reason: string } {
  const { scheduled, requirements } = inputs;
  const { split } = scheduled;
  const chosenByName = new Map(inputs.chosen.map(c => [c.cluster.name, c]));
  const costPerHour = costPerHourOf(split, chosenByName, inputs.cpuCores);
  if (
    requirements.maxCostPerHour !== undefined &&
    costPerHour !== undefined &&
    costPerHour > requirements.maxCostPerHour
  ) {
    return {
      reason: `costs ${costPerHour.toFixed(2)}/h, above the ceiling of ${
        requirements.maxCostPerHour
      }/h`,
    };
  }
  const splitClusters = split.map(t => chosenByName.get(t.name)!.cluster);
  const recommendation: Unranked = {
    strategy: inputs.strategy,
    clusters: split.map(t => t.name),
    placement: scheduled.placement,
    split,
    regions: [
      ...new Set(splitClusters.map(c => c.region).filter(Boolean) as string[]),
    ].sort(),
    zones: [...new Set(splitClusters.flatMap(c => c.zones ?? []))].sort(),
    costPerHour:
      costPerHour === undefined
        ? undefined
        : Math.round(costPerHour * 1000) / 1000,
    score: scoreOfSplit(split, chosenByName, inputs.weightOf),
    explanation: split.map(t => ({
      cluster: t.name,
      reasons: [
        `${t.replicas} replica(s); room for ${
          chosenByName.get(t.name)!.capacity
        }`,
        ...chosenByName.get(t.name)!.reasons,
      ],
    })),
  };
  return { recommendation };
}
