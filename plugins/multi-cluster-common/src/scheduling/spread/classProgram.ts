/**
 * What both passes of the dynamic program (see `bestByClasses`) share: the
 * problem's bounds, its classes, which states are still open, and the work
 * spent against the budget.
 */
import { ValueClass, valueClasses } from './classBoundary';
import { GroupSelectionLimitError, Problem } from './groupSelectionProblem';

export class ClassProgram {
  readonly count: number;
  readonly maxSize: number;
  readonly minGroups: number;
  readonly target: number;
  readonly classes: ValueClass[];
  /** Steps taken so far, counted against the budget's work. */
  work = 0;
  /** States kept so far, counted against the budget's states. */
  stored = 0;
  /** suffixValue[i]: the most value groups from index i on can add. */
  private readonly suffixValue: Float64Array;

  constructor(readonly problem: Problem) {
    const { groups } = problem;
    this.count = groups.length;
    this.maxSize = Math.min(problem.maxGroups, this.count);
    this.minGroups = problem.minGroups;
    this.target = problem.target;
    this.classes = valueClasses(groups);
    this.suffixValue = new Float64Array(this.count + 1);
    for (let index = this.count - 1; index >= 0; index--) {
      this.suffixValue[index] =
        this.suffixValue[index + 1] + groups[index].value;
    }
  }

  /**
   * A partial set with more to come from index `from` on: room for one more
   * group, (once at the target) still below minGroups, and able to reach
   * both minGroups and the target (the r more groups that add most are the
   * last r).
   */
  isOpen(size: number, sum: number, from: number): boolean {
    const { maxSize, minGroups, target, count } = this;
    return (
      size < maxSize &&
      (sum < target || size < minGroups) &&
      size + count - from >= minGroups &&
      sum + this.suffixValue[Math.max(from, count - maxSize + size)] >= target
    );
  }

  /**
   * Beyond this size nothing on a line is open or recorded: past the first
   * point that reaches the target, only sizes up to minGroups are.
   */
  lastUsefulSize(line: number, value: number): number {
    const { maxSize, minGroups, target } = this;
    if (value > 0) {
      const reach = Math.ceil((target - line) / value);
      return Math.min(maxSize, Math.max(reach, minGroups));
    }
    return line < target ? maxSize - 1 : Math.min(maxSize, minGroups);
  }

  /** Refuses once the work or the states kept exceed the budget. */
  checkBudget(): void {
    const { budget, maxGroups } = this.problem;
    if (this.work > budget.work || this.stored > budget.states) {
      throw new GroupSelectionLimitError(
        `the region spread constraint is too large to evaluate exactly: choosing ${this.minGroups} to ${maxGroups} of ${this.count} regions that hold at least ${this.target} clusters (the cluster minGroups) exceeds the selection's budget`,
      );
    }
  }
}
