/**
 * Overflow tiers (`clusterAffinities[].overflowAffinities`): candidates are
 * ranked by the first tier they match, and replicas are assigned tier by
 * tier, each tier taking at most what its clusters can hold.
 */
import type { Candidate } from './candidates';
import { NO_OVERFLOW_TIER } from './candidates';
import { OVERFLOW_NOT_ENOUGH_MESSAGE, PlacementError } from './errors';
import type { ClusterPredicate } from './matching/clusterAffinity';
import type { ClusterSnapshot } from './types';
import type {
  AssignmentInput,
  AssignmentOutcome,
  AssignStrategy,
} from './strategies';

/** 0 for the primary affinity, i+1 for overflow entry i, 1000 for none. */
export function overflowOrderOf(
  cluster: ClusterSnapshot,
  tiers: readonly ClusterPredicate[],
): number {
  for (let tier = 0; tier < tiers.length; tier++) {
    if (tiers[tier](cluster)) return tier;
  }
  return NO_OVERFLOW_TIER;
}

export interface TierOutcome {
  tier: number;
  /** Positions (in the full candidate list) of the tier's candidates. */
  indices: number[];
  outcome: AssignmentOutcome;
}

export interface OverflowOutcome extends AssignmentOutcome {
  tiers: TierOutcome[];
}

/**
 * Walks tiers in ascending order: each gets min(remaining, sum of its
 * clusters' available replicas) and runs the normal strategy with that as
 * the replica count (the tier's own previous replicas only).
 */
export function assignByOverflowTiers(
  input: AssignmentInput,
  strategy: AssignStrategy,
): OverflowOutcome {
  const byTier = new Map<number, number[]>();
  input.candidates.forEach((candidate: Candidate, index) => {
    const members = byTier.get(candidate.overflowOrder);
    if (members) members.push(index);
    else byTier.set(candidate.overflowOrder, [index]);
  });
  const tierOrder = Array.from(byTier.keys()).sort((a, b) => a - b);

  const replicas: number[] = new Array(input.candidates.length).fill(0);
  const tiers: TierOutcome[] = [];
  let remaining = input.replicas;
  for (const tier of tierOrder) {
    const indices = byTier.get(tier) as number[];
    const tierCandidates = indices.map(index => input.candidates[index]);
    let capacity = 0;
    for (const candidate of tierCandidates) capacity += candidate.available;
    const tierTarget = Math.min(remaining, capacity);
    const outcome = strategy({
      ...input,
      candidates: tierCandidates,
      replicas: tierTarget,
    });
    indices.forEach((index, position) => {
      replicas[index] += outcome.replicas[position];
    });
    tiers.push({ tier, indices, outcome });
    remaining -= tierTarget;
    if (remaining <= 0) break;
  }
  if (remaining > 0) {
    throw new PlacementError(
      'InsufficientReplicas',
      OVERFLOW_NOT_ENOUGH_MESSAGE,
    );
  }
  return { mode: tiers[0]?.outcome.mode ?? 'unchanged', replicas, tiers };
}
