/**
 * The backward pass's inner step (see `bestByClasses`): the best number of
 * groups to take from one class, for every state on one line, by divide and
 * conquer.
 */

/** What a point of a line leads to (see `bestByClasses`). */
export const NOTHING = 0;
export const CONTINUES = 1;
export const ENDS = 2;
/** Choice codes: taken * 2, plus 1 when the path ends in the class. */
export const TERMINAL = 1;

/** One class's lines in the backward pass of `bestByClasses`. */
export interface LineSolver {
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
export function solveLine(
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
