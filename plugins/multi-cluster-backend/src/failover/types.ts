import type {
  FailoverPlan,
  FailoverRunStatus,
  FailoverRunStep,
  FailoverStepKind,
  ReplicaMove,
} from '@flotilla/plugin-multi-cluster-common';

import type { ClusterChange } from './ChangeJournal';

// The statuses and the public step shape are the API's, shared with the frontend.
export type {
  FailoverRunStatus,
  FailoverStepStatus,
} from '@flotilla/plugin-multi-cluster-common';

/** @public */
export type FailoverRunKind = 'failover' | 'rollback' | 'drill';

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
  requestedBy: string;
}

/** A step as stored: the API's step plus the plan's parameters. @public */
export interface FailoverStepRecord extends FailoverRunStep {
  params: unknown;
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
  /** The rollback of this run; a run is rolled back at most once. */
  rolledBackBy?: string;
  /**
   * A rehearsal whose mutating steps only reported what they would do: the
   * drills made before drills moved replicas. New runs are never dry.
   */
  dry: boolean;
  plan: FailoverPlan;
  context: FailoverRunContext;
  cancelRequested: boolean;
  currentStep?: string;
  error?: string;
  /** Wall time from the first step's start to the end of the run. */
  durationMs?: number;
  claims: number;
  leaseOwner?: string;
  leaseExpiresAt?: number;
  createdAt: string;
  startedAt?: string;
  finishedAt?: string;
  steps: FailoverStepRecord[];
  /** Steps that completed (for a failed run). */
  completedSteps?: FailoverStepKind[];
  /** True when the run moved replicas and can be failed back. */
  rollbackAvailable?: boolean;
  /** What the run changed on each cluster (the change journal), in order. */
  changes?: ClusterChange[];
}

export type { FailoverPlan, ReplicaMove };
