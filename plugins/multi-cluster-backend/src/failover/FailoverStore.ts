import { resolvePackagePath } from '@backstage/backend-plugin-api';
import { ConflictError } from '@backstage/errors';
import type { FailoverPlan } from '@flotilla/plugin-multi-cluster-common';
import { randomUUID } from 'node:crypto';
import { Knex } from 'knex';
import {
  FailoverRun,
  FailoverRunContext,
  FailoverRunKind,
  FailoverRunStatus,
  FailoverStepRecord,
  FailoverStepStatus,
  TERMINAL_RUN_STATUSES,
} from './types';

const RUNS = 'multi_cluster_failover_runs';
const STEPS = 'multi_cluster_failover_steps';
const ACTIVE = 'multi_cluster_failover_active';

const migrationsDir = resolvePackagePath(
  '@flotilla/plugin-multi-cluster-backend',
  'migrations',
);

/** Thrown when an entity already has an unfinished failover. */
export class ActiveFailoverError extends ConflictError {
  constructor(readonly runId: string, entityRef: string) {
    super(`A failover of ${entityRef} is already in progress: ${runId}`);
  }
}

/** Thrown when a run already has its (one) rollback. */
export class AlreadyRolledBackError extends ConflictError {
  constructor(readonly runId: string, readonly rollbackId: string | undefined) {
    super(
      rollbackId
        ? `Run ${runId} has already been rolled back by run ${rollbackId}`
        : `Run ${runId} is not finished or has already been rolled back`,
    );
  }
}

/**
 * An idempotency key, scoped to the caller and the operation, with the hash
 * of the request it came with.
 */
export interface IdempotencyClaim {
  /** e.g. `user:default/jane|failover.create`. */
  scope: string;
  key: string;
  requestHash: string;
}

export interface NewFailoverRun {
  kind: FailoverRunKind;
  entityRef: string;
  reason: string;
  actor: string;
  idempotency?: IdempotencyClaim;
  /**
   * The run this one rolls back. Creating the rollback marks that run
   * rolled back, once: a second rollback fails with
   * {@link AlreadyRolledBackError}.
   */
  rollbackOf?: string;
  dry: boolean;
  plan: FailoverPlan;
  context: FailoverRunContext;
}

/** A claimed run: the lease token must accompany every write. */
export interface Lease {
  runId: string;
  owner: string;
}

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
const parse = (v: unknown) =>
  v === null || v === undefined ? undefined : JSON.parse(String(v));
const num = (v: unknown) =>
  v === null || v === undefined ? undefined : Number(v);
const bool = (v: unknown) => v === true || v === 1 || v === '1';

/** Thrown inside the create transaction when the rollback mark was taken. */
class RollbackTakenSignal extends Error {}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed|duplicate key/i.test(e?.message ?? '')
  );
}

/**
 * Persistence of failover runs (SQLite and PostgreSQL). Exactly-once comes
 * from the database: the `multi_cluster_failover_active` primary key admits
 * one unfinished run per entity, the unique `(idempotency_scope,
 * idempotency_key)` one run per caller, operation and key, a conditional
 * UPDATE of `rolled_back_by` one rollback per run, and another conditional
 * UPDATE hands each run's lease to one worker at a time. Every write of a
 * worker is fenced by its lease.
 */
export class FailoverStore {
  static async create(options: {
    knex: Knex;
    skipMigrations?: boolean;
  }): Promise<FailoverStore> {
    if (!options.skipMigrations) {
      await options.knex.migrate.latest({ directory: migrationsDir });
    }
    return new FailoverStore(options.knex);
  }

