/**
 * The group selection's input domain, its budget and Karmada's orders and
 * recording rule, shared by the entry (`selectGroups.ts`) and the dynamic
 * program (`bestByClasses.ts`). Rules are numbered as at the top of
 * `selectGroups.ts`.
 */

export interface GroupInfo {
  name: string;
  /** Number of clusters in the group. */
  value: number;
  /** Group score. */
  weight: number;
}

/**
 * The selection would need more work than the budget allows. Not Karmada's
 * error: Karmada would enumerate far longer (exponentially) on such input.
 */
export class GroupSelectionLimitError extends Error {}

/** What the dynamic program may spend before it refuses. */
export interface GroupSelectionBudget {
  /** Steps (points and choices looked at). */
  work: number;
  /** States kept across class boundaries (about 40 bytes each). */
  states: number;
}

/**
 * Under 2 s and about 60 MB on the (shared, loaded) 2-core development
 * machine, see bench/spread.bench.ts. Regions of one cluster each
 * never come near it (they take the top-minGroups path); 1,000 regions of
 * 1 to 10 clusters with a cluster minGroups of 1,000 take about 11 million
 * steps and 1.1 million states.
 */
export const GROUP_SELECTION_BUDGET: Readonly<GroupSelectionBudget> = {
  work: 20_000_000,
  states: 1_500_000,
};

function compareByName(left: GroupInfo, right: GroupInfo): number {
  if (left.name < right.name) return -1;
  return left.name > right.name ? 1 : 0;
}

/** Order of the groups inside a path. */
export function compareByWeightThenName(
  left: GroupInfo,
  right: GroupInfo,
): number {
  if (left.weight !== right.weight) return right.weight - left.weight;
  return compareByName(left, right);
}

/** Karmada's DFS order. */
export function compareDfsOrder(left: GroupInfo, right: GroupInfo): number {
  if (left.value !== right.value) return left.value - right.value;
  return compareByWeightThenName(left, right);
}

export function assertKarmadaDomain(
  groups: readonly GroupInfo[],
  bounds: readonly number[],
): void {
  const names = new Set<string>();
  for (const group of groups) {
    if (!Number.isSafeInteger(group.value) || group.value < 0) {
      throw new Error(`group ${group.name}: value must be a count`);
    }
    if (!Number.isSafeInteger(group.weight)) {
      throw new Error(`group ${group.name}: weight must be an integer`);
    }
    if (names.has(group.name)) {
      throw new Error(`group ${group.name} appears twice`);
    }
    names.add(group.name);
  }
  if (!bounds.every(Number.isSafeInteger)) {
    throw new Error('minGroups, maxGroups and target must be integers');
  }
}

/** One selection: its groups in DFS order, bounds and budget. */
export interface Problem {
  /** Groups in DFS order. */
  groups: GroupInfo[];
  minGroups: number;
  maxGroups: number;
  target: number;
  budget: Readonly<GroupSelectionBudget>;
}

/**
 * Rule 1: whether Karmada's DFS records a set of `size` groups with total
 * `sum` whose last group in DFS order (the largest value) has `lastValue`.
 */
export function isRecorded(
  problem: Problem,
  size: number,
  sum: number,
  lastValue: number,
): boolean {
  const { minGroups, maxGroups, target } = problem;
  if (size < minGroups || size > maxGroups || sum < target) return false;
  return size === minGroups || sum - lastValue < target;
}
