/**
 * One runbook step kind, as it appears in a planned failover and in the
 * rollback of a run.
 */
import type { ClusterProfile } from '../../fleet/cluster';
import type {
  FailoverPlanRequest,
  FailoverStep,
  FailoverStepKind,
  ReplicaMove,
  ShiftMethod,
} from '../failoverPlan';
import type { RollbackSource } from '../rollbackPlan';

/** What a failover's steps are written from, worked out by `planFailover`. */
export interface FailoverStepFacts {
  request: FailoverPlanRequest;
  source: ClusterProfile;
  /** Where the moved replicas go. */
  split: { name: string; replicas: number }[];
  targets: string[];
  moved: number;
  method: ShiftMethod;
  moves: ReplicaMove[];
  /** Replicas per cluster once the failover is done. */
  after: Map<string, number>;
}

/** What a rollback's steps are written from, worked out by `inversePlan`. */
export interface RollbackStepFacts {
  run: RollbackSource;
  /** The cluster the rollback takes replicas from first. */
  from: string;
  to: string[];
  moved: number;
  moves: ReplicaMove[];
  /** The clusters that get replicas back. */
  returned: ReplicaMove[];
}

/** The step's own words and parameters. */
export interface StepContent<K extends FailoverStepKind> {
  title: string;
  description: string;
  params: Extract<FailoverStep, { kind: K }>['params'];
  /** Why the step will be skipped; absent when it runs. */
  skipReason?: string;
}

/** One step kind: its defaults and how each kind of plan words it. */
export interface RunbookStep<K extends FailoverStepKind> {
  kind: K;
  /** Defaults for a planned failover; a rollback keeps its run's. */
  timeoutSeconds: number;
  maxAttempts: number;
  failover(facts: FailoverStepFacts): StepContent<K>;
  rollback(facts: RollbackStepFacts): Omit<StepContent<K>, 'skipReason'>;
}

/** A step of any kind. */
export type AnyRunbookStep = {
  [K in FailoverStepKind]: RunbookStep<K>;
}[FailoverStepKind];
