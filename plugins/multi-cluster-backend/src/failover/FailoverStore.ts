import { Knex } from 'knex';
import { RunLeases, RunResult, StepPatch } from './RunLeases';
import { RunRecords, RunStatusView } from './RunRecords';
import { IdempotencyClaim, Lease, NewFailoverRun } from './storeTypes';
import { FailoverRun, FailoverRunKind, FailoverRunStatus } from './types';
import { WorkNoticeKind, WorkSignal } from './workSignal';

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
 *
 * Once a change that gives workers something to do has committed (a run
 * created, finished or its lease released), the work signal tells every
 * replica's worker: a hint to look now rather than at its next poll.
 */
export class FailoverStore {
  private readonly records: RunRecords;
  private readonly leases: RunLeases;

  constructor(readonly db: Knex, private readonly signal?: WorkSignal) {
    this.records = new RunRecords(db);
    this.leases = new RunLeases(db);
  }

  /**
   * Tells the workers, without waiting for the other replicas' copy to be
   * sent: the caller's own next writes (the transition's history, audit
   * and signal) should not wait for a hint.
   */
  private announce(kind: WorkNoticeKind, runId: string): void {
    void this.signal?.notify(kind, { runId });
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
  async createRun(input: NewFailoverRun): Promise<{
    run: FailoverRun;
    created: boolean;
    requestHash?: string;
  }> {
    const result = await this.records.createRun(input);
    if (result.created) this.announce('run-created', result.run.id);
    return result;
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

  /** When the first lease held now expires (epoch ms), if one is held. */
  nextLeaseExpiry(now: number): Promise<number | undefined> {
    return this.leases.nextLeaseExpiry(now);
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
  async release(lease: Lease): Promise<void> {
    await this.leases.release(lease);
    this.announce('lease-released', lease.runId);
  }

  /** Marks the run running (fenced); a resumed run keeps its start. */
  markRunning(
    lease: Lease,
    startedAt = new Date().toISOString(),
  ): Promise<boolean> {
    return this.leases.markRunning(lease, startedAt);
  }

  /** Updates a step (fenced by the lease). */
  updateStep(lease: Lease, order: number, patch: StepPatch): Promise<boolean> {
    return this.leases.updateStep(lease, order, patch);
  }

  /**
   * Ends a run (fenced): sets the final status, frees the lease and the
   * entity's active lock in one transaction.
   */
  async finish(lease: Lease, result: RunResult): Promise<boolean> {
    const finished = await this.leases.finish(lease, result);
    if (finished) this.announce('run-finished', lease.runId);
    return finished;
  }

  /**
   * Requests cancellation. A run nobody holds is cancelled at once;
   * a running one stops before its next step attempt.
   */
  async requestCancel(
    runId: string,
    now = Date.now(),
  ): Promise<'cancelled' | 'requested' | 'finished'> {
    const outcome = await this.leases.requestCancel(runId, now);
    if (outcome === 'cancelled') this.announce('run-finished', runId);
    return outcome;
  }

  isCancelRequested(runId: string): Promise<boolean> {
    return this.leases.isCancelRequested(runId);
  }
}
