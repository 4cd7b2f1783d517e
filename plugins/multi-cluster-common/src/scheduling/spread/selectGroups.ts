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
function compareByWeightThenName(left: GroupInfo, right: GroupInfo): number {
  if (left.weight !== right.weight) return right.weight - left.weight;
  return compareByName(left, right);
}

/** Karmada's DFS order. */
function compareDfsOrder(left: GroupInfo, right: GroupInfo): number {
  if (left.value !== right.value) return left.value - right.value;
  return compareByWeightThenName(left, right);
}

function assertKarmadaDomain(
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

interface Problem {
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
function isRecorded(
  problem: Problem,
  size: number,
  sum: number,
  lastValue: number,
): boolean {
  const { minGroups, maxGroups, target } = problem;
  if (size < minGroups || size > maxGroups || sum < target) return false;
  return size === minGroups || sum - lastValue < target;
}

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

interface ValueClass {
  start: number;
  size: number;
  value: number;
  /** prefixWeight[j]: weight of the class's first (heaviest) j groups. */
  prefixWeight: number[];
}

function valueClasses(groups: readonly GroupInfo[]): ValueClass[] {
  const classes: ValueClass[] = [];
  for (let index = 0; index < groups.length; index++) {
    const group = groups[index];
    let current = classes[classes.length - 1];
    if (!current || current.value !== group.value) {
      current = {
        start: index,
        size: 0,
        value: group.value,
        prefixWeight: [0],
      };
      classes.push(current);
    }
    current.size++;
    current.prefixWeight.push(
      current.prefixWeight[current.prefixWeight.length - 1] + group.weight,
    );
  }
  return classes;
}

/** What a point of a line leads to (see `bestByClasses`). */
const NOTHING = 0;
const CONTINUES = 1;
const ENDS = 2;
/** Choice codes: taken * 2, plus 1 when the path ends in the class. */
const TERMINAL = 1;

/**
 * The open states at a class boundary: partial sets that may still grow
 * into a recorded path. Kept in two orders: by line of the class before
 * (as the forward pass makes them, uncapped ones only) and by line of the
 * class after (to process them).
 */
interface Boundary {
  /** Sizes and sums (capped at target), sorted by line of the next class, then size. */
  sizes: Int32Array;
  sums: Float64Array;
  /** Uncapped states in the order they were made: by line of the class before, then size. */
  madeSizes: Int32Array;
  madeSums: Float64Array;
  /** Slot (in the sorted order) of each made state. */
  madeSlots: Int32Array;
  /** Slot of the capped state of each size (sum >= target), or -1. */
  cappedSlots: Int32Array;
}

/** One class's lines in the backward pass of `bestByClasses`. */
interface LineSolver {
  /** Sizes of the boundary's states (the rows). */
  rows: Int32Array;
  classSize: number;
  value: number;
  prefixWeight: number[];
  /** Size of the line's first point in the point arrays. */
  base: number;
  /** What each point leads to: (weight, value) still to come and its kind. */
  pointWeight: Float64Array;
  pointValue: Float64Array;
  pointKind: Uint8Array;
  /** Results per row. */
  weights: Float64Array;
  values: Float64Array;
  choice: Int32Array;
}

/**
 * Rows rowLo..rowHi of a line take at least one group of the class; their
 * best points (the largest on ties) lie within lo..hi and do not decrease
 * from row to row, so the middle row's best point splits the rest. Returns
 * the number of points looked at.
 */
function solveLine(
  solver: LineSolver,
  rowLo: number,
  rowHi: number,
  lo: number,
  hi: number,
): number {
  if (rowLo > rowHi) return 0;
  const { base, pointKind, pointWeight, pointValue, prefixWeight, value } =
    solver;
  const row = (rowLo + rowHi) >> 1;
  const size = solver.rows[row];
  const from = Math.max(lo, size + 1);
  const to = Math.min(hi, size + solver.classSize);
  let bestPoint = -1;
  let bestWeight = -Infinity;
  let bestValue = -Infinity;
  for (let point = from; point <= to; point++) {
    const at = point - base;
    if (pointKind[at] === NOTHING) continue;
    const taken = point - size;
    const weight = prefixWeight[taken] + pointWeight[at];
    const pathValue = taken * value + pointValue[at];
    if (
      weight > bestWeight ||
      (weight === bestWeight && pathValue >= bestValue)
    ) {
      bestPoint = point;
      bestWeight = weight;
      bestValue = pathValue;
    }
  }
  if (bestPoint >= 0) {
    const taken = bestPoint - size;
    solver.weights[row] = bestWeight;
    solver.values[row] = bestValue;
    solver.choice[row] =
      taken * 2 + (pointKind[bestPoint - base] === ENDS ? TERMINAL : 0);
  }
  // A row with no choice splits at size + 1: rows above can only use points
  // up to its size, rows below only points past size + 1.
  const split =
    bestPoint >= 0 ? bestPoint : Math.min(hi, Math.max(lo, size + 1));
  return (
    Math.max(0, to - from + 1) +
    solveLine(solver, rowLo, row - 1, lo, split) +
    solveLine(solver, row + 1, rowHi, split, hi)
  );
}

/**
 * Order of states by line (sum - size * value, shifted by `offset` to be
 * non-negative and below `lines`), then size: two counting sorts.
 */
function orderByLineThenSize(
  sizes: Int32Array,
  sums: Float64Array,
  value: number,
  offset: number,
  lines: number,
  maxSize: number,
): Int32Array {
  const total = sizes.length;
  const bySize = new Int32Array(total);
  const sizeStarts = new Int32Array(maxSize + 2);
  for (let source = 0; source < total; source++) {
    sizeStarts[sizes[source] + 1]++;
  }
  for (let size = 0; size <= maxSize; size++) {
    sizeStarts[size + 1] += sizeStarts[size];
  }
  for (let source = 0; source < total; source++) {
    bySize[sizeStarts[sizes[source]]++] = source;
  }
  const order = new Int32Array(total);
  const lineStarts = new Int32Array(lines + 1);
  const lineOf = (source: number) =>
    sums[source] - sizes[source] * value + offset;
  for (let source = 0; source < total; source++) {
    lineStarts[lineOf(source) + 1]++;
  }
  for (let line = 0; line < lines; line++) {
    lineStarts[line + 1] += lineStarts[line];
  }
  for (let slot = 0; slot < total; slot++) {
    const source = bySize[slot];
    order[lineStarts[lineOf(source)]++] = source;
  }
  return order;
}

/** The same order by a numeric sort, for lines too many to count. */
function orderBySortKey(
  sizes: Int32Array,
  sums: Float64Array,
  value: number,
  offset: number,
  maxSize: number,
): Int32Array {
  const total = sizes.length;
  const rank = (source: number) =>
    (sums[source] - sizes[source] * value + offset) * (maxSize + 1) +
    sizes[source];
  const order = new Int32Array(total);
  for (let source = 0; source < total; source++) order[source] = source;
  return order.sort((left, right) => rank(left) - rank(right));
}

/**
 * The recorded path with the highest (weight, value) and the smallest index
 * sequence (rules 1-3), by a dynamic program over the classes of equal
 * value.
 *
 * A state is (groups taken, their value sum capped at target). Past the
 * target only size == minGroups can still be recorded (rule 1), so the exact
 * sum no longer matters: a capped state behaves as if its sum were exactly
 * target. Values of paths are compared as what is still to come, which is
 * exact because every way into a state shares its past.
 *
 * Taking j groups of a class moves a state (k, s) along its line
 * (k + j, s + j * value). The first j groups of a class weigh a concave
 * function of j (the class is heaviest first), so along a line the best
 * number to take is monotone in the starting point (a Monge argument that
 * holds for (weight, value) pairs and for "largest j on ties"): each line is
 * solved by divide and conquer in O(points log points) instead of trying
 * every j from every state.
 */
function bestByClasses(problem: Problem): number[] | undefined {
  const { groups, minGroups, target } = problem;
  const count = groups.length;
  const maxSize = Math.min(problem.maxGroups, count);
  const classes = valueClasses(groups);

  // The most value that r more groups from index i on can add: the last r.
  const suffixValue = new Float64Array(count + 1);
  for (let index = count - 1; index >= 0; index--) {
    suffixValue[index] = suffixValue[index + 1] + groups[index].value;
  }
  // A partial set with more to come from index `from` on: room for one more
  // group, (once at the target) still below minGroups, and able to reach
  // both minGroups and the target.
  const isOpen = (size: number, sum: number, from: number) =>
    size < maxSize &&
    (sum < target || size < minGroups) &&
    size + count - from >= minGroups &&
    sum + suffixValue[Math.max(from, count - maxSize + size)] >= target;
  // Beyond this size nothing on a line is open or recorded: past the first
  // point that reaches the target, only sizes up to minGroups are.
  const lastUsefulSize = (line: number, value: number) => {
    if (value > 0) {
      const reach = Math.ceil((target - line) / value);
      return Math.min(maxSize, Math.max(reach, minGroups));
    }
    return line < target ? maxSize - 1 : Math.min(maxSize, minGroups);
  };

  let work = 0;
  let stored = 0;
  const checkBudget = () => {
    if (work > problem.budget.work || stored > problem.budget.states) {
      throw new GroupSelectionLimitError(
        `the region spread constraint is too large to evaluate exactly: choosing ${minGroups} to ${problem.maxGroups} of ${count} regions that hold at least ${target} clusters (the cluster minGroups) exceeds the selection's budget`,
      );
    }
  };

  /** Sorts the made states (uncapped, then capped) by line of `value`, then size. */
  const toBoundary = (
    madeSizes: number[],
    madeSums: number[],
    cappedSizes: number[],
    value: number,
  ): Boundary => {
    const total = madeSizes.length + cappedSizes.length;
    const sizes = new Int32Array(total);
    const sums = new Float64Array(total);
    for (let source = 0; source < total; source++) {
      const made = source < madeSizes.length;
      sizes[source] = made
        ? madeSizes[source]
        : cappedSizes[source - madeSizes.length];
      sums[source] = made ? madeSums[source] : target;
    }
    // Lines run from -maxSize * value to target.
    const offset = maxSize * value;
    const lines = target + offset + 1;
    const order =
      lines <= 4 * total + 65_536
        ? orderByLineThenSize(sizes, sums, value, offset, lines, maxSize)
        : orderBySortKey(sizes, sums, value, offset, maxSize);
    const boundary: Boundary = {
      sizes: new Int32Array(total),
      sums: new Float64Array(total),
      madeSizes: new Int32Array(madeSizes),
      madeSums: new Float64Array(madeSums),
      madeSlots: new Int32Array(madeSizes.length),
      cappedSlots: new Int32Array(maxSize + 1).fill(-1),
    };
    for (let slot = 0; slot < total; slot++) {
      const source = order[slot];
      boundary.sizes[slot] = sizes[source];
      boundary.sums[slot] = sums[source];
      if (source < madeSizes.length) boundary.madeSlots[source] = slot;
      else boundary.cappedSlots[sizes[source]] = slot;
    }
    return boundary;
  };
  const lineOf = (boundary: Boundary, slot: number, value: number) =>
    boundary.sums[slot] - boundary.sizes[slot] * value;
  const lineLast = (boundary: Boundary, first: number, value: number) => {
    const line = lineOf(boundary, first, value);
    let last = first;
    while (
      last + 1 < boundary.sizes.length &&
      lineOf(boundary, last + 1, value) === line
    ) {
      last++;
    }
    return last;
  };

  // Forward: the open states at each class boundary. Along a line the rows'
  // reach (size .. size + class size) is swept once, so every uncapped
  // point is made once; capped points can come from several lines.
  const reachable: Boundary[] = [toBoundary([0], [0], [], classes[0].value)];
  for (let c = 0; c + 1 < classes.length; c++) {
    const { size: classSize, value } = classes[c];
    const nextFrom = classes[c + 1].start;
    const states = reachable[c];
    const madeSizes: number[] = [];
    const madeSums: number[] = [];
    const cappedSizes: number[] = [];
    const capped = new Uint8Array(maxSize + 1);
    for (let first = 0; first < states.sizes.length; ) {
      const last = lineLast(states, first, value);
      const line = lineOf(states, first, value);
      const end = Math.min(lastUsefulSize(line, value), maxSize - 1);
      let covered = -1;
      for (let row = first; row <= last; row++) {
        const to = Math.min(states.sizes[row] + classSize, end);
        for (
          let point = Math.max(states.sizes[row], covered + 1);
          point <= to;
          point++
        ) {
          const sum = line + point * value;
          if (!isOpen(point, sum, nextFrom)) continue;
          if (sum < target) {
            madeSizes.push(point);
            madeSums.push(sum);
          } else if (!capped[point]) {
            capped[point] = 1;
            cappedSizes.push(point);
          }
        }
        covered = Math.max(covered, to);
      }
      work += last - first + 1 + Math.max(0, covered - states.sizes[first]);
      checkBudget();
      first = last + 1;
    }
    stored += madeSizes.length + cappedSizes.length;
    checkBudget();
    reachable.push(
      toBoundary(madeSizes, madeSums, cappedSizes, classes[c + 1].value),
    );
  }

  // Backward: for each state, the best (weight, value) still to come and the
  // choice that reaches it.
  const choices: Int32Array[] = new Array(classes.length);
  let laterWeight = new Float64Array(0);
  let laterValue = new Float64Array(0);
  // What each point of the current line leads to, from `base` on.
  let pointWeight = new Float64Array(16);
  let pointValue = new Float64Array(16);
  let pointKind = new Uint8Array(16);
  for (let c = classes.length - 1; c >= 0; c--) {
    const { size: classSize, value, prefixWeight } = classes[c];
    const states = reachable[c];
    const rows = states.sizes;
    const later: Boundary | undefined = reachable[c + 1];
    let made = 0;
    const weights = new Float64Array(rows.length).fill(-Infinity);
    const values = new Float64Array(rows.length).fill(-Infinity);
    const choice = new Int32Array(rows.length).fill(-1);
    const solver: LineSolver = {
      rows,
      classSize,
      value,
      prefixWeight,
      base: 0,
      pointWeight,
      pointValue,
      pointKind,
      weights,
      values,
      choice,
    };

    for (let first = 0; first < rows.length; ) {
      const last = lineLast(states, first, value);
      const line = lineOf(states, first, value);
      const base = rows[first];
      const top = Math.min(rows[last] + classSize, lastUsefulSize(line, value));
      const span = Math.max(0, top - base + 1);
      if (pointKind.length < span) {
        const length = Math.max(span, pointKind.length * 2);
        pointWeight = solver.pointWeight = new Float64Array(length);
        pointValue = solver.pointValue = new Float64Array(length);
        pointKind = solver.pointKind = new Uint8Array(length);
      }
      solver.base = base;
      for (let point = base; point <= top; point++) {
        const sum = line + point * value;
        const at = point - base;
        let laterSlot = -1;
        if (later && sum >= target) {
          laterSlot = later.cappedSlots[point];
        } else if (
          later &&
          made < later.madeSizes.length &&
          later.madeSizes[made] === point &&
          later.madeSums[made] === sum
        ) {
          // This line's made states come next, in size order.
          laterSlot = later.madeSlots[made++];
        }
        if (laterSlot >= 0) {
          pointWeight[at] = laterWeight[laterSlot];
          pointValue[at] = laterValue[laterSlot];
          pointKind[at] = CONTINUES;
        } else if (isRecorded(problem, point, sum, value)) {
          pointWeight[at] = 0;
          pointValue[at] = 0;
          pointKind[at] = ENDS;
        } else {
          pointKind[at] = NOTHING;
        }
      }
      work += span + solveLine(solver, first, last, base, top);
      // Taking none of the class keeps the state: only when strictly better.
      for (let row = first; row <= last; row++) {
        const at = rows[row] - base;
        if (
          pointKind[at] === CONTINUES &&
          (pointWeight[at] > weights[row] ||
            (pointWeight[at] === weights[row] && pointValue[at] > values[row]))
        ) {
          weights[row] = pointWeight[at];
          values[row] = pointValue[at];
          choice[row] = 0;
        }
      }
      checkBudget();
      first = last + 1;
    }
    if (later && made !== later.madeSizes.length) {
      throw new Error('group selection: a made state was not visited');
    }
    choices[c] = choice;
    laterWeight = weights;
    laterValue = values;
  }
  if (choices[0][0] < 0) return undefined;

  const chosen: number[] = [];
  let size = 0;
  let sum = 0;
  for (let c = 0; c < classes.length; c++) {
    const { sizes, sums } = reachable[c];
    let slot = 0;
    while (
      slot < sizes.length &&
      (sizes[slot] !== size || sums[slot] !== sum)
    ) {
      slot++;
    }
    const code = slot < sizes.length ? choices[c][slot] : -1;
    if (code < 0) throw new Error('group selection: a chosen state is missing');
    const taken = code >> 1;
    const { start, value } = classes[c];
    for (let offset = 0; offset < taken; offset++) chosen.push(start + offset);
    if (code & TERMINAL) return chosen;
    size += taken;
    sum = Math.min(sum + taken * value, target);
  }
  throw new Error('group selection: a chosen path did not end');
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
