/**
 * Pieces shared by the dynamic division's modes (Karmada
 * `pkg/scheduler/core/division_algorithm.go`): Go's int32 sums, the
 * Aggregated truncation, the capacity failure and the Webster split.
 */
import { notEnoughReplicasMessage, PlacementError } from '../errors';
import { MinHeap } from '../ordering';
import type { NameOrder } from '../tieBreak';
import { KarmadaRules, karmadaRulesFor } from '../versionRules';
import { dispense } from '../webster';

/** Go int32 addition (replica sums wrap like `util.GetSumOfReplicas`). */
export function addInt32(left: number, right: number): number {
  return (left + right) | 0;
}

/**
 * Aggregated truncation: the shortest prefix of `parties` ordered by weight
 * descending (ties by `tieOrder`; previously used clusters first when
 * `usedFirst` is given) whose cumulative weight reaches the target (int32
 * sums like Go). Only the prefix is ever ordered.
 */
export function shortestSufficientPrefix(
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

/**
 * `dynamicDivideReplicas`' failure, wrapped by the mode as the release
 * wraps it (`%v` before the UnschedulableError chain was kept).
 */
export function insufficientCapacity(
  available: number,
  wrapPrefix: string,
  rules: KarmadaRules = karmadaRulesFor(),
): PlacementError {
  return new PlacementError(
    'InsufficientReplicas',
    notEnoughReplicasMessage(available),
  ).wrap(wrapPrefix, rules.dynamicFailureWrap);
}

/**
 * Webster seats of `target` over `parties` (positions into `names` and
 * `weights`); zero-vote parties never win a seat while any vote is
 * positive. Returns seats aligned with `parties`, all 0 when every weight is
 * zero (Karmada's dispenser then assigns nothing).
 */
export function websterSeats(
  target: number,
  parties: readonly number[],
  names: readonly string[],
  weights: readonly number[],
  tieBreak: NameOrder,
): number[] {
  const partyNames: string[] = [];
  const partyWeights: number[] = [];
  const partyPosition: number[] = [];
  parties.forEach((index, position) => {
    if (weights[index] <= 0) return;
    partyNames.push(names[index]);
    partyWeights.push(weights[index]);
    partyPosition.push(position);
  });
  const seats: number[] = new Array(parties.length).fill(0);
  const won = dispense(target, partyNames, partyWeights, tieBreak);
  won?.forEach((count, party) => {
    seats[partyPosition[party]] = count;
  });
  return seats;
}
