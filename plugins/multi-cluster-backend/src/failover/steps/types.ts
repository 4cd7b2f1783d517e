import { LoggerService } from '@backstage/backend-plugin-api';
import type { NotificationService } from '@backstage/plugin-notifications-node';
import type { FailoverStepKind } from '@flotilla/plugin-multi-cluster-common';
import {
  type TrafficProvider,
  KarmadaConnector,
  ClusterClientFactory,
  errorMessage,
} from '@flotilla/plugin-multi-cluster-node';
import { FleetInventoryService } from '../../inventory/FleetInventory';
import { WorkloadOperations } from '../../workloads/WorkloadService';
import { FailoverConfig } from '../config';
import { FailoverRun, FailoverStepRecord } from '../types';
import type { ClusterChange, NewClusterChange } from '../ChangeJournal';
import { sleep } from '../../util/deadline';

/**
 * Shifts user traffic (DNS, global load balancer) from one cluster to
 * others. Implementations must be idempotent: a step may be retried.
 *
 * @public
 */
export interface TrafficShiftProvider {
  /** Shown in the plan, e.g. `webhook`, `route53`. */
  readonly name: string;
  shift(request: {
    runId: string;
    entityRef: string;
    from: string;
    to: string[];
    dryRun: boolean;
    signal: AbortSignal;
  }): Promise<Record<string, unknown> | void>;
}

/** What step executors may use. */
export interface StepDeps {
  config: FailoverConfig;
  logger: LoggerService;
  inventory: FleetInventoryService;
  workloads: WorkloadOperations;
  karmada: KarmadaConnector[];
  /**
   * Clients of the fleet's clusters: direct scaling then patches with the
   * resourceVersion it read.
   */
  clients?: ClusterClientFactory;
  /** Re-reads after a 409 before giving up (`multiCluster.conflictRetries`). */
  conflictRetries?: number;
  traffic?: TrafficShiftProvider;
  /** The configured traffic providers by name (`multiCluster.traffic.providers`). */
  trafficProviders?: { get(name: string): TrafficProvider | undefined };
  /** Reads other runs: a rollback's step reads what its original recorded. */
  runs?: { getRun(id: string): Promise<FailoverRun | undefined> };
  notifications?: NotificationService;
  /** Overridable for tests. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * What a step changes on each cluster, recorded as it changes it (fenced by
 * the run's lease: a worker that lost it records and changes nothing more).
 */
export interface StepChanges {
  /**
   * What this run changed so far, every step, in order; with `runId`, what
   * another run changed (a rollback reads its original's).
   */
  ofRun(runId?: string): Promise<ClusterChange[]>;
  /** Records changes this step is about to write. */
  intend(changes: Omit<NewClusterChange, 'stepOrder'>[]): Promise<void>;
  /** Marks this step's intended changes of a phase (and target) applied. */
  applied(
    phase: ClusterChange['phase'],
    resourceVersion: string | undefined,
    target?: string,
  ): Promise<void>;
}

/** One execution attempt of one step. */
export interface StepContext {
  run: FailoverRun;
  step: FailoverStepRecord;
  attempt: number;
  /** Aborted on timeout, cancellation or lease loss. */
  signal: AbortSignal;
  timeoutMs: number;
  /** Poll interval of waiting steps (already scaled). */
  pollIntervalMs: number;
  deps: StepDeps;
  changes: StepChanges;
  /**
   * Records what a waiting step has seen so far (its output until it ends),
   * so the run shows progress and warnings while it waits.
   */
  progress(output: Record<string, unknown>): Promise<void>;
}

export interface StepResult {
  output?: Record<string, unknown>;
  /** Set to skip the step visibly, with the reason. */
  skipped?: string;
}

/** @public */
export type StepExecutor = (ctx: StepContext) => Promise<StepResult>;

export type StepExecutors = Record<FailoverStepKind, StepExecutor>;

/** A step failure; `retryable: false` fails the run at once. */
export class StepError extends Error {
  readonly retryable: boolean;
  constructor(message: string, options: { retryable?: boolean } = {}) {
    super(message);
    this.name = 'StepError';
    this.retryable = options.retryable ?? true;
  }
}

export { errorMessage, sleep };

/**
 * Why a `fetch` failed: undici's error is "fetch failed" whatever happened,
 * so the network error's code (e.g. ECONNREFUSED) in its cause says more;
 * the message when there is none.
 */
export function fetchFailureReason(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const cause: unknown = (error as { cause?: unknown }).cause;
    if (typeof cause === 'object' && cause !== null) {
      const code: unknown = (cause as { code?: unknown }).code;
      if (code !== undefined && code !== null) return String(code);
    }
  }
  return errorMessage(error);
}
