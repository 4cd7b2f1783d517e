/**
 * The runbook's steps, in the order they run, and how a planned failover
 * and a rollback turn them into numbered steps.
 */
import type { FailoverStep } from '../failoverPlan';
import { gitopsPauseStep } from './steps/gitopsPause';
import { gitopsResumeStep } from './steps/gitopsResume';
import { gitopsSyncStep } from './steps/gitopsSync';
import { notifyStep } from './steps/notify';
import { precheckSourceStep } from './steps/precheckSource';
import { precheckTargetStep } from './steps/precheckTarget';
import { shiftReplicasStep } from './steps/shiftReplicas';
import { stateRestoreStep } from './steps/stateRestore';
import { trafficShiftStep } from './steps/trafficShift';
import { verifyStep } from './steps/verify';
import type {
  FailoverStepFacts,
  RollbackStepFacts,
  AnyRunbookStep,
} from './types';

export const RUNBOOK_STEPS: readonly AnyRunbookStep[] = [
  precheckSourceStep,
  precheckTargetStep,
  gitopsPauseStep,
  stateRestoreStep,
  shiftReplicasStep,
  gitopsSyncStep,
  trafficShiftStep,
  verifyStep,
  gitopsResumeStep,
  notifyStep,
];

function numbered(steps: object[]): FailoverStep[] {
  return steps.map((s, index) => ({
    ...s,
    order: index + 1,
  })) as FailoverStep[];
}

/** A planned failover's steps, with each kind's default timeout and attempts. */
export function failoverSteps(facts: FailoverStepFacts): FailoverStep[] {
  return numbered(
    RUNBOOK_STEPS.map(step => {
      const { title, description, params, skipReason } = step.failover(facts);
      return {
        kind: step.kind,
        title,
        description,
        timeoutSeconds: step.timeoutSeconds,
        maxAttempts: step.maxAttempts,
        ...(skipReason ? { skipReason } : {}),
        params,
      };
    }),
  );
}

/**
 * A rollback's steps. Each keeps the timeout, attempts and skip reason of
 * the step of that kind in the plan it reverses; a kind that plan did not
 * have (it predates the step) is skipped.
 */
export function rollbackSteps(facts: RollbackStepFacts): FailoverStep[] {
  const template = new Map(facts.run.plan.steps.map(s => [s.kind, s]));
  return numbered(
    RUNBOOK_STEPS.map(step => {
      const original = template.get(step.kind);
      const skipReason = original
        ? original.skipReason
        : 'the run it reverses had no such step';
      return {
        kind: step.kind,
        timeoutSeconds: original?.timeoutSeconds ?? step.timeoutSeconds,
        maxAttempts: original?.maxAttempts ?? step.maxAttempts,
        ...(skipReason ? { skipReason } : {}),
        ...step.rollback(facts),
      };
    }),
  );
}
