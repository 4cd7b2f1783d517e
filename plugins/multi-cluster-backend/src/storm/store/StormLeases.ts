import type { PlannedTarget } from '@flotilla/plugin-multi-cluster-common';
import { randomUUID } from 'node:crypto';
import { Knex } from 'knex';
import {
  ACTIVE_STORM_STATUSES,
  ChildKey,
  PENDING_CHILD_STATUSES,
  StormChildStatus,
  StormStatus,
} from '../types';
import { CHILDREN, LOCKED_CLUSTERS, STORMS } from './stormTables';
import {
  ChildNotAdmittedError,
  StormLease,
  StormLeaseLostError,
} from './storeTypes';

/** A change of one child, made only from the statuses named. */
export interface ChildTransition {
  from: StormChildStatus[];
  status: StormChildStatus;
  reason?: string | null;
  targets?: PlannedTarget[];
  replicas?: number;
}

/**
 * The orchestration of storms: leases handed to one orchestrator at a time
 * by a conditional UPDATE, and the orchestrator's writes fenced by them
 * (each checks, in its transaction, that the lease is still its own).
 */
export class StormLeases {
  constructor(private readonly db: Knex) {}

  /** Ids of unfinished storms whose lease is free or expired. */
  async listClaimable(now: number, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.db(STORMS)
      .whereIn('status', ACTIVE_STORM_STATUSES)
      .andWhere(q =>
        q.whereNull('lease_expires_at').orWhere('lease_expires_at', '<', now),
      )
      .orderBy('created_at', 'asc')
      .limit(limit)
      .select('id');
    return rows.map(r => r.id);
  }

  /** Claims a storm whose lease is free or expired; of racing replicas one wins. */
  async claim(
    stormId: string,
    workerId: string,
    ttlMs: number,
    now: number,
  ): Promise<StormLease | undefined> {
    const owner = `${workerId}#${randomUUID()}`;
    const updated = await this.db(STORMS)
      .where({ id: stormId })
      .whereIn('status', ACTIVE_STORM_STATUSES)
      .andWhere(q =>
        q.whereNull('lease_expires_at').orWhere('lease_expires_at', '<', now),
      )
      .update({ lease_owner: owner, lease_expires_at: now + ttlMs });
    return updated === 1 ? { stormId, owner } : undefined;
  }

  /** Extends a lease; false when it was lost. */
  async renew(lease: StormLease, ttlMs: number, now: number) {
    const updated = await this.db(STORMS)
      .where({ id: lease.stormId, lease_owner: lease.owner })
      .update({ lease_expires_at: now + ttlMs });
    return updated === 1;
  }

  /** Frees a lease (graceful shutdown: another replica continues at once). */
  async release(lease: StormLease): Promise<void> {
    await this.db(STORMS)
      .where({ id: lease.stormId, lease_owner: lease.owner })
      .update({ lease_owner: null, lease_expires_at: null });
  }

  /**
   * Checks in `tx` that the lease is still held (and, when `admitting`,
   * that the storm runs: not paused, not cancelled). The UPDATE locks the
   * storm's row until `tx` ends, so a pause, cancel or claim waits for it.
   */
  private async fence(
    tx: Knex.Transaction,
    lease: StormLease,
    admitting = false,
  ): Promise<boolean> {
    let q = tx(STORMS).where({ id: lease.stormId, lease_owner: lease.owner });
    if (admitting) {
      q = q.where({ status: 'running', cancel_requested: false });
    }
    const updated = await q.update({ updated_at: new Date().toISOString() });
    return updated === 1;
  }

  /**
   * Changes one child if it is in one of `change.from`; false when it was
   * not. Throws {@link StormLeaseLostError} without the lease.
   */
  async transition(
    lease: StormLease,
    child: ChildKey,
    change: ChildTransition,
  ): Promise<boolean> {
    return this.db.transaction(async tx => {
      if (!(await this.fence(tx, lease))) {
        throw new StormLeaseLostError(lease.stormId);
      }
      const row: Record<string, unknown> = {
        status: change.status,
        updated_at: new Date().toISOString(),
      };
      if (change.reason !== undefined) row.reason = change.reason;
      if (change.targets) row.targets = JSON.stringify(change.targets);
      if (change.replicas !== undefined) row.replicas = change.replicas;
      const updated = await tx(CHILDREN)
        .where({
          storm_id: lease.stormId,
          entity_ref: child.entityRef,
          from_cluster: child.from,
        })
        .whereIn('status', change.from)
        .update(row);
      return updated === 1;
    });
  }

  /**
   * In a child run's transaction: records the run on the child, which must
   * still be pending without a run, in a storm that runs under this lease.
   * Throws {@link ChildNotAdmittedError} otherwise, so the run is not
   * created either.
   */
  async link(
    tx: Knex.Transaction,
    lease: StormLease,
    child: ChildKey,
    runId: string,
  ): Promise<void> {
    if (!(await this.fence(tx, lease, true))) {
      throw new ChildNotAdmittedError(
        `Region failover ${lease.stormId} is not running under this lease`,
      );
    }
    const updated = await tx(CHILDREN)
      .where({
        storm_id: lease.stormId,
        entity_ref: child.entityRef,
        from_cluster: child.from,
        run_id: null,
      })
      .whereIn('status', PENDING_CHILD_STATUSES)
      .update({
        status: 'running',
        run_id: runId,
        reason: null,
        updated_at: new Date().toISOString(),
      });
    if (updated !== 1) {
      throw new ChildNotAdmittedError(
        `${child.entityRef} from ${child.from} is no longer waiting for a run`,
      );
    }
  }

  /**
   * Records a run a key already made on its child (a crash between the two
   * is impossible, as they share a transaction; this only repairs a child
   * whose run another path made). True when the child now names the run.
   */
  async adopt(lease: StormLease, child: ChildKey, runId: string) {
    try {
      await this.db.transaction(tx => this.link(tx, lease, child, runId));
      return true;
    } catch (error) {
      if (error instanceof ChildNotAdmittedError) return false;
      throw error;
    }
  }

  /**
   * Ends a storm (fenced): its status, its error, and frees its lease and
   * the locks of its lost clusters in one transaction.
   */
  async finish(
    lease: StormLease,
    status: Extract<StormStatus, 'succeeded' | 'failed' | 'cancelled'>,
    error: string | undefined,
  ): Promise<boolean> {
    return this.db.transaction(async tx => {
      const now = new Date().toISOString();
      const updated = await tx(STORMS)
        .where({ id: lease.stormId, lease_owner: lease.owner })
        .whereIn('status', ACTIVE_STORM_STATUSES)
        .update({
          status,
          error: error ?? null,
          finished_at: now,
          updated_at: now,
          lease_owner: null,
          lease_expires_at: null,
        });
      if (updated !== 1) return false;
      await tx(LOCKED_CLUSTERS).where({ storm_id: lease.stormId }).delete();
      return true;
    });
  }
}
