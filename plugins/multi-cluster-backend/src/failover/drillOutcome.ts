import { FailoverRun } from './types';

/** What a drill achieved, measured from what happened on the clusters. */
export interface DrillOutcome {
  /** Replicas the drill moved to its targets (0 when nothing moved). */
  movedReplicas: number;
  /**
   * From the start of the move to the first read in which every target's
   * workloads reported the required ready replicas; null when that never
   * happened.
   */
  achievedRtoSeconds: number | null;
  /** null while running or without a target RTO. */
  metTarget: boolean | null;
  /** Why the target was missed or cannot be judged; null when met. */
  metTargetReason: string | null;
}

/**
 * Judges a drill by what it did, never by its status alone: a drill that
 * moved no replicas, or whose targets never reported the required ready
 * replicas, missed its target whatever its status says.
 */
export function drillOutcome(
  run: Pick<FailoverRun, 'status' | 'dry' | 'plan' | 'steps'>,
  targetRtoSeconds: number | undefined,
): DrillOutcome {
  const outcome = (
    movedReplicas: number,
    achievedRtoSeconds: number | null,
    metTarget: boolean | null,
    metTargetReason: string | null,
  ): DrillOutcome => ({
    movedReplicas,
    achievedRtoSeconds,
    metTarget,
    metTargetReason,
  });
  if (run.status === 'pending' || run.status === 'running') {
    return outcome(0, null, null, 'the drill has not finished');
  }
  const shift = run.steps.find(s => s.kind === 'shift-replicas');
  const shiftOutput = (shift?.output ?? {}) as { dryRun?: boolean };
  if (run.dry || shiftOutput.dryRun) {
    return outcome(0, null, false, 'a dry rehearsal: no replicas moved');
  }
  if (!shift || shift.status !== 'succeeded' || !shift.startedAt) {
    return outcome(
      0,
      null,
      false,
      `no replicas moved: the shift step ${shift?.status ?? 'is missing'}${
        shift?.error ? ` (${shift.error})` : ''
      }`,
    );
  }
  if (run.plan.movedReplicas <= 0) {
    return outcome(0, null, false, 'no replicas moved: the plan moved none');
  }
  const moved = run.plan.movedReplicas;
  const verify = run.steps.find(s => s.kind === 'verify');
  // Make before break: the shift itself waits until the targets run their
  // replicas; verify's first ready read is the end for a shift that did not.
  const readyAt =
    (shift.output as { targetsReadyAt?: unknown } | undefined)
      ?.targetsReadyAt ??
    (verify?.output as { readyAt?: unknown } | undefined)?.readyAt;
  if (typeof readyAt !== 'string') {
    return outcome(
      moved,
      null,
      false,
      `the targets never reported the required ready replicas${
        verify?.error ? ` (${verify.error})` : ''
      }`,
    );
  }
  const achieved =
    Math.max(0, Date.parse(readyAt) - Date.parse(shift.startedAt)) / 1000;
  if (targetRtoSeconds === undefined) {
    return outcome(moved, achieved, null, 'no target RTO is declared');
  }
  return achieved <= targetRtoSeconds
    ? outcome(moved, achieved, true, null)
    : outcome(
        moved,
        achieved,
        false,
        `the targets were ready after ${achieved}s, above the target of ${targetRtoSeconds}s`,
      );
}
