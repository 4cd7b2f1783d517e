import { Knex } from 'knex';
import { RunLeases, RunResult, StepPatch } from './RunLeases';
import { RunRecords, RunStatusView } from './RunRecords';
import { IdempotencyClaim, Lease, NewFailoverRun } from './storeTypes';
import { FailoverRun, FailoverRunKind, FailoverRunStatus } from './types';

export { ActiveFailoverError, AlreadyRolledBackError } from './storeTypes';
export type { IdempotencyClaim, Lease, NewFailoverRun } from './storeTypes';
export type { RunResult, StepPatch } from './RunLeases';
export type { RunStatusView } from './RunRecords';

/**
 * Persistence of failover runs (SQLite and PostgreSQL), in the tables the
 * plugin's migrations create. Exactly-once comes from the database: the
 * `multi_cluster_failover_active` primary key admits one unfinished run per
 * entity, the unique `(idempotency_scope, idempotency_key)` one run per
 * caller, operation and key, a conditional UPDATE of `rolled_back_by` one
 * rollback per run, and another conditional UPDATE hands each run's lease
 * to one worker at a time. Every write of a worker is fenced by its lease.
 *
 * One object for the service and the worker, over two parts: creating and
 * reading runs ({@link RunRecords}), and executing them under a lease
 * ({@link RunLeases}).
 */
export class FailoverStore {
  private readonly records: RunRecords;
  private readonly leases: RunLeases;

  constructor(readonly db: Knex) {
    this.records = new RunRecords(db);
    this.leases = new RunLeases(db);
  }

  /**
   * Inserts a run, its steps and the entity's active lock in one
   * transaction; for a rollback, the original run is marked rolled back in
   * the same transaction by a conditional UPDATE. Insert-or-read on the
   * scoped idempotency key: when the key already has a run (also one a
   * racing request just committed) that run is returned with
   * `created: false`, whatever conflict the insert hit; the caller compares
   * `requestHash`. Throws {@link ActiveFailoverError} when another run of
   * the entity is unfinished and {@link AlreadyRolledBackError} when the
   * original already has its rollback.
   */
  createRun(input: NewFailoverRun): Promise<{
    run: FailoverRun;
    created: boolean;
    requestHash?: string;
  }> {
    return this.records.createRun(input);
  }

  /** The run made with a scoped idempotency key, and its request's hash. */
  findByIdempotencyKey(
    claim: Pick<IdempotencyClaim, 'scope' | 'key'>,
  ): Promise<{ run: FailoverRun; requestHash?: string } | undefined> {
    return this.records.findByIdempotencyKey(claim);
  }

  /** The unfinished run of an entity, if any. */
  getActive(entityRef: string): Promise<string | undefined> {
    return this.records.getActive(entityRef);
  }

  getRun(id: string): Promise<FailoverRun | undefined> {
    return this.records.getRun(id);
  }

  /** Status, error and cancellation of runs, without their steps. */
  statusesOf(ids: string[]): Promise<RunStatusView[]> {
    return this.records.statusesOf(ids);
  }

  listRuns(options: {
    entityRef?: string;
    kind?: FailoverRunKind;
    status?: FailoverRunStatus[];
    limit?: number;
  }): Promise<FailoverRun[]> {
    return this.records.listRuns(options);
  }

  /** Ids of unfinished runs whose lease is free or expired. */
  listClaimable(now: number, limit: number): Promise<string[]> {
    return this.leases.listClaimable(now, limit);
  }

  /**
   * Claims a run for `workerId` when its lease is free or expired: a
   * conditional UPDATE, so of several replicas exactly one succeeds.
   */
  claim(
    runId: string,
    workerId: string,
    ttlMs: number,
    now = Date.now(),
  ): Promise<Lease | undefined> {
    return this.leases.claim(runId, workerId, ttlMs, now);
  }

  /** Extends a lease; false when it was lost (expired and taken over). */
  renew(lease: Lease, ttlMs: number): Promise<boolean> {
    return this.leases.renew(lease, ttlMs);
  }

  /** Frees a lease (the run stays claimable, e.g. on shutdown). */
  release(lease: Lease): Promise<void> {
    return this.leases.release(lease);
  }

  /** Marks the run running (fenced). */
  markRunning(lease: Lease): Promise<boolean> {
    return this.leases.markRunning(lease);
  }

  /** Updates a step (fenced by the lease). */
  updateStep(lease: Lease, order: number, patch: StepPatch): Promise<boolean> {
    return this.leases.updateStep(lease, order, patch);
  }

  /**
   * Ends a run (fenced): sets the final status, frees the lease and the
   * entity's active lock in one transaction.
   */
  finish(lease: Lease, result: RunResult): Promise<boolean> {
    return this.leases.finish(lease, result);
  }

  /**
   * Requests cancellation. A run nobody holds is cancelled at once;
   * a running one stops before its next step attempt.
   */
  requestCancel(
    runId: string,
    now = Date.now(),
  ): Promise<'cancelled' | 'requested' | 'finished'> {
    return this.leases.requestCancel(runId, now);
  }

  isCancelRequested(runId: string): Promise<boolean> {
    return this.leases.isCancelRequested(runId);
  }
}
