import { ConflictError } from '@backstage/errors';
import { randomUUID } from 'node:crypto';
import { Knex } from 'knex';
import {
  ACTIVE,
  fromJson,
  isUniqueViolation,
  RunRow,
  RUNS,
  StepRow,
  STEPS,
  toBoolean,
  toNumber,
} from './failoverTables';
import {
  ActiveFailoverError,
  AlreadyRolledBackError,
  IdempotencyClaim,
  NewFailoverRun,
} from './storeTypes';
import {
  FailoverRun,
  FailoverRunKind,
  FailoverRunStatus,
  FailoverStepRecord,
  TERMINAL_RUN_STATUSES,
} from './types';

import { ChangeJournal, ClusterChange } from './ChangeJournal';

/** How a run stands, without its steps and changes. */
export interface RunStatusView {
  id: string;
  status: FailoverRunStatus;
  error?: string;
  cancelRequested: boolean;
}

/** Thrown inside the create transaction when the rollback mark was taken. */
class RollbackTakenSignal extends Error {}

/**
 * Creation and reading of runs with their steps. Creation is where the
 * database admits a run once: the active lock per entity, the scoped
 * idempotency key and the rollback mark.
 */
export class RunRecords {
  private readonly journal: ChangeJournal;

  constructor(private readonly db: Knex) {
    this.journal = new ChangeJournal(db);
  }

  /** See {@link FailoverStore.createRun}. */
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
    try {
      await this.db.transaction(tx => this.insertRun(tx, id, input));
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
        const original: Pick<RunRow, 'rolled_back_by'> | undefined =
          await this.db(RUNS)
            .where({ id: input.rollbackOf })
            .first('rolled_back_by');
        throw new AlreadyRolledBackError(
          input.rollbackOf!,
          original?.rolled_back_by ?? undefined,
        );
      }
      const active = await this.getActive(input.entityRef);
      if (active) {
        throw new ActiveFailoverError(active, input.entityRef);
      }
      throw new ConflictError(
        `A concurrent failover of ${input.entityRef} was just created; retry`,
      );
    }
    return { run: (await this.getRun(id))!, created: true };
  }

  private async insertRun(
    tx: Knex.Transaction,
    id: string,
    input: NewFailoverRun,
  ): Promise<void> {
    const now = new Date().toISOString();
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
    await input.recordInTransaction?.(tx, id);
  }

  /** The run made with a scoped idempotency key, and its request's hash. */
  async findByIdempotencyKey(
    claim: Pick<IdempotencyClaim, 'scope' | 'key'>,
  ): Promise<{ run: FailoverRun; requestHash?: string } | undefined> {
    const row: RunRow | undefined = await this.db(RUNS)
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
    const row: { run_id: string } | undefined = await this.db(ACTIVE)
      .where({ entity_ref: entityRef })
      .first();
    return row?.run_id;
  }

  /** Status, error and cancellation of runs, without their steps. */
  async statusesOf(ids: string[]): Promise<RunStatusView[]> {
    if (!ids.length) return [];
    const rows: Pick<RunRow, 'id' | 'status' | 'error' | 'cancel_requested'>[] =
      await this.db(RUNS)
        .whereIn('id', ids)
        .select('id', 'status', 'error', 'cancel_requested');
    return rows.map(r => ({
      id: r.id,
      status: r.status,
      error: r.error ?? undefined,
      cancelRequested: toBoolean(r.cancel_requested),
    }));
  }

  async getRun(id: string): Promise<FailoverRun | undefined> {
    const row: RunRow | undefined = await this.db(RUNS).where({ id }).first();
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
    const rows: RunRow[] = await q.limit(options.limit ?? 50);
    return Promise.all(rows.map(r => this.hydrate(r)));
  }

  private async hydrate(row: RunRow): Promise<FailoverRun> {
    const [steps, changes]: [StepRow[], ClusterChange[]] = await Promise.all([
      this.db(STEPS).where({ run_id: row.id }).orderBy('step_order', 'asc'),
      this.journal.list(row.id),
    ]);
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
      dry: toBoolean(row.dry),
      plan: JSON.parse(row.plan),
      context: JSON.parse(row.context),
      cancelRequested: toBoolean(row.cancel_requested),
      currentStep: row.current_step ?? undefined,
      error: row.error ?? undefined,
      durationMs: toNumber(row.duration_ms),
      claims: Number(row.claims),
      leaseOwner: row.lease_owner ?? undefined,
      leaseExpiresAt: toNumber(row.lease_expires_at),
      createdAt: row.created_at,
      startedAt: row.started_at ?? undefined,
      finishedAt: row.finished_at ?? undefined,
      changes,
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
          params: fromJson(s.params),
          error: s.error ?? undefined,
          output: fromJson(s.output),
          startedAt: s.started_at ?? undefined,
          finishedAt: s.finished_at ?? undefined,
          durationMs: toNumber(s.duration_ms),
        }),
      ),
    };
  }
}