  constructor(readonly db: Knex) {}

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
    if (input.idempotency) {
      const existing = await this.findByIdempotencyKey(input.idempotency);
      if (existing) {
        return { ...existing, created: false };
      }
    }
    const id = randomUUID();
    const now = new Date().toISOString();
    try {
      await this.db.transaction(async tx => {
        if (input.rollbackOf) {
          // The once-only transition: of racing or repeated rollbacks,
          // exactly one finds the mark free.
          const marked = await tx(RUNS)
            .where({ id: input.rollbackOf, rolled_back_by: null })
            .whereIn('status', TERMINAL_RUN_STATUSES)
            .update({ rolled_back_by: id });
          if (marked !== 1) {
            throw new RollbackTakenSignal();
          }
        }
        await tx(RUNS).insert({
          id,
          kind: input.kind,
          entity_ref: input.entityRef,
          status: 'pending',
          from_cluster: input.plan.from,
          to_clusters: JSON.stringify(input.plan.to),
          reason: input.reason,
          actor: input.actor,
          idempotency_key: input.idempotency?.key ?? null,
          idempotency_scope: input.idempotency?.scope ?? null,
          request_hash: input.idempotency?.requestHash ?? null,
          rollback_of: input.rollbackOf ?? null,
          dry: input.dry,
          plan: JSON.stringify(input.plan),
          context: JSON.stringify(input.context),
          cancel_requested: false,
          claims: 0,
          created_at: now,
        });
        await tx(ACTIVE).insert({
          entity_ref: input.entityRef,
          run_id: id,
          created_at: now,
        });
        await tx(STEPS).insert(
          input.plan.steps.map(s => ({
            run_id: id,
            step_order: s.order,
            kind: s.kind,
            title: s.title.slice(0, 255),
            status: 'pending',
            attempts: 0,
            max_attempts: s.maxAttempts,
            timeout_seconds: s.timeoutSeconds,
            skip_reason: s.skipReason ?? null,
            params: JSON.stringify(s.params),
          })),
        );
      });
    } catch (error) {
      const rollbackTaken = error instanceof RollbackTakenSignal;
      if (!rollbackTaken && !isUniqueViolation(error)) {
        throw error;
      }
      // Whatever the conflict, a racing request with the same key that won
      // answers this one.
      if (input.idempotency) {
        const existing = await this.findByIdempotencyKey(input.idempotency);
        if (existing) {
          return { ...existing, created: false };
        }
      }
      if (rollbackTaken) {
        const original = await this.db(RUNS)
          .where({ id: input.rollbackOf })
          .first('rolled_back_by');
        throw new AlreadyRolledBackError(
          input.rollbackOf!,
          original?.rolled_back_by ?? undefined,
        );
      }
      const active = await this.db(ACTIVE)
        .where({ entity_ref: input.entityRef })
        .first();
      if (active) {
        throw new ActiveFailoverError(active.run_id, input.entityRef);
      }
      throw new ConflictError(
        `A concurrent failover of ${input.entityRef} was just created; retry`,
      );
    }
    return { run: (await this.getRun(id))!, created: true };
  }

  /** The run made with a scoped idempotency key, and its request's hash. */
  async findByIdempotencyKey(
    claim: Pick<IdempotencyClaim, 'scope' | 'key'>,
  ): Promise<{ run: FailoverRun; requestHash?: string } | undefined> {
    const row = await this.db(RUNS)
      .where({ idempotency_scope: claim.scope, idempotency_key: claim.key })
      .first();
    return row
      ? {
          run: await this.hydrate(row),
          requestHash: row.request_hash ?? undefined,
        }
      : undefined;
  }

  async getActive(entityRef: string): Promise<string | undefined> {
    const row = await this.db(ACTIVE).where({ entity_ref: entityRef }).first();
    return row?.run_id;
  }

  async getRun(id: string): Promise<FailoverRun | undefined> {
    const row = await this.db(RUNS).where({ id }).first();
    return row ? this.hydrate(row) : undefined;
  }

  async listRuns(options: {
    entityRef?: string;
    kind?: FailoverRunKind;
    status?: FailoverRunStatus[];
    limit?: number;
  }): Promise<FailoverRun[]> {
    let q = this.db(RUNS)
      .select('*')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
    if (options.entityRef) q = q.where('entity_ref', options.entityRef);
    if (options.kind) q = q.where('kind', options.kind);
    if (options.status) q = q.whereIn('status', options.status);
    const rows = await q.limit(options.limit ?? 50);
    return Promise.all(rows.map(r => this.hydrate(r)));
  }

  private async hydrate(row: any): Promise<FailoverRun> {
    const steps: any[] = await this.db(STEPS)
      .where({ run_id: row.id })
      .orderBy('step_order', 'asc');
    return {
      id: row.id,
      kind: row.kind,
      entityRef: row.entity_ref,
      status: row.status,
      from: row.from_cluster,
      to: JSON.parse(row.to_clusters),
      reason: row.reason,
      actor: row.actor,
      idempotencyKey: row.idempotency_key ?? undefined,
      rollbackOf: row.rollback_of ?? undefined,
      rolledBackBy: row.rolled_back_by ?? undefined,
      dry: bool(row.dry),
      plan: JSON.parse(row.plan),
      context: JSON.parse(row.context),
      cancelRequested: bool(row.cancel_requested),
      currentStep: row.current_step ?? undefined,
      error: row.error ?? undefined,
      durationMs: num(row.duration_ms),
      claims: Number(row.claims),
      leaseOwner: row.lease_owner ?? undefined,
      leaseExpiresAt: num(row.lease_expires_at),
      createdAt: row.created_at,
      startedAt: row.started_at ?? undefined,
      finishedAt: row.finished_at ?? undefined,
      steps: steps.map(
        (s): FailoverStepRecord => ({
          order: Number(s.step_order),
          kind: s.kind,
          title: s.title,
          status: s.status,
          attempts: Number(s.attempts),
          maxAttempts: Number(s.max_attempts),
          timeoutSeconds: Number(s.timeout_seconds),
          skipReason: s.skip_reason ?? undefined,
          params: parse(s.params),
          error: s.error ?? undefined,
          output: parse(s.output),
          startedAt: s.started_at ?? undefined,
          finishedAt: s.finished_at ?? undefined,
          durationMs: num(s.duration_ms),
        }),
      ),
    };
  }

  /** Ids of unfinished runs whose lease is free or expired. */
  async listClaimable(now: number, limit: number): Promise<string[]> {
    const rows = await this.db(RUNS)
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
   * Claims a run for `workerId` when its lease is free or expired: a
   * conditional UPDATE, so of several replicas exactly one succeeds.
   */
  async claim(
    runId: string,
    workerId: string,
    ttlMs: number,
    now = Date.now(),
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

  /** Marks the run running (fenced). */
  async markRunning(lease: Lease): Promise<boolean> {
    const now = new Date().toISOString();
    const updated = await this.db(RUNS)
      .where({ id: lease.runId, lease_owner: lease.owner })
      .update({
        status: 'running',
        started_at: this.db.raw('COALESCE(started_at, ?)', [now]),
      });
    return updated === 1;
  }

  /** Updates a step (fenced by the lease). */
  async updateStep(
    lease: Lease,
    order: number,
    patch: {
      status?: FailoverStepStatus;
      attempts?: number;
      error?: string | null;
      output?: unknown;
      startedAt?: string;
      finishedAt?: string;
      durationMs?: number;
      currentStep?: string;
    },
  ): Promise<boolean> {
    return this.db.transaction(async tx => {
      const run = await tx(RUNS)
        .where({ id: lease.runId, lease_owner: lease.owner })
        .update(
          patch.currentStep !== undefined
            ? { current_step: patch.currentStep }
            : { lease_owner: lease.owner },
        );
      if (run !== 1) {
        return false;
      }
      const row: Record<string, unknown> = {};
      if (patch.status !== undefined) row.status = patch.status;
      if (patch.attempts !== undefined) row.attempts = patch.attempts;
      if (patch.error !== undefined) row.error = patch.error;
      if (patch.output !== undefined) row.output = json(patch.output);
      if (patch.startedAt !== undefined) row.started_at = patch.startedAt;
      if (patch.finishedAt !== undefined) row.finished_at = patch.finishedAt;
      if (patch.durationMs !== undefined) row.duration_ms = patch.durationMs;
      if (Object.keys(row).length) {
        await tx(STEPS)
          .where({ run_id: lease.runId, step_order: order })
          .update(row);
      }
      return true;
    });
  }

  /**
   * Ends a run (fenced): sets the final status, frees the lease and the
   * entity's active lock in one transaction.
   */
  async finish(
    lease: Lease,
    result: {
      status: Extract<FailoverRunStatus, 'succeeded' | 'failed' | 'cancelled'>;
      error?: string;
      durationMs?: number;
      cancelPendingSteps?: boolean;
    },
  ): Promise<boolean> {
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
    now = Date.now(),
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

  /**
   * A rollback that ended before its shift step made any attempt changed
   * nothing: its original may be rolled back again, so the mark is freed
   * (only if it still names this rollback).
   */
  private async releaseRollbackMark(tx: Knex.Transaction, runId: string) {
    const run = await tx(RUNS).where({ id: runId }).first('rollback_of');
    if (!run?.rollback_of) return;
    const shift = await tx(STEPS)
      .where({ run_id: runId, kind: 'shift-replicas' })
      .first('attempts');
    if (shift && Number(shift.attempts) > 0) return;
    await tx(RUNS)
      .where({ id: run.rollback_of, rolled_back_by: runId })
      .update({ rolled_back_by: null });
  }

  async isCancelRequested(runId: string): Promise<boolean> {
    const row = await this.db(RUNS)
      .where({ id: runId })
      .first('cancel_requested');
    return bool(row?.cancel_requested);
  }
}
