/**
 * The capacity-driven division shared by DynamicWeight and Aggregated
 * (Karmada `assignByDynamicStrategy`, `pkg/scheduler/core/assignment.go`):
 * Fresh recomputes from scratch; Steady scales up by dividing only the
 * missing replicas over free capacity, scales down in proportion to the
 * previous split (`./scaleDown`), and otherwise keeps the previous result
 * untouched.
 */
import { compareCandidates } from '../candidates';
import {
  addInt32,
  insufficientCapacity,
  shortestSufficientPrefix,
  websterSeats,
} from './division';
import { scaleDown } from './scaleDown';
import {
  AssignmentInput,
  AssignmentMode,
  AssignmentOutcome,
  NOT_A_PARTY,
} from './types';

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

/** Votes of a Fresh (own replicas count as capacity) or scale-up division. */
function capacityWeights(input: AssignmentInput, fresh: boolean): number[] {
  return input.candidates.map(candidate =>
    fresh && candidate.previousPosition >= 0
      ? addInt32(candidate.allocatable, candidate.previous)
      : candidate.allocatable,
  );
}

/** Aggregated: the parties outside the shortest sufficient prefix drop out. */
function aggregatedParties(
  input: AssignmentInput,
  weights: number[],
  target: number,
  scheduled: readonly number[],
  mode: AssignmentMode,
): number[] {
  const { candidates } = input;
  const tieOrder = input.ordered
    ? (left: number, right: number) =>
        candidates[left].rank - candidates[right].rank
    : (left: number, right: number) =>
        compareCandidates(candidates[left], candidates[right]);
  const usedFirst =
    mode === 'scale-up' &&
    scheduled.some(index => candidates[index].previous > 0)
      ? (index: number) =>
          candidates[index].previousPosition >= 0 &&
          candidates[index].previous > 0
      : undefined;
  const parties = candidates.map((_, index) => index);
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
  if (!input.fresh && assigned > input.replicas) {
    return scaleDown(input, options.aggregated);
  }
  if (!input.fresh && assigned === input.replicas) {
    const replicas: number[] = new Array(count).fill(0);
    for (const index of scheduled) replicas[index] = candidates[index].previous;
    return { mode: 'unchanged', replicas };
  }

  const mode: AssignmentMode = input.fresh ? 'fresh' : 'scale-up';
  const target = input.fresh ? input.replicas : input.replicas - assigned;
  const weights = capacityWeights(input, input.fresh);
  let available = 0;
  for (const weight of weights) available = addInt32(available, weight);
  if (available < target) {
    const wrapPrefix = input.fresh
      ? 'failed to do fresh scale'
      : 'failed to scale up';
    throw insufficientCapacity(available, wrapPrefix, input.rules);
  }

  const parties = options.aggregated
    ? aggregatedParties(input, weights, target, scheduled, mode)
    : candidates.map((_, index) => index);
  let weightTotal = 0;
  for (const index of parties) weightTotal += weights[index];
  const names = candidates.map(candidate => candidate.name);
  const seats = websterSeats(target, parties, names, weights, input.tieBreak);
  const replicas: number[] = new Array(count).fill(0);
  parties.forEach((index, party) => {
    replicas[index] = seats[party];
  });

  if (mode === 'fresh') return { mode, replicas, weights, weightTotal };
  // Scale-up merges the delta onto the previous result.
  const kept: number[] = new Array(count).fill(0);
  for (const index of scheduled) {
    kept[index] = candidates[index].previous;
    replicas[index] += candidates[index].previous;
  }
  return { mode, replicas, weights, weightTotal, kept };
}
