import type {
  FailoverPlan,
  FailoverStepKind,
  ReplicaMove,
} from '@flotilla/plugin-multi-cluster-common';

/** @public */
export type FailoverRunKind = 'failover' | 'rollback' | 'drill';

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

export const TERMINAL_RUN_STATUSES: FailoverRunStatus[] = [
  'succeeded',
  'failed',
  'cancelled',
];

/** A workload of the service as seen when the run was created. */
export interface WorkloadRef {
  cluster: string;
  namespace: string;
  kind: 'Deployment' | 'StatefulSet';
  name: string;
  replicas: number;
}

/** A Karmada resource template propagated by a PropagationPolicy. */
export interface KarmadaTarget {
  controlPlane: string;
  namespace: string;
  resources: { apiVersion: string; kind: string; name: string }[];
  propagationPolicy?: string;
}

/**
 * Everything the worker needs to execute a run without the requesting user's
 * credentials; captured when the run is created.
 *
 * @public
 */
export interface FailoverRunContext {
  entityRef: string;
  title?: string;
  kubernetesId?: string;
  namespace?: string;
  owners: string[];
  argocdApp?: string;
  healthUrl?: string;
  resourceRequest?: Record<string, string>;
  workloads: WorkloadRef[];
  karmada?: KarmadaTarget;
  /** Drill without changes: mutating steps only report what they would do. */
  dry?: boolean;
  requestedBy: string;
}

/** @public */
export interface FailoverStepRecord {
  order: number;
  kind: FailoverStepKind;
  title: string;
  status: FailoverStepStatus;
  attempts: number;
  maxAttempts: number;
  timeoutSeconds: number;
  skipReason?: string;
  params: unknown;
  error?: string;
  output?: unknown;
  startedAt?: string;
  finishedAt?: string;
  durationMs?: number;
}

/** @public */
export interface FailoverRun {
  id: string;
  kind: FailoverRunKind;
  entityRef: string;
  status: FailoverRunStatus;
  from: string;
  to: string[];
  reason: string;
  actor: string;
  idempotencyKey?: string;
  rollbackOf?: string;
  dry: boolean;
  plan: FailoverPlan;
  context: FailoverRunContext;
  cancelRequested: boolean;
  currentStep?: string;
  error?: string;
  /** Wall time from the first step's start to the end: the achieved RTO. */
  durationMs?: number;
  claims: number;
  leaseOwner?: string;
  leaseExpiresAt?: number;
  createdAt: string;
  startedAt?: string;
  finishedAt?: string;
  steps: FailoverStepRecord[];
  /** Steps that completed (for a failed run). */
  completedSteps?: string[];
  /** True when the run moved replicas and can be failed back. */
  rollbackAvailable?: boolean;
}

export type { FailoverPlan, ReplicaMove };
