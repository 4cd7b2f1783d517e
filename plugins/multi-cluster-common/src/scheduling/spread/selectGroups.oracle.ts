/**
 * Test oracle: Karmada's group selection by depth-first search
 * (`select_groups.go`), kept verbatim in behaviour: enumerate every
 * index-increasing combination of groups, record the feasible ones (without
 * extending a recorded one), then pick the best path, preferring a shorter
 * recorded path with the same leaders. Exponential: imported by tests only,
 * to check `selectGroups` against it.
 */
import type { GroupInfo } from './selectGroups';

interface FeasiblePath {
  id: number;
  /** Sorted by weight desc, name asc. */
  groups: GroupInfo[];
  weight: number;
  value: number;
}

function compareByWeightThenName(left: GroupInfo, right: GroupInfo): number {
  if (left.weight !== right.weight) return right.weight - left.weight;
  if (left.name < right.name) return -1;
  return left.name > right.name ? 1 : 0;
}

function findFeasiblePaths(
  groups: GroupInfo[],
  minGroups: number,
  maxGroups: number,
  target: number,
): FeasiblePath[] {
  groups.sort((left, right) => {
    if (left.value !== right.value) return left.value - right.value;
    return compareByWeightThenName(left, right);
  });
  const paths: FeasiblePath[] = [];
  let nextId = 0;
  const record = (chosen: GroupInfo[]) => {
    nextId++;
    const sorted = chosen.slice().sort(compareByWeightThenName);
    let weight = 0;
    let value = 0;
    for (const group of sorted) {
      weight += group.weight;
      value += group.value;
    }
    paths.push({ id: nextId, groups: sorted, weight, value });
  };

  // Only the full set can reach minGroups; no need to enumerate.
  if (groups.length === minGroups) {
    const value = groups.reduce((sum, group) => sum + group.value, 0);
    if (value >= target && groups.length <= maxGroups) record(groups);
    return paths;
  }

  const chosen: GroupInfo[] = [];
  const search = (sum: number, begin: number) => {
    if (
      sum >= target &&
      chosen.length >= minGroups &&
      chosen.length <= maxGroups
    ) {
      record(chosen);
      return;
    }
    if (chosen.length >= maxGroups) return;
    for (let index = begin; index < groups.length; index++) {
      chosen.push(groups[index]);
      search(sum + groups[index].value, index + 1);
      chosen.pop();
    }
  };
  search(0, 0);
  return paths;
}

function isStrictPrefix(
  path: FeasiblePath,
  candidatePrefix: FeasiblePath,
): boolean {
  if (candidatePrefix.groups.length >= path.groups.length) return false;
  return candidatePrefix.groups.every(
    (group, index) => path.groups[index].name === group.name,
  );
}

function prioritizePaths(paths: FeasiblePath[]): FeasiblePath {
  if (paths.length === 1) return paths[0];
  paths.sort((left, right) => {
    if (left.weight !== right.weight) return right.weight - left.weight;
    if (left.value !== right.value) return right.value - left.value;
    return left.id - right.id;
  });
  let best = paths[0];
  for (let index = 1; index < paths.length; index++) {
    if (isStrictPrefix(best, paths[index])) best = paths[index];
  }
  return best;
}

/**
 * The enumerating selection: Karmada's answer by Karmada's method, in
 * exponential time and memory. For tests only.
 */
export function selectGroupsByEnumeration(
  groups: GroupInfo[],
  minGroups: number,
  maxGroups: number,
  target: number,
): GroupInfo[] {
  if (groups.length === 0) return [];
  const paths = findFeasiblePaths(groups.slice(), minGroups, maxGroups, target);
  if (paths.length === 0) return [];
  return prioritizePaths(paths).groups;
}

/**
 * A second oracle for inputs too large to enumerate paths: rules 1-4 of
 * `selectGroups` applied by trying every vector of counts per value class
 * (exponential in the number of distinct values only). It checks the
 * dynamic program; rules 1-4 themselves are checked against
 * `selectGroupsByEnumeration` on small inputs.
 */
export function selectGroupsByCountVectors(
  groups: GroupInfo[],
  minGroups: number,
  maxGroups: number,
  target: number,
): GroupInfo[] {
  const ordered = groups.slice().sort((left, right) => {
    if (left.value !== right.value) return left.value - right.value;
    return compareByWeightThenName(left, right);
  });
  if (ordered.length === 0) return [];
  if (target <= 0 && minGroups <= 0 && maxGroups >= 0) return [];
  const classes: { start: number; size: number; value: number }[] = [];
  ordered.forEach((group, index) => {
    const current = classes[classes.length - 1];
    if (current && current.value === group.value) current.size++;
    else classes.push({ start: index, size: 1, value: group.value });
  });
  const isRecorded = (indices: number[]) => {
    const size = indices.length;
    if (size < minGroups || size > maxGroups || size === 0) return false;
    const sum = indices.reduce(
      (total, index) => total + ordered[index].value,
      0,
    );
    const last = ordered[Math.max(...indices)].value;
    return sum >= target && (size === minGroups || sum - last < target);
  };
  const weightOf = (indices: number[]) =>
    indices.reduce((total, index) => total + ordered[index].weight, 0);
  const valueOf = (indices: number[]) =>
    indices.reduce((total, index) => total + ordered[index].value, 0);

  let best: { indices: number[]; counts: number[] } | undefined;
  const counts = classes.map(() => 0);
  const visit = (c: number) => {
    if (c === classes.length) {
      const indices = classes.flatMap((valueClass, at) =>
        Array.from(
          { length: counts[at] },
          (_, offset) => valueClass.start + offset,
        ),
      );
      if (!isRecorded(indices)) return;
      if (best) {
        const weight = weightOf(indices) - weightOf(best.indices);
        const value = valueOf(indices) - valueOf(best.indices);
        const firstDifferent = counts.findIndex(
          (taken, at) => taken !== best!.counts[at],
        );
        const better =
          weight > 0 ||
          (weight === 0 && value > 0) ||
          (weight === 0 &&
            value === 0 &&
            counts[firstDifferent] > best.counts[firstDifferent]);
        if (!better) return;
      }
      best = { indices, counts: counts.slice() };
      return;
    }
    for (let taken = 0; taken <= classes[c].size; taken++) {
      counts[c] = taken;
      visit(c + 1);
    }
    counts[c] = 0;
  };
  visit(0);
  if (!best) return [];
  const inPathOrder = best.indices.sort((left, right) =>
    compareByWeightThenName(ordered[left], ordered[right]),
  );
  for (let length = 1; length < inPathOrder.length; length++) {
    if (isRecorded(inPathOrder.slice(0, length))) {
      return inPathOrder.slice(0, length).map(index => ordered[index]);
    }
  }
  return inPathOrder.map(index => ordered[index]);
}
