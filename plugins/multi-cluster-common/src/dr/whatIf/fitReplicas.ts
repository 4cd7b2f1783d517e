/**
 * The most replicas of one lost cluster that the survivors take: `schedule`
 * for the whole count, and when that fails for capacity, the estimator's
 * bound and a binary search below it (a few `schedule` calls, never one per
 * replica).
 */
import { estimateAvailableReplicas } from '../../scheduling/estimator';
import {
  PlacementError,
  type PlacementErrorCode,
} from '../../scheduling/errors';
import { schedule } from '../../scheduling/schedule';
import type {
  ClusterSnapshot,
  ScheduleRequest,
  ScheduleResult,
} from '../../scheduling/types';

export type ScheduleBase = Omit<ScheduleRequest, 'replicas'>;

/** Where a source's replicas go, and why some did not. */
export interface SourceFit {
  targets: { name: string; replicas: number }[];
  placed: number;
  /** The scheduler's reason the whole count did not fit. */
  failure?: string;
  /** Clusters that passed the service's filters (known when the whole count failed). */
  feasible?: string[];
}

// Failures that fewer replicas may avoid; the others (every cluster
// filtered, a malformed request) fail for any count.
const COUNT_DEPENDENT: ReadonlySet<PlacementErrorCode> = new Set([
  'InsufficientReplicas',
  'SpreadConstraintUnsatisfiable',
  'NoClustersAvailable',
]);

function attempt(
  base: ScheduleBase,
  replicas: number,
): ScheduleResult | PlacementError {
  try {
    return schedule({ ...base, replicas });
  } catch (error) {
    if (error instanceof PlacementError) return error;
    throw error;
  }
}

function split(result: ScheduleResult): SourceFit['targets'] {
  return result.targets.map(target => ({
    name: target.name,
    replicas: target.replicas ?? 0,
  }));
}

function feasibleClusters(error: PlacementError): string[] {
  return (error.explanation ?? [])
    .filter(entry => entry.verdict !== 'filtered')
    .map(entry => entry.cluster);
}

/** Karmada's allocatable on each feasible cluster, summed: no more replicas can fit. */
function estimatorBound(
  base: ScheduleBase,
  feasible: readonly string[],
): number {
  const names = new Set(feasible);
  let total = 0;
  for (const cluster of base.clusters as ClusterSnapshot[]) {
    if (!names.has(cluster.name)) continue;
    const reported = cluster.availableReplicas;
    total +=
      reported !== undefined && reported >= 0
        ? reported
        : estimateAvailableReplicas(cluster, base.replicaRequirements);
  }
  return total;
}

/**
 * Places up to `replicas` replicas with `base` (Divided, Aggregated over
 * the survivors): all of them when they fit, else the largest count that
 * schedules.
 */
export function fitReplicas(base: ScheduleBase, replicas: number): SourceFit {
  const whole = attempt(base, replicas);
  if (!(whole instanceof PlacementError)) {
    return { targets: split(whole), placed: replicas };
  }
  const failure = whole.detail;
  const feasible = feasibleClusters(whole);
  if (!COUNT_DEPENDENT.has(whole.code)) {
    return { targets: [], placed: 0, failure, feasible };
  }
  // `fits` schedules and `fails` does not. No count above the estimator's
  // bound can fit, and the bound itself is usually the answer: try it
  // first, then search below it.
  let fits = 0;
  let fails = Math.min(replicas, estimatorBound(base, feasible) + 1);
  let best: ScheduleResult | undefined;
  let probe: number | undefined = fails - 1;
  while (fails - fits > 1) {
    const count = probe ?? Math.floor((fits + fails) / 2);
    probe = undefined;
    const result = attempt(base, count);
    if (result instanceof PlacementError) {
      fails = count;
    } else {
      fits = count;
      best = result;
    }
  }
  return {
    targets: best ? split(best) : [],
    placed: fits,
    failure,
    feasible,
  };
}
