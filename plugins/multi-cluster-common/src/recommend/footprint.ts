import type {
  PlacementComparison,
  PlacementFootprint,
} from '../api/placementAdvice';
import type { ClusterProfile } from '../fleet/cluster';
import { cpuCoresPerReplica } from './candidates/recommendation';
import { capacityFor } from './eligibility';
import { meanUserLatency } from './scorers/latencyScorer';
import type { PlacementRecommendation, WorkloadRequirements } from './types';

/** Replicas per cluster, as a recommendation's `split` or a ResourceBinding's clusters. @public */
export type ReplicaSplit = { name: string; replicas: number }[];

/** Sum of `figure` over the chosen clusters; undefined when one is unknown. */
function sumKnown(
  chosen: { cluster?: ClusterProfile; replicas: number }[],
  figure: (cluster: ClusterProfile, replicas: number) => number | undefined,
): number | undefined {
  let sum = 0;
  for (const { cluster, replicas } of chosen) {
    const value = cluster ? figure(cluster, replicas) : undefined;
    if (value === undefined) return undefined;
    sum += value;
  }
  return sum;
}

const round = (value: number | undefined, digits: number) =>
  value === undefined
    ? undefined
    : Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * What a placement costs and gives on the fleet: cost per hour (replicas x
 * CPU per replica x the cluster's price per CPU-hour), the replica-weighted
 * mean latency to the user regions, and how many more replicas the chosen
 * clusters take. A figure needing an input unknown for one chosen cluster
 * is absent, never estimated.
 *
 * @public
 */
export function placementFootprint(
  split: ReplicaSplit,
  fleet: ClusterProfile[],
  requirements: WorkloadRequirements,
): PlacementFootprint {
  const byName = new Map(fleet.map(c => [c.name, c]));
  const chosen = split.map(t => ({
    cluster: byName.get(t.name),
    replicas: t.replicas,
  }));
  const cpuCores = cpuCoresPerReplica(requirements);
  const costPerHour =
    cpuCores === undefined
      ? undefined
      : sumKnown(chosen, (c, replicas) =>
          c.costPerCpuHour === undefined
            ? undefined
            : replicas * cpuCores * c.costPerCpuHour,
        );
  const context = { requirements, eligible: [] };
  const replicas = split.reduce((sum, t) => sum + t.replicas, 0);
  const latencySum = sumKnown(chosen, (c, r) => {
    const ms = meanUserLatency(c, context);
    return ms === undefined ? undefined : ms * r;
  });
  const regions = chosen
    .map(c => c.cluster?.region)
    .filter((r): r is string => r !== undefined);
  const footprint: PlacementFootprint = {
    clusters: split.map(t => ({ name: t.name, replicas: t.replicas })),
    regions: [...new Set(regions)].sort(),
    costPerHour: round(costPerHour, 4),
    meanLatencyMs:
      latencySum === undefined || replicas === 0
        ? undefined
        : round(latencySum / replicas, 1),
    headroomReplicas: sumKnown(chosen, c => capacityFor(c, requirements)),
  };
  return Object.fromEntries(
    Object.entries(footprint).filter(([, v]) => v !== undefined),
  ) as unknown as PlacementFootprint;
}

const difference = (after?: number, before?: number, digits = 4) =>
  after === undefined || before === undefined
    ? undefined
    : round(after - before, digits);

/**
 * Each recommendation's footprint against the current placement's: the
 * deltas are the recommendation's figure minus the current one, absent
 * when either is unknown.
 *
 * @public
 */
export function comparePlacements(
  current: PlacementFootprint,
  recommendations: Pick<PlacementRecommendation, 'rank' | 'split'>[],
  fleet: ClusterProfile[],
  requirements: WorkloadRequirements,
): PlacementComparison[] {
  return recommendations.map(({ rank, split }) => {
    const footprint = placementFootprint(split, fleet, requirements);
    const delta = {
      costPerHour: difference(footprint.costPerHour, current.costPerHour),
      meanLatencyMs: difference(
        footprint.meanLatencyMs,
        current.meanLatencyMs,
        1,
      ),
      headroomReplicas: difference(
        footprint.headroomReplicas,
        current.headroomReplicas,
      ),
    };
    return {
      rank,
      footprint,
      delta: Object.fromEntries(
        Object.entries(delta).filter(([, v]) => v !== undefined),
      ),
    };
  });
}
