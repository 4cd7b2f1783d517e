/**
 * Karmada's group selection (`select_groups.go`), computed without
 * enumerating combinations.
 *
 * Karmada sorts the groups by value asc, weight desc, name asc and runs a
 * depth-first search over index-increasing combinations. A combination is
 * recorded as a path when its total value reaches `target` and its size is
 * within [minGroups, maxGroups]; a recorded path is not extended. The answer
 * is the path with the highest weight, then value, then discovery order,
 * replaced by any recorded path that is a strict prefix of it once both are
 * sorted by weight desc, name asc.
 *
 * Why the same answer comes out here (values are non-negative integers, so
 * the running sum along a combination never decreases):
 * 1. A set is recorded iff it is feasible and no shorter index-prefix of it
 *    is: iff size in [min, max], sum >= target, and either size == min or
 *    the sum without its last (highest-index, largest-value) group is below
 *    target.
 * 2. Recorded paths are never index-prefixes of one another, so discovery
 *    order is the lexicographic order of their index sequences.
 * 3. Groups of equal value are contiguous in the DFS order, heaviest first,
 *    and recordedness only depends on how many groups of each value are
 *    taken. The best path therefore takes the first j groups of each value
 *    class, and the lexicographically smallest index sequence is the
 *    lexicographically largest vector of counts (class by class).
 * 4. The prefix rule keeps replacing the current answer by a later, strictly
 *    shorter path that is a prefix of it; all of those are prefixes of the
 *    best path, so the answer is the best path's shortest recorded prefix.
 *
 * Finding the best path is then a knapsack with a cardinality bound:
 * - when the minGroups smallest values already reach target, exactly the
 *   minGroups-sized sets are recorded and the best is the top minGroups by
 *   (weight, value, DFS index): O(n log n). Regions of one cluster each
 *   always land here unless the target is out of reach.
 * - otherwise a dynamic program over (groups taken, value sum capped at
 *   target), class of equal value by class: O(classes * states * log) with
 *   states <= min(maxGroups, target) * target. Knapsack is NP-hard when
 *   values are arbitrary numbers, so no exact method is polynomial in the
 *   number of groups alone; here values are cluster counts and target is a
 *   cluster count, so this is polynomial in the number of clusters. Past a
 *   budget (GROUP_SELECTION_BUDGET) it refuses with GroupSelectionLimitError
 *   instead of answering late.
 *
 * Domain (Karmada's): unique group names (region names are map keys),
 * non-negative integer values, integer weights whose sums stay exact (below
 * 2^53).
 *
 * Files: `groupSelectionProblem.ts` (domain, budget, orders, rule 1),
 * `bestByClasses.ts` (the dynamic program), with its states in
 * `classBoundary.ts` and its per-line step in `lineSolver.ts`.
 */
import { bestByClasses } from './bestByClasses';
import {
  assertKarmadaDomain,
  compareByWeightThenName,
  compareDfsOrder,
  GROUP_SELECTION_BUDGET,
  GroupInfo,
  GroupSelectionBudget,
  isRecorded,
  Problem,
} from './groupSelectionProblem';

export {
  GROUP_SELECTION_BUDGET,
  GroupSelectionLimitError,
} from './groupSelectionProblem';
export type { GroupInfo, GroupSelectionBudget } from './groupSelectionProblem';

/** Every `minGroups`-sized set is recorded, and nothing else. */
function bestOfMinimumSize(problem: Problem): number[] {
  const { groups, minGroups } = problem;
  const indices = groups.map((_, index) => index);
  indices.sort((left, right) => {
    const a = groups[left];
    const b = groups[right];
    if (a.weight !== b.weight) return b.weight - a.weight;
    if (a.value !== b.value) return b.value - a.value;
    return left - right;
  });
  return indices.slice(0, minGroups);
}

/**
 * Best groups whose count is within [minGroups, maxGroups] and whose total
 * value reaches `target`, ordered by weight desc then name; empty when none.
 * Karmada's answer (see the top of this file). Throws
 * GroupSelectionLimitError past the budget.
 */
export function selectGroups(
  groups: readonly GroupInfo[],
  minGroups: number,
  maxGroups: number,
  target: number,
  budget: Readonly<GroupSelectionBudget> = GROUP_SELECTION_BUDGET,
): GroupInfo[] {
  if (groups.length === 0) return [];
  assertKarmadaDomain(groups, [minGroups, maxGroups, target]);
  const problem: Problem = {
    groups: groups.slice().sort(compareDfsOrder),
    minGroups,
    maxGroups,
    target,
    budget,
  };
  // The empty path is feasible and recorded first: the DFS stops there.
  if (target <= 0 && minGroups <= 0 && maxGroups >= 0) return [];
  const maxSize = Math.min(maxGroups, groups.length);
  if (maxSize < Math.max(minGroups, 1)) return [];
  let largest = 0;
  for (let index = 0; index < maxSize; index++) {
    largest += problem.groups[groups.length - 1 - index].value;
  }
  if (largest < target) return [];

  let smallest = 0;
  for (let index = 0; index < minGroups; index++) {
    smallest += problem.groups[index].value;
  }
  const best =
    minGroups >= 1 && smallest >= target
      ? bestOfMinimumSize(problem)
      : bestByClasses(problem);
  if (!best) return [];

  // Rule 4: the shortest recorded prefix in path order (the whole path is
  // recorded).
  const inPathOrder = best
    .map(index => problem.groups[index])
    .sort(compareByWeightThenName);
  let sum = 0;
  let lastValue = 0;
  for (let length = 1; length < inPathOrder.length; length++) {
    // The largest value is the last group of the prefix in DFS order.
    sum += inPathOrder[length - 1].value;
    lastValue = Math.max(lastValue, inPathOrder[length - 1].value);
    if (isRecorded(problem, length, sum, lastValue)) {
      return inPathOrder.slice(0, length);
    }
  }
  return inPathOrder;
}
