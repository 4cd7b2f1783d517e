import type { FailoverPlan, FailoverStepKind } from '../dr/failoverPlan';
import type { DrFinding } from '../dr/posture';
import type { ServiceDrSpec } from '../dr/service';
import type { DrStrategy } from '../dr/strategies';

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
  maxAttempts: number;
  timeoutSeconds: number;
  skipReason?: string;
  error?: string;
  output?: unknown;
  startedAt?: string;
  finishedAt?: string;
  durationMs?: number;
}

/**
 * What a run changed on one cluster, recorded as it changed it: a
 * workload's replicas, or the cluster's rule in Flotilla's OverridePolicy
 * (`before`/`after` absent: no rule, Karmada's scheduler decides).
 *
 * @public
 */
export interface FailoverClusterChange {
  cluster: string;
  kind: 'workload-replicas' | 'override-rule';
  /** `<namespace>/<Kind>/<name>` of the object written. */
  target: string;
  /** `raise` changes are made (and their replicas ready) before `lower` ones. */
  phase: 'raise' | 'lower';
  before?: number;
  after?: number;
  /** `intended`: recorded, the write not confirmed (yet). */
  status: 'intended' | 'applied';
  resourceVersion?: string;
  recordedAt: string;
  appliedAt?: string;
}

/** A failover, rollback or drill run (GET /failovers/:id). @public */
export interface FailoverRun {
  id: string;
  kind: 'failover' | 'rollback' | 'drill';
  entityRef: string;
  status: FailoverRunStatus;
  from: string;
  to: string[];
  reason: string;
  /** The user who started it. */
  actor: string;
  /** For a rollback: the run it reverses. */
  rollbackOf?: string;
  /** A drill that only reports what it would do. */
  dry: boolean;
  cancelRequested: boolean;
  plan: FailoverPlan;
  currentStep?: string;
  error?: string;
  /** From the first step's start to the end: the achieved recovery time. */
  durationMs?: number;
  createdAt: string;
  startedAt?: string;
  finishedAt?: string;
  steps: FailoverRunStep[];
  /** Steps that completed (for a failed run). */
  completedSteps?: FailoverStepKind[];
  /** True when the run moved replicas and can be failed back. */
  rollbackAvailable?: boolean;
  /** What the run changed on each cluster, in order. */
  changes?: FailoverClusterChange[];
}

/** Body of POST /failovers. @public */
export interface StartFailoverRequest {
  entityRef: string;
  from: string;
  to?: string;
  reason: string;
  dryRun?: boolean;
  force?: boolean;
  idempotencyKey?: string;
}

/** One drill, with its achieved RTO against the target. @public */
export interface DrillSummary {
  runId: string;
  status: FailoverRunStatus;
  dryRun: boolean;
  from: string;
  to: string[];
  createdAt: string;
  finishedAt?: string;
  /** Replicas the drill moved to its targets (0 when nothing moved). */
  movedReplicas: number;
  /**
   * From the start of the move to the first read in which the targets'
   * workloads reported the required ready replicas.
   */
  achievedRtoSeconds: number | null;
  targetRtoSeconds: number | null;
  /** False when nothing moved or the targets never became ready. */
  metTarget: boolean | null;
  /** Why the target was missed or cannot be judged; null when met. */
  metTargetReason: string | null;
  steps: {
    kind: FailoverStepKind;
    status: FailoverStepStatus;
    durationMs: number | null;
  }[];
}

/** GET /entities/:kind/:namespace/:name/dr. @public */
export interface EntityDrStatus {
  entityRef: string;
  declared: ServiceDrSpec | null;
  strategy: DrStrategy | null;
  problems: { annotation: string; message: string }[];
  placement: { name: string; replicas: number }[];
  placementErrors: { cluster: string; message: string }[];
  findings: DrFinding[];
  activeRunId: string | null;
  drills: DrillSummary[];
}
