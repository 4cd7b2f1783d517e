import { randomUUID } from 'node:crypto';
import { Knex } from 'knex';
import { ACTIVE, RUNS, STEPS, toBoolean, toJson } from './failoverTables';
import { Lease } from './storeTypes';
import { FailoverRunStatus, FailoverStepStatus } from './types';

/** A change to a step, written by the worker that holds the run's lease. */
export interface StepPatch {
  status?: FailoverStepStatus;
  attempts?: number;
  error?: string | null;
  output?: unknown;
  startedAt?: string;
  finishedAt?: string;
  durationMs?: number;
  currentStep?: string;
}

/** How a run ends. */
export interface RunResult {
  status: Extract<FailoverRunStatus, 'succeeded' | 'failed' | 'cancelled'>;
  error?: string;
  durationMs?: number;
  cancelPendingSteps?: boolean;
}

/** The columns of a step that a patch changes. */
function stepRow(patch: StepPatch): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  if (patch.status !== undefined) row.status = patch.status;
  if (patch.attempts !== undefined) row.attempts = patch.attempts;
  if (patch.error !== undefined) row.error = patch.error;
  if (patch.output !== undefined) row.output = toJson(patch.output);
  if (patch.startedAt !== undefined) row.started_at = patch.startedAt;
  if (patch.finishedAt !== undefined) row.finished_at = patch.finishedAt;
  if (patch.durationMs !== undefined) row.duration_ms = patch.durationMs;
  return row;
}

/**
 * Execution state of runs: leases handed to one worker at a time by a
 * conditional UPDATE, the writes fenced by them, the end of a run and
 * cancellation.
 */
export class RunLeases {
  constructor(private readonly db: Knex) {}

  /** Ids of unfinished runs whose lease is free or expired. */
  async listClaimable(now: number, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.db(RUNS)
      .whereIn('status', ['pending', 'running'])
      .andWhere(q =>
        q.whereNull('lease_expires_at').orWhere('lease_expires_at', '<', now),
      )
      .orderBy('created_at', 'asc')
      .limit(limit)
      .select('id');
    return rows.map(r => r.id);
  }

  /**
   * When the first lease held now expires (epoch ms), if any: a worker
   * wakes then to take over the run of a replica that died holding it.
   */
  async nextLeaseExpiry(now: number): Promise<number | undefined> {
    const row: { next?: number | string | null } | undefined = await this.db(
      RUNS,
    )
      .whereIn('status', ['pending', 'running'])
      .andWhere('lease_expires_at', '>=', now)
      .min({ next: 'lease_expires_at' })
      .first();
    return row?.next === null || row?.next === undefined
      ? undefined
      : Number(row.next);
  }

  /**
   * Claims a run for `workerId` when its lease is free or expired: a
   * conditional UPDATE, so of several replicas exactly one succeeds.
   */
  async claim(
    runId: string,
    workerId: string,
    ttlMs: number,
    now: number,
  ): Promise<Lease | undefined> {
    const owner = `${workerId}#${randomUUID()}`;
    const updated = await this.db(RUNS)
      .where({ id: runId })
      .whereIn('status', ['pending', 'running'])
      .andWhere(q =>
        q.whereNull('lease_expires_at').orWhere('lease_expires_at', '<', now),
      )
      .update({
        lease_owner: owner,
        lease_expires_at: now + ttlMs,
        claims: this.db.raw('claims + 1'),
      });
    return updated === 1 ? { runId, owner } : undefined;
  }

  /** Extends a lease; false when it was lost (expired and taken over). */
  async renew(lease: Lease, ttlMs: number): Promise<boolean> {
    const updated = await this.db(RUNS)
      .where({ id: lease.runId, lease_owner: lease.owner })
      .update({ lease_expires_at: Date.now() + ttlMs });
    return updated === 1;
  }

  /** Frees a lease (the run stays claimable, e.g. on shutdown). */
  async release(lease: Lease): Promise<void> {
    await this.db(RUNS)
      .where({ id: lease.runId, lease_owner: lease.owner })
      .update({ lease_owner: null, lease_expires_at: null });
  }

  /** Marks the run running (fenced); a resumed run keeps its start. */
  async markRunning(lease: Lease, startedAt: string): Promise<boolean> {
    const updated = await this.db(RUNS)
      .where({ id: lease.runId, lease_owner: lease.owner })
      .update({
        status: 'running',
        started_at: this.db.raw('COALESCE(started_at, ?)', [startedAt]),
      });
    return updated === 1;
  }

