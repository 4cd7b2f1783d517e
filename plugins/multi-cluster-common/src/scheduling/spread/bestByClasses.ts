/**
 * The general case of the group selection (see `selectGroups.ts`): a
 * dynamic program over the classes of equal value, forward to find the open
 * states at each class boundary, backward to find the best choice from
 * each, then along the choices from the empty set.
 */
import {
  Boundary,
  lineLast,
  lineOf,
  toBoundary,
  valueClasses,
} from './classBoundary';
import {
  GroupSelectionLimitError,
  isRecorded,
  Problem,
} from './groupSelectionProblem';
import {
  CONTINUES,
  ENDS,
  LineSolver,
  NOTHING,
  solveLine,
  TERMINAL,
} from './lineSolver';

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
export function bestByClasses(problem: Problem): number[] | undefined {
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

  // Forward: the open states at each class boundary. Along a line the rows'
  // reach (size .. size + class size) is swept once, so every uncapped
  // point is made once; capped points can come from several lines.
  const reachable: Boundary[] = [
    toBoundary([0], [0], [], classes[0].value, target, maxSize),
  ];
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
      toBoundary(
        madeSizes,
        madeSums,
        cappedSizes,
        classes[c + 1].value,
        target,
        maxSize,
      ),
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
