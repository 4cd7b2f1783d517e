/**
 * The dynamic program's forward pass (see `bestByClasses`): the open states
 * at each class boundary.
 */
import { Boundary, lineLast, lineOf, toBoundary } from './classBoundary';
import type { ClassProgram } from './classProgram';

/** The open states at every class boundary, the empty set's first. */
export function openBoundaries(program: ClassProgram): Boundary[] {
  const { classes, target, maxSize } = program;
  const reachable: Boundary[] = [
    toBoundary([0], [0], [], classes[0].value, target, maxSize),
  ];
  for (let c = 0; c + 1 < classes.length; c++) {
    reachable.push(nextBoundary(program, c, reachable[c]));
  }
  return reachable;
}

/**
 * The open states after class `c`, from those before it. Along a line the
 * rows' reach (size .. size + class size) is swept once, so every uncapped
 * point is made once; capped points can come from several lines.
 */
function nextBoundary(
  program: ClassProgram,
  c: number,
  states: Boundary,
): Boundary {
  const { classes, target, maxSize } = program;
  const { size: classSize, value } = classes[c];
  const nextFrom = classes[c + 1].start;
  const madeSizes: number[] = [];
  const madeSums: number[] = [];
  const cappedSizes: number[] = [];
  const capped = new Uint8Array(maxSize + 1);
  for (let first = 0; first < states.sizes.length; ) {
    const last = lineLast(states, first, value);
    const line = lineOf(states, first, value);
    const end = Math.min(program.lastUsefulSize(line, value), maxSize - 1);
    let covered = -1;
    for (let row = first; row <= last; row++) {
      const to = Math.min(states.sizes[row] + classSize, end);
      for (
        let point = Math.max(states.sizes[row], covered + 1);
        point <= to;
        point++
      ) {
        const sum = line + point * value;
        if (!program.isOpen(point, sum, nextFrom)) continue;
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
    program.work +=
      last - first + 1 + Math.max(0, covered - states.sizes[first]);
    program.checkBudget();
    first = last + 1;
  }
  program.stored += madeSizes.length + cappedSizes.length;
  program.checkBudget();
  return toBoundary(
    madeSizes,
    madeSums,
    cappedSizes,
    classes[c + 1].value,
    target,
    maxSize,
  );
}
