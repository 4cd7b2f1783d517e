import type { FailoverPlan, FailoverStepKind } from '../dr/failoverPlan';
import type { DrFinding } from '../dr/posture';
import type { ServiceDrSpec } from '../dr/service';

/** @public */
export type FailoverRunStatus =
  | 'pending'
  | 'running'
  | 'succeeded'
  | 'failed'
  | 'cancelled';

/** @public */
export type FailoverStepStatus =
  | 'pending'
  | 'running'
  | 'succeeded'
  | 'failed'
  | 'skipped'
  | 'cancelled';

/** One step of a failover run as the API reports it. @public */
export interface FailoverRunStep {
  order: number;
  kind: FailoverStepKind;
  title: string;
  status: FailoverStepStatus;
  attempts: number;
  startedAt?: string;
  finishedAt?: string;
  error?: string;
  skipReason?: string;
  output?: unknown;
}

/** A failover, rollback or drill run. @public */
export interface FailoverRun {
  id: string;
  entityRef: string;
  kind: 'failover' | 'rollback' | 'drill';
  from: string;
  to: string[];
  status: FailoverRunStatus;
  reason: string;
  createdBy: string;
  createdAt: string;
  finishedAt?: string;
  /** For a rollback: the run it reverses. */
  rollbackOf?: string;
  plan: FailoverPlan;
  steps: FailoverRunStep[];
  /** Achieved recovery time in seconds, once finished. */
  durationSeconds?: number;
}

/** Body of POST /failovers. @public */
export interface StartFailoverRequest {
  entityRef: string;
  from: string;
  to?: string;
  reason: string;
  dryRun?: boolean;
  force?: boolean;
  drill?: boolean;
  idempotencyKey?: string;
}

/** GET /entities/:kind/:namespace/:name/dr. @public */
export interface EntityDrStatus {
  entityRef: string;
  spec?: ServiceDrSpec;
  problems: { annotation: string; message: string }[];
  findings: DrFinding[];
  drills: {
    runId: string;
    finishedAt?: string;
    status: FailoverRunStatus;
    durationSeconds?: number;
  }[];
}
