import { ConflictError } from '@backstage/errors';
import { randomUUID } from 'node:crypto';
import { Knex } from 'knex';
import { isUniqueViolation } from '../../failover/failoverTables';
import { IdempotencyClaim } from '../../failover/FailoverStore';
import { ACTIVE_STORM_STATUSES, Storm, StormChild } from '../types';
import {
  CHILDREN,
  ChildRow,
  childOf,
  LOCKED_CLUSTERS,
  STORMS,
  StormRow,
  stormOf,
} from './stormTables';
import {
  AlreadyFailedBackError,
  NewStorm,
  StormConflictError,
} from './storeTypes';

/** Rows per insert: well under the bound parameters SQLite and PostgreSQL take. */
const CHUNK = 200;

/**
 * Creation and reading of storms with their children. Creation is where
 * the database admits a storm once: the scoped idempotency key, one
 * unfinished storm per lost cluster and one failback per storm.
 */
export class StormRecords {
  constructor(private readonly db: Knex) {}

  /**
   * Inserts a storm, its children and the locks of its lost clusters in
   * one transaction. Insert-or-read on the scoped idempotency key (also a
   * key a racing request just committed): that storm is returned with
   * `created: false` and the caller compares `requestHash`. Throws
   * {@link StormConflictError} while another storm holds one of the
   * clusters and {@link AlreadyFailedBackError} for a second failback.
   */
  async create(
    input: NewStorm,
  ): Promise<{ storm: Storm; created: boolean; requestHash?: string }> {
    if (input.idempotency) {
      const existing = await this.findByIdempotencyKey(input.idempotency);
      if (existing) return { ...existing, created: false };
    }
    const id = randomUUID();
    try {
      await this.db.transaction(tx => this.insert(tx, id, input));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (input.idempotency) {
        const existing = await this.findByIdempotencyKey(input.idempotency);
        if (existing) return { ...existing, created: false };
      }
      throw await this.conflictOf(input);
    }
    return { storm: (await this.get(id))!, created: true };
  }

  /** Why a storm could not be inserted: the storm that holds what it needs. */
  private async conflictOf(input: NewStorm): Promise<Error> {
    if (input.failbackOf) {
      const failback = await this.failbackOf(input.failbackOf);
      if (failback) {
        return new AlreadyFailedBackError(input.failbackOf, failback.id);
      }
    }
    const holder = await this.holderOf(input.lostClusters);
    if (holder) return new StormConflictError(holder.stormId, holder.cluster);
    return new ConflictError(
      'A concurrent region failover of these clusters was just created; retry',
    );
  }

  private async insert(tx: Knex.Transaction, id: string, input: NewStorm) {
    const now = new Date().toISOString();
    await tx(STORMS).insert({
      id,
      kind: input.kind,
      status: 'running',
      lost_clusters: JSON.stringify(input.lostClusters),
      entity_refs: input.entityRefs ? JSON.stringify(input.entityRefs) : null,
      reason: input.reason,
      actor: input.actor,
      idempotency_scope: input.idempotency?.scope ?? null,
      idempotency_key: input.idempotency?.key ?? null,
      request_hash: input.idempotency?.requestHash ?? null,
      failback_of: input.failbackOf ?? null,
      plan: input.plan ? JSON.stringify(input.plan) : null,
      max_concurrent_runs: input.limits.maxConcurrentRuns,
      max_runs_per_target_cluster: input.limits.maxRunsPerTargetCluster,
      cancel_requested: false,
      created_at: now,
      updated_at: now,
    });
    // One unfinished storm per lost cluster: the primary key refuses a
    // second, also one a racing request inserts.
    await tx(LOCKED_CLUSTERS).insert(
      input.lostClusters.map(cluster => ({ cluster, storm_id: id })),
    );
    const rows = input.children.map(c => ({
      storm_id: id,
      entity_ref: c.entityRef,
      from_cluster: c.from,
      priority: c.priority,
      targets: JSON.stringify(c.targets),
      replicas: c.replicas,
      status: c.status ?? 'queued',
      run_id: null,
      rollback_of: c.rollbackOf ?? null,
      reason: c.reason ?? null,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += CHUNK) {
      await tx(CHILDREN).insert(rows.slice(i, i + CHUNK));
    }
  }

  async findByIdempotencyKey(
    claim: Pick<IdempotencyClaim, 'scope' | 'key'>,
  ): Promise<{ storm: Storm; requestHash?: string } | undefined> {
    const row: StormRow | undefined = await this.db(STORMS)
      .where({ idempotency_scope: claim.scope, idempotency_key: claim.key })
      .first();
    return row
      ? {
          storm: await this.hydrate(row),
          requestHash: row.request_hash ?? undefined,
        }
      : undefined;
  }

  /** The unfinished storm holding one of these clusters, if any. */
  async holderOf(
    clusters: string[],
  ): Promise<{ stormId: string; cluster: string } | undefined> {
    if (!clusters.length) return undefined;
    const row: { storm_id: string; cluster: string } | undefined =
      await this.db(LOCKED_CLUSTERS)
        .whereIn('cluster', clusters)
        .orderBy('cluster')
        .first('storm_id', 'cluster');
    return row && { stormId: row.storm_id, cluster: row.cluster };
  }

  /** The failback of a storm, if it has one. */
  async failbackOf(stormId: string): Promise<Storm | undefined> {
    const row: StormRow | undefined = await this.db(STORMS)
      .where({ failback_of: stormId })
      .first();
    return row ? this.hydrate(row) : undefined;
  }

  async get(id: string): Promise<Storm | undefined> {
    const row: StormRow | undefined = await this.db(STORMS)
      .where({ id })
      .first();
    return row ? this.hydrate(row) : undefined;
  }

  /** Storms, newest first. */
  async list(
    options: { limit?: number; statuses?: Storm['status'][] } = {},
  ): Promise<Storm[]> {
    let q = this.db(STORMS)
      .select('*')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
    if (options.statuses) q = q.whereIn('status', options.statuses);
    const rows: StormRow[] = await q.limit(options.limit ?? 50);
    return Promise.all(rows.map(r => this.hydrate(r)));
  }

  /** Ids of storms not finished yet. */
  async activeIds(): Promise<string[]> {
    const rows: { id: string }[] = await this.db(STORMS)
      .whereIn('status', ACTIVE_STORM_STATUSES)
      .select('id');
    return rows.map(r => r.id);
  }

  /** Every running child of every storm (their capacity is taken). */
  async runningChildren(): Promise<(StormChild & { kind: Storm['kind'] })[]> {
    const rows: (ChildRow & { kind: Storm['kind'] })[] = await this.db(
      `${CHILDREN} as c`,
    )
      .join(`${STORMS} as s`, 's.id', 'c.storm_id')
      .where('c.status', 'running')
      .select('c.*', 's.kind');
    return rows.map(r => ({ ...childOf(r), kind: r.kind }));
  }

  private async hydrate(row: StormRow): Promise<Storm> {
    const children: ChildRow[] = await this.db(CHILDREN).where({
      storm_id: row.id,
    });
    return stormOf(row, children.map(childOf));
  }
}
