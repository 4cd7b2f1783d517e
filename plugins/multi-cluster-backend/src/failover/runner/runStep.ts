import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import { untilAborted } from '../../util/deadline';
import { HISTORY_BOUNDS, sanitizeJson } from '../../util/sanitizeJson';
import { LeaseLostError, withLastObservation } from '../runInterruptions';
import { errorMessage, StepChanges, StepError } from '../steps';
import { FailoverStepRecord } from '../types';
import { RunScope } from './runScope';
import { stepTransitions, transition } from './stepTransitions';

/** Longest step error kept (it comes from clusters, webhooks, Argo CD). */
const MAX_STEP_ERROR = 2000;

export type StepOutcome = 'succeeded' | 'failed' | 'cancelled';

/** The bounds of a step's attempts, fixed when the step starts. */
interface AttemptLimits {
  maxAttempts: number;
  timeoutMs: number;
  pollIntervalMs: number;
  firstStart: string;
  firstStartMs: number;
}

function attemptLimits(
  scope: RunScope,
  step: FailoverStepRecord,
): AttemptLimits {
  const scale = scope.deps.config.timeScale;
  const firstStart = step.startedAt ?? new Date().toISOString();
  return {
    // An attempt interrupted by a crash does not count against the budget.
    maxAttempts:
      step.status === 'running'
        ? Math.max(step.maxAttempts, step.attempts + 1)
        : step.maxAttempts,
    timeoutMs: Math.max(1, step.timeoutSeconds * 1000 * scale),
    pollIntervalMs: Math.max(1, scope.deps.config.stepPollIntervalMs * scale),
    firstStart,
    firstStartMs: Date.parse(firstStart),
  };
}

/**
 * Runs one step with timeout and retries; `step` follows its row in the
 * database.
 */
export async function runStep(
  scope: RunScope,
  step: FailoverStepRecord,
): Promise<StepOutcome> {
  if (step.skipReason) {
    await transition(
      scope,
      step,
      stepTransitions.skipped(step, step.skipReason),
    );
    return 'succeeded';
  }
  const limits = attemptLimits(scope, step);
  while (step.attempts < limits.maxAttempts) {
    if (
      step.attempts > 0 &&
      (await scope.store.isCancelRequested(scope.run.id))
    ) {
      await transition(scope, step, stepTransitions.cancelled());
      return 'cancelled';
    }
    step.attempts += 1;
    const outcome = await runAttempt(scope, step, step.attempts, limits);
    if (outcome !== 'retry') return outcome;
  }
  return 'failed';
}

/** One attempt, bounded by the step's timeout; 'retry' after a retryable failure. */
async function runAttempt(
  scope: RunScope,
  step: FailoverStepRecord,
  attempt: number,
  limits: AttemptLimits,
): Promise<StepOutcome | 'retry'> {
  const { run, deps, leaseSignal, lease, store } = scope;
  await transition(
    scope,
    step,
    stepTransitions.running(step, attempt, limits.firstStart),
  );
  // Aborted at the attempt's deadline or when the lease is lost.
  const deadline = AbortSignal.timeout(Math.round(limits.timeoutMs));
  const signal = AbortSignal.any([leaseSignal, deadline]);
  const execution = scope.executors[step.kind]({
    run,
    step,
    attempt,
    signal,
    timeoutMs: limits.timeoutMs,
    pollIntervalMs: limits.pollIntervalMs,
    deps,
    changes: changesOf(scope, step),
    progress: async output => {
      const recorded = sanitizeJson(output, HISTORY_BOUNDS);
      await scope.fenced(
        store.updateStep(lease, step.order, { output: recorded }),
      );
      // A retried attempt reads what this one recorded from ctx.step.
      step.output = recorded;
    },
  });
  try {
    // A step that ignores its signal cannot hold the run past the deadline.
    const result = await untilAborted(execution, signal);
    await transition(
      scope,
      step,
      stepTransitions.completed(result, attempt, limits.firstStartMs),
    );
    return 'succeeded';
  } catch (error) {
    if (error instanceof LeaseLostError || leaseSignal.aborted) {
      throw new LeaseLostError(run.id);
    }
    const message = sanitizeForLog(
      deadline.aborted
        ? await withLastObservation(
            `timed out after ${Math.round(
              limits.timeoutMs,
            )}ms (attempt ${attempt})`,
            execution,
            deadline.reason,
          )
        : errorMessage(error),
      MAX_STEP_ERROR,
    );
    const retryable = !(error instanceof StepError && !error.retryable);
    if (!retryable || step.attempts >= limits.maxAttempts) {
      await transition(
        scope,
        step,
        stepTransitions.failed(message, attempt, limits.firstStartMs),
      );
      return 'failed';
    }
    await transition(scope, step, stepTransitions.retrying(message, attempt));
    await backOff(scope, attempt);
    return 'retry';
  }
}

/** Waits before the next attempt, exponentially longer each time. */
async function backOff(scope: RunScope, attempt: number): Promise<void> {
  const { deps } = scope;
  const backoff = Math.min(
    30_000,
    deps.config.retryBackoffMs * 2 ** (attempt - 1),
  );
  try {
    await deps.sleep(backoff * deps.config.timeScale, scope.leaseSignal);
  } catch {
    throw new LeaseLostError(scope.run.id);
  }
}

/** The step's record of its changes, every write fenced by the lease. */
function changesOf(scope: RunScope, step: FailoverStepRecord): StepChanges {
  const { journal, lease } = scope;
  const fenced = async (ok: Promise<boolean>) => {
    if (!(await ok)) throw new LeaseLostError(lease.runId);
  };
  return {
    ofRun: (runId = lease.runId) => journal.list(runId),
    intend: changes =>
      fenced(
        journal.intend(
          lease,
          changes.map(c => ({ ...c, stepOrder: step.order })),
        ),
      ),
    applied: (phase, resourceVersion, target) =>
      fenced(
        journal.applied(
          lease,
          { stepOrder: step.order, phase, target },
          resourceVersion,
        ),
      ),
  };
}
