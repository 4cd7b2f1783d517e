import type {
  FailoverClusterChange,
  FailoverRun as ApiFailoverRun,
  FailoverRunStep as ApiFailoverRunStep,
} from '@flotilla/plugin-multi-cluster-common';
import type { ClusterChange } from './ChangeJournal';
import { FailoverRun, FailoverStepRecord } from './types';

/**
 * Adds rollback/completed-step hints to a run for clients. A run can be
 * rolled back once it ended having changed a cluster (a confirmed write in
 * its record): a run whose writes never happened has nothing to roll back.
 */
export function describeRun(run: FailoverRun): FailoverRun {
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
      (run.changes ?? []).some(c => c.status === 'applied'),
  };
}

function toApiChange(change: ClusterChange): FailoverClusterChange {
  return {
    cluster: change.cluster,
    kind: change.kind,
    target: change.target,
    phase: change.phase,
    before: change.before,
    after: change.after,
    status: change.status,
    resourceVersion: change.resourceVersion,
    recordedAt: change.recordedAt,
    appliedAt: change.appliedAt,
  };
}

function toApiStep(step: FailoverStepRecord): ApiFailoverRunStep {
  return {
    order: step.order,
    kind: step.kind,
    title: step.title,
    status: step.status,
    attempts: step.attempts,
    maxAttempts: step.maxAttempts,
    timeoutSeconds: step.timeoutSeconds,
    skipReason: step.skipReason,
    error: step.error,
    output: step.output,
    startedAt: step.startedAt,
    finishedAt: step.finishedAt,
    durationMs: step.durationMs,
  };
}

/**
 * A run as the API declares it (`FailoverRun` of common): the stored run
 * without what only the backend needs. The worker's lease and claim count,
 * the context captured for the worker (owners, workloads, requester) and
 * each step's executor parameters stay in the database; field by field, so
 * a field added to the record is not answered until the API declares it.
 */
export function toApiRun(run: FailoverRun): ApiFailoverRun {
  return {
    id: run.id,
    kind: run.kind,
    entityRef: run.entityRef,
    status: run.status,
    from: run.from,
    to: run.to,
    reason: run.reason,
    actor: run.actor,
    rollbackOf: run.rollbackOf,
    dry: run.dry,
    cancelRequested: run.cancelRequested,
    plan: run.plan,
    currentStep: run.currentStep,
    error: run.error,
    durationMs: run.durationMs,
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    steps: run.steps.map(toApiStep),
    completedSteps: run.completedSteps,
    rollbackAvailable: run.rollbackAvailable,
    changes: run.changes?.map(toApiChange),
  };
}
