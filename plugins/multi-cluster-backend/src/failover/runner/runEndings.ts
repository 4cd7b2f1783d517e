import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import { LeaseLostError } from '../runInterruptions';
import { errorMessage, sendFailoverNotification } from '../steps';
import { FailoverRun, FailoverStepRecord } from '../types';
import { RunScope } from './runScope';

/** The kinds of the steps the run completed (succeeded or skipped). */
function completedSteps(run: FailoverRun) {
  return run.steps
    .filter(s => ['succeeded', 'skipped'].includes(s.status))
    .map(s => s.kind);
}

/** Ends the run cancelled; steps not yet run are cancelled with it. */
export async function finishCancelled(
  scope: RunScope,
  startedAt: number,
): Promise<void> {
  const { store, lease, run } = scope;
  const ok = await store.finish(lease, {
    status: 'cancelled',
    error: 'cancelled by request',
    durationMs: Date.now() - startedAt,
    cancelPendingSteps: true,
  });
  if (!ok) throw new LeaseLostError(run.id);
  await scope.emit({
    event: 'run.cancelled',
    status: 'cancelled',
    detail: { completedSteps: completedSteps(run) },
  });
}

/** Ends the run failed at `step`, and tells its owners. */
export async function finishFailed(
  scope: RunScope,
  step: FailoverStepRecord,
  startedAt: number,
): Promise<void> {
  const { store, lease, run } = scope;
  const completed = completedSteps(run);
  const error = `step ${step.order} (${step.kind}) failed after ${step.attempts} attempt(s): ${step.error}`;
  await scope.fenced(
    store.finish(lease, {
      status: 'failed',
      error,
      durationMs: Date.now() - startedAt,
    }),
  );
  await scope.emit({
    event: 'run.failed',
    status: 'failed',
    error,
    detail: { completedSteps: completed },
  });
  await notifyFailure(scope, error);
}

/** Ends the run succeeded. */
export async function finishSucceeded(
  scope: RunScope,
  startedAt: number,
): Promise<void> {
  const durationMs = Date.now() - startedAt;
  await scope.fenced(
    scope.store.finish(scope.lease, { status: 'succeeded', durationMs }),
  );
  await scope.emit({
    event: 'run.succeeded',
    status: 'succeeded',
    detail: { durationMs },
  });
}

async function notifyFailure(scope: RunScope, error: string) {
  const { run, deps } = scope;
  if (run.dry) return;
  try {
    const { errors } = await sendFailoverNotification(deps, run, {
      title:
        run.kind === 'drill'
          ? `DR drill of ${
              run.context.title ?? run.entityRef
            } failed (a rehearsal, not an outage)`
          : `${run.kind} of ${run.context.title ?? run.entityRef} FAILED`,
      description: `${error}. Completed steps are recorded on run ${run.id}; what it changed on each cluster is recorded there and can be rolled back.`,
      severity: run.kind === 'drill' ? 'high' : 'critical',
    });
    if (errors.length) throw new Error(errors.join('; '));
  } catch (e) {
    deps.logger.warn(
      `Failover run ${run.id}: failure notification not sent: ${sanitizeForLog(
        errorMessage(e),
        500,
      )}`,
    );
  }
}
