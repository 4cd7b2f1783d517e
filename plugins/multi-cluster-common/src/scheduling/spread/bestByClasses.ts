/**
 * The general case of the group selection (see `selectGroups.ts`): a
 * dynamic program over the classes of equal value, forward to find the open
 * states at each class boundary, backward to find the best choice from
 * each, then along the choices from the empty set.
 */
import type { Boundary } from './classBoundary';
import { ClassProgram } from './classProgram';
import { bestChoices } from './backwardPass';
import { openBoundaries } from './forwardPass';
import type { Problem } from './groupSelectionProblem';
import { TERMINAL } from './lineSolver';

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
  const program = new ClassProgram(problem);
  const reachable = openBoundaries(program);
  const choices = bestChoices(program, reachable);
  if (choices[0][0] < 0) return undefined;
  return followChoices(program, reachable, choices);
}

/** The groups taken along the best choices, from the empty set. */
function followChoices(
  program: ClassProgram,
  reachable: Boundary[],
  choices: Int32Array[],
): number[] {
  const { classes, target } = program;
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
