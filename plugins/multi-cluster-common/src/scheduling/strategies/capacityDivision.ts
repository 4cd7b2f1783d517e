/**
 * The capacity-driven division shared by DynamicWeight and Aggregated
 * (Karmada `assignByDynamicStrategy`): Fresh recomputes from scratch; Steady
 * scales up by dividing only the missing replicas over free capacity, scales
 * down in proportion to the previous split, and otherwise keeps the previous
 * result untouched.
 */
import { compareCandidates } from '../candidates';
import { notEnoughReplicasMessage, PlacementError } from '../errors';
import { MinHeap } from '../ordering';
import { dispense } from '../webster';
import {
  AssignmentInput,
  AssignmentMode,
  AssignmentOutcome,
  NOT_A_PARTY,
} from './types';

/** Go int32 addition (replica sums wrap like `util.GetSumOfReplicas`). */
function addInt32(left: number, right: number): number {
  return (left + right) | 0;
}

export interface CapacityDivisionOptions {
  /**
   * Aggregated: divide only over the shortest prefix (by capacity, previously
   * used clusters first on scale-up) that can hold the target.
   */
  aggregated: boolean;
}

/**
 * Candidates named in spec.clusters ("scheduled"), as candidate positions in
 * spec.clusters order; clusters that are no longer candidates are ignored.
 */
function scheduledPositions(input: AssignmentInput): number[] {
  const scheduled: number[] = [];
  const { candidates } = input;
  for (let index = 0; index < candidates.length; index++) {
    if (candidates[index].previousPosition >= 0) scheduled.push(index);
  }
  return scheduled.sort(
    (left, right) =>
      candidates[left].previousPosition - candidates[right].previousPosition,
  );
}

/**
 * Aggregated truncation: the shortest prefix of `parties` ordered by weight
 * descending (ties by `tieOrder`; previously used clusters first when
 * `usedFirst` is given) whose cumulative weight reaches the target (int32
 * sums like Go). Only the prefix is ever ordered.
 */
function shortestSufficientPrefix(
  parties: number[],
  weights: readonly number[],
  target: number,
  tieOrder: (left: number, right: number) => number,
  usedFirst: ((index: number) => boolean) | undefined,
): number[] {
  const compare = (left: number, right: number): number =>
    weights[left] !== weights[right]
      ? weights[right] - weights[left]
      : tieOrder(left, right);
  const prefix: number[] = [];
  let sum = 0;
  let rest = parties;
  if (usedFirst) {
    const used = parties.filter(usedFirst).sort(compare);
    rest = parties.filter(index => !usedFirst(index));
    for (const index of used) {
      prefix.push(index);
      sum = addInt32(sum, weights[index]);
      if (sum >= target) return prefix;
    }
  }
  const heap = new MinHeap(rest.slice(), compare);
  while (heap.size > 0) {
    const index = heap.pop() as number;
    prefix.push(index);
    sum = addInt32(sum, weights[index]);
    if (sum >= target) break;
  }
  return prefix;
}

export function divideByCapacity(
  input: AssignmentInput,
  options: CapacityDivisionOptions,
): AssignmentOutcome {
  const { candidates } = input;
  const count = candidates.length;
  const scheduled = scheduledPositions(input);
  let assigned = 0;
  for (const index of scheduled) {
    assigned = addInt32(assigned, candidates[index].previous);
  }

  // Votes per candidate position; `parties` lists who takes part.
  const weights: number[] = new Array(count).fill(NOT_A_PARTY);
  let parties: number[];
  let mode: AssignmentMode;
  let target: number;
  let wrapPrefix: string;

  if (input.fresh) {
    mode = 'fresh';
    wrapPrefix = 'failed to do fresh scale';
    target = input.replicas;
    // Own replicas count as capacity in a fresh division.
    parties = new Array(count);
    for (let index = 0; index < count; index++) {
      const candidate = candidates[index];
      weights[index] =
        candidate.previousPosition >= 0
          ? addInt32(candidate.allocatable, candidate.previous)
          : candidate.allocatable;
      parties[index] = index;
    }
  } else if (assigned > input.replicas) {
    mode = 'scale-down';
    wrapPrefix = 'failed to scale down';
    target = input.replicas;
    // The previous split is the weight, in spec.clusters order.
    parties = scheduled;
    for (const index of scheduled) weights[index] = candidates[index].previous;
  } else if (assigned < input.replicas) {
    mode = 'scale-up';
    wrapPrefix = 'failed to scale up';
    target = input.replicas - assigned;
    parties = new Array(count);
    for (let index = 0; index < count; index++) {
      weights[index] = candidates[index].allocatable;
      parties[index] = index;
    }
  } else {
    const replicas: number[] = new Array(count).fill(0);
    for (const index of scheduled) replicas[index] = candidates[index].previous;
    return { mode: 'unchanged', replicas };
  }

  let available = 0;
  for (const index of parties) available = addInt32(available, weights[index]);
  if (available < target) {
    throw new PlacementError(
      'InsufficientReplicas',
      notEnoughReplicasMessage(available),
    ).wrap(wrapPrefix);
  }

  if (options.aggregated) {
    let tieOrder: (left: number, right: number) => number;
    if (mode === 'scale-down') {
      // Go's sort of these short lists is stable: spec.clusters order.
      tieOrder = (left, right) =>
        candidates[left].previousPosition - candidates[right].previousPosition;
    } else if (input.ordered) {
      tieOrder = (left, right) =>
        candidates[left].rank - candidates[right].rank;
    } else {
      tieOrder = (left, right) =>
        compareCandidates(candidates[left], candidates[right]);
    }
    const usedFirst =
      mode === 'scale-up' &&
      scheduled.some(index => candidates[index].previous > 0)
        ? (index: number) =>
            candidates[index].previousPosition >= 0 &&
            candidates[index].previous > 0
        : undefined;
    const prefix = shortestSufficientPrefix(
      parties,
      weights,
      target,
      tieOrder,
      usedFirst,
    );
    const inPrefix = new Set(prefix);
    for (const index of parties) {
      if (!inPrefix.has(index)) weights[index] = NOT_A_PARTY;
    }
    parties = prefix;
  }

  // Zero-vote parties never win a seat while any vote is positive.
  const partyNames: string[] = [];
  const partyWeights: number[] = [];
  const partyIndex: number[] = [];
  let weightTotal = 0;
  for (const index of parties) {
    const weight = weights[index];
    weightTotal += weight;
    if (weight <= 0) continue;
    partyNames.push(candidates[index].name);
    partyWeights.push(weight);
    partyIndex.push(index);
  }
  const replicas: number[] = new Array(count).fill(0);
  const seats = dispense(target, partyNames, partyWeights, input.tieBreak);
  if (seats) {
    for (let party = 0; party < seats.length; party++) {
      replicas[partyIndex[party]] = seats[party];
    }
  }

  if (mode !== 'scale-up') return { mode, replicas, weights, weightTotal };
  // Scale-up merges the delta onto the previous result.
  const kept: number[] = new Array(count).fill(0);
  for (const index of scheduled) {
    kept[index] = candidates[index].previous;
    replicas[index] += candidates[index].previous;
  }
  return { mode, replicas, weights, weightTotal, kept };
}
