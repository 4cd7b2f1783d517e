import { JsonObject } from '@backstage/types';
import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import { HISTORY_BOUNDS, sanitizeJson } from '../../util/sanitizeJson';
import { StepPatch } from '../FailoverStore';
import { StepResult } from '../steps';
import { FailoverStepRecord } from '../types';
import { RunScope } from './runScope';

/**
 * A step's change of state: the update of its row (fenced by the lease),
 * what the in-memory step mirrors of it, and the transition recorded.
 */
export interface StepTransition {
  write: StepPatch;
  mirror: Partial<FailoverStepRecord>;
  /** None when the run's own transition tells it (a cancelled step). */
  event?: {
    name: string;
    /** The step's status in the event. */
    status: string;
    attempt?: number;
    error?: string;
    detail?: JsonObject;
  };
}

/** Every state change a step goes through, by name. */
export const stepTransitions = {
  /** A step the plan skips, with its reason. */
  skipped(step: FailoverStepRecord, reason: string): StepTransition {
    const now = new Date().toISOString();
    return {
      write: {
        status: 'skipped',
        startedAt: now,
        finishedAt: now,
        durationMs: 0,
        currentStep: step.kind,
      },
      mirror: { status: 'skipped' },
      event: {
        name: 'skipped',
        status: 'skipped',
        detail: { reason },
      },
    };
  },

  /** Cancelled between attempts. */
  cancelled(): StepTransition {
    return {
      write: { status: 'cancelled', finishedAt: new Date().toISOString() },
      mirror: { status: 'cancelled' },
    };
  },

  /** An attempt starts; `firstStart` is the first attempt's start. */
  running(
    step: FailoverStepRecord,
    attempt: number,
    firstStart: string,
  ): StepTransition {
    return {
      write: {
        status: 'running',
        attempts: attempt,
        startedAt: firstStart,
        currentStep: step.kind,
      },
      mirror: { status: 'running', startedAt: firstStart },
      event: { name: 'running', status: 'running', attempt },
    };
  },

  /** The executor returned: the step succeeded or skipped itself. */
  completed(
    result: StepResult,
    attempt: number,
    firstStartMs: number,
  ): StepTransition {
    const now = new Date().toISOString();
    const status = result.skipped ? 'skipped' : 'succeeded';
    // Outputs echo cluster and webhook responses: recorded escaped and
    // bounded like history.
    const output = sanitizeJson(
      result.skipped ? { skipped: result.skipped } : result.output ?? {},
      HISTORY_BOUNDS,
    );
    return {
      write: {
        status,
        output,
        error: null,
        finishedAt: now,
        durationMs: Date.now() - firstStartMs,
      },
      mirror: { status, output, finishedAt: now },
      event: {
        name: status,
        status,
        attempt,
        ...(result.skipped
          ? { detail: { reason: sanitizeForLog(result.skipped, 500) } }
          : {}),
      },
    };
  },

  /** The last attempt (or one that may not be retried) failed. */
  failed(error: string, attempt: number, firstStartMs: number): StepTransition {
    return {
      write: {
        status: 'failed',
        error,
        finishedAt: new Date().toISOString(),
        durationMs: Date.now() - firstStartMs,
      },
      mirror: { status: 'failed', error },
      event: { name: 'failed', status: 'failed', attempt, error },
    };
  },

  /** An attempt failed and another follows. */
  retrying(error: string, attempt: number): StepTransition {
    return {
      write: { error },
      mirror: { error },
      event: { name: 'retrying', status: 'running', attempt, error },
    };
  },
};

/**
 * Records a step's change of state, the one place that does: its row,
 * then the in-memory step, then the run's transition.
 */
export async function transition(
  scope: RunScope,
  step: FailoverStepRecord,
  change: StepTransition,
): Promise<void> {
  await scope.fenced(
    scope.store.updateStep(scope.lease, step.order, change.write),
  );
  Object.assign(step, change.mirror);
  const { event } = change;
  if (!event) return;
  await scope.emit({
    event: `step.${event.name}`,
    status: 'running',
    step: {
      order: step.order,
      kind: step.kind,
      status: event.status,
      ...(event.attempt ? { attempt: event.attempt } : {}),
    },
    ...(event.error !== undefined ? { error: event.error } : {}),
    ...(event.detail ? { detail: event.detail } : {}),
  });
}
