/**
 * The runbook's steps, in the order they run, and how a planned failover
 * and a rollback turn them into numbered steps.
 */
import type { FailoverStep } from '../failoverPlan';
import { gitopsSyncStep } from './steps/gitopsSync';
import { notifyStep } from './steps/notify';
import { precheckSourceStep } from './steps/precheckSource';
import { precheckTargetStep } from './steps/precheckTarget';
import { shiftReplicasStep } from './steps/shiftReplicas';
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
  shiftReplicasStep,
  gitopsSyncStep,
  trafficShiftStep,
  verifyStep,
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
 * the step of that kind in the plan it reverses.
 */
export function rollbackSteps(facts: RollbackStepFacts): FailoverStep[] {
  const template = new Map(facts.run.plan.steps.map(s => [s.kind, s]));
  return numbered(
    RUNBOOK_STEPS.map(step => {
      const original = template.get(step.kind)!;
      return {
        kind: step.kind,
        timeoutSeconds: original.timeoutSeconds,
        maxAttempts: original.maxAttempts,
        ...(original.skipReason ? { skipReason: original.skipReason } : {}),
        ...step.rollback(facts),
      };
    }),
  );
}
