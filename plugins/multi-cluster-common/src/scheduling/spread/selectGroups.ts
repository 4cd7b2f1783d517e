/**
 * Karmada's group selection by depth-first search (`select_groups.go`):
 * enumerate index-increasing combinations of groups, record the feasible
 * ones, then pick the best path, preferring a shorter path with the same
 * leaders.
 */

export interface GroupInfo {
  name: string;
  /** Number of clusters in the group. */
  value: number;
  /** Group score. */
  weight: number;
}

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
 * Best groups whose count is within [minGroups, maxGroups] and whose total
 * value reaches `target`, ordered by weight desc then name; empty when none.
 */
export function selectGroups(
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