  /**
   * Updates a step (fenced by the lease): the run's row is updated where
   * the lease still names this owner, and the step only if it was, in one
   * transaction. On PostgreSQL that is one statement (the run's UPDATE in a
   * WITH clause, the step's UPDATE reading what it returned): the same
   * conditional UPDATE and row lock as the transaction, in one round trip.
   */
  async updateStep(
    lease: Lease,
    order: number,
    patch: StepPatch,
  ): Promise<boolean> {
    const fence: Record<string, unknown> =
      patch.currentStep !== undefined
        ? { current_step: patch.currentStep }
        : { lease_owner: lease.owner };
    const row = stepRow(patch);
    if (this.db.client.dialect === 'postgresql') {
      return this.updateStepAtOnce(lease, order, fence, row);
    }
    return this.db.transaction(async tx => {
      const run = await tx(RUNS)
        .where({ id: lease.runId, lease_owner: lease.owner })
        .update(fence);
      if (run !== 1) {
        return false;
      }
      if (Object.keys(row).length) {
        await tx(STEPS)
          .where({ run_id: lease.runId, step_order: order })
          .update(row);
      }
      return true;
    });
  }

  private async updateStepAtOnce(
    lease: Lease,
    order: number,
    fence: Record<string, unknown>,
    row: Record<string, unknown>,
  ): Promise<boolean> {
    let query = this.db.with('fence', q =>
      q
        .from(RUNS)
        .where({ id: lease.runId, lease_owner: lease.owner })
        .update(fence)
        .returning('id'),
    );
    if (Object.keys(row).length) {
      // Runs to completion although the main query does not read it.
      query = query.with('step', q =>
        q
          .from(STEPS)
          .whereIn('run_id', this.db.select('id').from('fence'))
          .andWhere({ step_order: order })
          .update(row)
          .returning('run_id'),
      );
    }
    const [{ fenced }]: { fenced: number | string }[] = await query
      .from('fence')
      .count({ fenced: '*' });
    return Number(fenced) === 1;
  }

  /**
   * Ends a run (fenced): sets the final status, frees the lease and the
   * entity's active lock in one transaction.
   */
  async finish(lease: Lease, result: RunResult): Promise<boolean> {
    return this.db.transaction(async tx => {
      const updated = await tx(RUNS)
        .where({ id: lease.runId, lease_owner: lease.owner })
        .update({
          status: result.status,
          error: result.error ?? null,
          duration_ms: result.durationMs ?? null,
          finished_at: new Date().toISOString(),
          lease_owner: null,
          lease_expires_at: null,
          current_step: null,
        });
      if (updated !== 1) {
        return false;
      }
      if (result.cancelPendingSteps) {
        await tx(STEPS)
          .where({ run_id: lease.runId })
          .whereIn('status', ['pending', 'running'])
          .update({ status: 'cancelled' });
      }
      await tx(ACTIVE).where({ run_id: lease.runId }).delete();
      if (result.status !== 'succeeded') {
        await this.releaseRollbackMark(tx, lease.runId);
      }
      return true;
    });
  }

  /**
   * Requests cancellation. A run nobody holds is cancelled at once;
   * a running one stops before its next step attempt.
   */
  async requestCancel(
    runId: string,
    now: number,
  ): Promise<'cancelled' | 'requested' | 'finished'> {
    return this.db.transaction(async tx => {
      const direct = await tx(RUNS)
        .where({ id: runId })
        .whereIn('status', ['pending', 'running'])
        .andWhere(q =>
          q.whereNull('lease_expires_at').orWhere('lease_expires_at', '<', now),
        )
        .update({
          status: 'cancelled',
          cancel_requested: true,
          finished_at: new Date().toISOString(),
          lease_owner: null,
          lease_expires_at: null,
          current_step: null,
          error: 'cancelled before it was picked up',
        });
      if (direct === 1) {
        await tx(STEPS)
          .where({ run_id: runId })
          .whereIn('status', ['pending', 'running'])
          .update({ status: 'cancelled' });
        await tx(ACTIVE).where({ run_id: runId }).delete();
        await this.releaseRollbackMark(tx, runId);
        return 'cancelled';
      }
      const requested = await tx(RUNS)
        .where({ id: runId })
        .whereIn('status', ['pending', 'running'])
        .update({ cancel_requested: true });
      return requested === 1 ? 'requested' : 'finished';
    });
  }

  async isCancelRequested(runId: string): Promise<boolean> {
    const row: { cancel_requested: unknown } | undefined = await this.db(RUNS)
      .where({ id: runId })
      .first('cancel_requested');
    return toBoolean(row?.cancel_requested);
  }

  /**
   * A rollback that ended before its shift step made any attempt changed
   * nothing: its original may be rolled back again, so the mark is freed
   * (only if it still names this rollback).
   */
  private async releaseRollbackMark(tx: Knex.Transaction, runId: string) {
    const run: { rollback_of: string | null } | undefined = await tx(RUNS)
      .where({ id: runId })
      .first('rollback_of');
    if (!run?.rollback_of) return;
    const shift: { attempts: number | string } | undefined = await tx(STEPS)
      .where({ run_id: runId, kind: 'shift-replicas' })
      .first('attempts');
    if (shift && Number(shift.attempts) > 0) return;
    await tx(RUNS)
      .where({ id: run.rollback_of, rolled_back_by: runId })
      .update({ rolled_back_by: null });
  }
}
