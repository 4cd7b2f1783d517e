import { FailoverRun } from './types';

/** Adds rollback/completed-step hints to a run for clients. */
export function describeRun(run: FailoverRun): FailoverRun {
  const shift = run.steps.find(s => s.kind === 'shift-replicas');
  const finished = ['succeeded', 'failed', 'cancelled'].includes(run.status);
  return {
    ...run,
    completedSteps: run.steps
      .filter(s => s.status === 'succeeded' || s.status === 'skipped')
      .map(s => s.kind),
    rollbackAvailable:
      finished &&
      !run.dry &&
      !run.rolledBackBy &&
      !!shift &&
      shift.attempts > 0,
  };
}
