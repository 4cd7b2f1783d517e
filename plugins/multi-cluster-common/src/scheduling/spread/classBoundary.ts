/**
 * The dynamic program's states (see `bestByClasses`): the classes of equal
 * value it steps through, and the open states at each class boundary, kept
 * sorted by line (sum - size * value) so each line is one run of slots.
 */
import type { GroupInfo } from './groupSelectionProblem';

export interface ValueClass {
  start: number;
  size: number;
  value: number;
  /** prefixWeight[j]: weight of the class's first (heaviest) j groups. */
  prefixWeight: number[];
}

/** The groups (in DFS order) cut into runs of equal value. */
export function valueClasses(groups: readonly GroupInfo[]): ValueClass[] {
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

/**
 * The open states at a class boundary: partial sets that may still grow
 * into a recorded path. Kept in two orders: by line of the class before
 * (as the forward pass makes them, uncapped ones only) and by line of the
 * class after (to process them).
 */
export interface Boundary {
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
  const shiftedLine = (source: number) =>
    sums[source] - sizes[source] * value + offset;
  for (let source = 0; source < total; source++) {
    lineStarts[shiftedLine(source) + 1]++;
  }
  for (let line = 0; line < lines; line++) {
    lineStarts[line + 1] += lineStarts[line];
  }
  for (let slot = 0; slot < total; slot++) {
    const source = bySize[slot];
    order[lineStarts[shiftedLine(source)]++] = source;
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
 * Sorts the made states (uncapped, then capped at `target`) by line of
 * `value`, then size.
 */
export function toBoundary(
  madeSizes: number[],
  madeSums: number[],
  cappedSizes: number[],
  value: number,
  target: number,
  maxSize: number,
): Boundary {
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
}

/** The line of the state in `slot` for a class of `value`. */
export function lineOf(
  boundary: Boundary,
  slot: number,
  value: number,
): number {
  return boundary.sums[slot] - boundary.sizes[slot] * value;
}

/** The last slot of the line that starts at `first`. */
export function lineLast(
  boundary: Boundary,
  first: number,
  value: number,
): number {
  const line = lineOf(boundary, first, value);
  let last = first;
  while (
    last + 1 < boundary.sizes.length &&
    lineOf(boundary, last + 1, value) === line
  ) {
    last++;
  }
  return last;
}
