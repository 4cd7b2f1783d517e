/**
 * The dynamic program's backward pass (see `bestByClasses`): for each open
 * state, the best (weight, value) still to come and the choice that
 * reaches it.
 */
import { Boundary, lineLast, lineOf } from './classBoundary';
import type { ClassProgram } from './classProgram';
import { isRecorded } from './groupSelectionProblem';
import { CONTINUES, ENDS, LineSolver, NOTHING, solveLine } from './lineSolver';

/** What each point of a line leads to; grown as lines need, reused across classes. */
type PointBuffers = Pick<
  LineSolver,
  'pointWeight' | 'pointValue' | 'pointKind'
>;

/** The boundary after a class, with its states' best (weight, value) still to come. */
interface LaterStates {
  boundary: Boundary | undefined;
  weights: Float64Array;
  values: Float64Array;
  /** The next of the boundary's made states to meet, in the order made. */
  made: number;
}

/** Choice codes (see `lineSolver`) per class, per state of its boundary. */
export function bestChoices(
  program: ClassProgram,
  reachable: Boundary[],
): Int32Array[] {
  const choices: Int32Array[] = new Array(program.classes.length);
  let laterWeights: Float64Array = new Float64Array(0);
  let laterValues: Float64Array = new Float64Array(0);
  let points: PointBuffers = {
    pointWeight: new Float64Array(16),
    pointValue: new Float64Array(16),
    pointKind: new Uint8Array(16),
  };
  for (let c = program.classes.length - 1; c >= 0; c--) {
    const solved = solveClass(program, c, reachable[c], points, {
      boundary: reachable[c + 1],
      weights: laterWeights,
      values: laterValues,
      made: 0,
    });
    choices[c] = solved.choice;
    laterWeights = solved.weights;
    laterValues = solved.values;
    points = solved;
  }
  return choices;
}

/** The best choice from every state at the class's boundary, line by line. */
function solveClass(
  program: ClassProgram,
  classIndex: number,
  states: Boundary,
  points: PointBuffers,
  later: LaterStates,
): LineSolver {
  const { size: classSize, value, prefixWeight } = program.classes[classIndex];
  const rows = states.sizes;
  const solver: LineSolver = {
    rows,
    classSize,
    value,
    prefixWeight,
    base: 0,
    pointWeight: points.pointWeight,
    pointValue: points.pointValue,
    pointKind: points.pointKind,
    weights: new Float64Array(rows.length).fill(-Infinity),
    values: new Float64Array(rows.length).fill(-Infinity),
    choice: new Int32Array(rows.length).fill(-1),
  };
  for (let first = 0; first < rows.length; ) {
    const last = lineLast(states, first, value);
    const line = lineOf(states, first, value);
    const base = rows[first];
    const top = Math.min(
      rows[last] + classSize,
      program.lastUsefulSize(line, value),
    );
    const span = Math.max(0, top - base + 1);
    ensurePointRoom(solver, span);
    solver.base = base;
    markPoints(program, solver, later, line, top);
    program.work += span + solveLine(solver, first, last, base, top);
    preferTakingNone(solver, first, last);
    program.checkBudget();
    first = last + 1;
  }
  if (later.boundary && later.made !== later.boundary.madeSizes.length) {
    throw new Error('group selection: a made state was not visited');
  }
  return solver;
}

/** Grows the point arrays (to at least double) when a line spans more points. */
function ensurePointRoom(solver: LineSolver, span: number): void {
  if (solver.pointKind.length >= span) return;
  const length = Math.max(span, solver.pointKind.length * 2);
  solver.pointWeight = new Float64Array(length);
  solver.pointValue = new Float64Array(length);
  solver.pointKind = new Uint8Array(length);
}

/**
 * What each point of the line from `solver.base` to `top` leads to: an open
 * state of the next boundary (its best still to come), the end of a
 * recorded path, or nothing.
 */
function markPoints(
  program: ClassProgram,
  solver: LineSolver,
  later: LaterStates,
  line: number,
  top: number,
): void {
  const { base, value, pointWeight, pointValue, pointKind } = solver;
  const { boundary } = later;
  for (let point = base; point <= top; point++) {
    const sum = line + point * value;
    const at = point - base;
    let laterSlot = -1;
    if (boundary && sum >= program.target) {
      laterSlot = boundary.cappedSlots[point];
    } else if (
      boundary &&
      later.made < boundary.madeSizes.length &&
      boundary.madeSizes[later.made] === point &&
      boundary.madeSums[later.made] === sum
    ) {
      // This line's made states come next, in size order.
      laterSlot = boundary.madeSlots[later.made++];
    }
    if (laterSlot >= 0) {
      pointWeight[at] = later.weights[laterSlot];
      pointValue[at] = later.values[laterSlot];
      pointKind[at] = CONTINUES;
    } else if (isRecorded(program.problem, point, sum, value)) {
      pointWeight[at] = 0;
      pointValue[at] = 0;
      pointKind[at] = ENDS;
    } else {
      pointKind[at] = NOTHING;
    }
  }
}

/** Taking none of the class keeps the state: only when strictly better. */
function preferTakingNone(
  solver: LineSolver,
  first: number,
  last: number,
): void {
  const { rows, base, pointKind, pointWeight, pointValue } = solver;
  const { weights, values, choice } = solver;
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
}
