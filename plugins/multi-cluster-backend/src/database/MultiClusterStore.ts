import { DatabaseService } from '@backstage/backend-plugin-api';
import { Knex } from 'knex';
import {
  StoredCluster,
  sanitizeForLog,
} from '@flotilla/plugin-multi-cluster-node';
import { HISTORY_BOUNDS, sanitizeJson } from '../util/sanitizeJson';
import { migrateToLatest } from './migrations';

const SNAPSHOTS = 'multi_cluster_snapshots';
const HISTORY = 'multi_cluster_history';

/** A row of {@link HISTORY} (PostgreSQL returns its bigint id as a string). */
interface HistoryRow {
  id: number | string;
  created_at: string;
  actor: string;
  action: string;
  cluster: string | null;
  entity_ref: string | null;
  status: HistoryStatus;
  input: string | null;
  result: string | null;
  error: string | null;
}

/** @public */
export type HistoryStatus = 'succeeded' | 'failed' | 'denied';

/**
 * One recorded mutating call.
 *
 * @public
 */
export interface HistoryEntry {
  id: number;
  createdAt: string;
  actor: string;
  action: string;
  cluster?: string;
  entityRef?: string;
  status: HistoryStatus;
  input?: unknown;
  result?: unknown;
  error?: string;
}

/** @public */
export type NewHistoryEntry = Omit<HistoryEntry, 'id' | 'createdAt'>;

/**
 * Records every mutating call. Other modules (e.g. failover) use this too.
 *
 * @public
 */
export interface HistoryRecorder {
  record(entry: NewHistoryEntry): Promise<HistoryEntry>;
  list(options?: {
    cluster?: string;
    entityRef?: string;
    action?: string;
    limit?: number;
  }): Promise<HistoryEntry[]>;
}

function parseJson<T>(value: unknown): T | undefined {
  if (value === null || value === undefined) {
    return undefined;
  }
  return JSON.parse(String(value)) as T;
}

const CHUNK = 200;

/** Database access for snapshots and history (SQLite and PostgreSQL). */
export class MultiClusterStore implements HistoryRecorder {
  static async create(options: {
    database: DatabaseService;
    skipMigrations?: boolean;
  }): Promise<MultiClusterStore> {
    const client = await options.database.getClient();
    if (!options.database.migrations?.skip && !options.skipMigrations) {
      await migrateToLatest(client);
    }
    return new MultiClusterStore(client);
  }

  private constructor(private readonly db: Knex) {}

  /** Replaces the whole set of snapshots in one transaction. */
  async replaceSnapshots(clusters: StoredCluster[]): Promise<void> {
    const now = new Date().toISOString();
    const rows = clusters.map(c => ({
      name: c.cluster.name,
      source: c.cluster.source,
      snapshot: JSON.stringify(c),
      stale: c.cluster.stale,
      last_error: c.cluster.lastError ?? null,
      refreshed_at: c.cluster.refreshedAt,
      updated_at: now,
    }));
    await this.db.transaction(async tx => {
      const keep = new Set(rows.map(r => r.name));
      const existing: { name: string }[] = await tx(SNAPSHOTS).select('name');
      const remove = existing.map(r => r.name).filter(n => !keep.has(n));
      for (let i = 0; i < remove.length; i += CHUNK) {
        await tx(SNAPSHOTS)
          .whereIn('name', remove.slice(i, i + CHUNK))
          .delete();
      }
      for (let i = 0; i < rows.length; i += CHUNK) {
        await tx(SNAPSHOTS)
          .insert(rows.slice(i, i + CHUNK))
          .onConflict('name')
          .merge();
      }
    });
  }

  async listSnapshots(): Promise<StoredCluster[]> {
    const rows: { snapshot: string }[] = await this.db(SNAPSHOTS)
      .select('snapshot')
      .orderBy('name', 'asc');
    return rows.map(r => JSON.parse(r.snapshot) as StoredCluster);
  }

  async getSnapshot(name: string): Promise<StoredCluster | undefined> {
    const row = await this.db(SNAPSHOTS).where({ name }).first('snapshot');
    return row ? (JSON.parse(row.snapshot) as StoredCluster) : undefined;
  }

  /** Latest update time of any snapshot; used to invalidate caches. */
  async snapshotsVersion(): Promise<string | undefined> {
    const row = await this.db(SNAPSHOTS)
      .max({ v: 'updated_at' })
      .count({ c: '*' })
      .first();
    return row?.v ? `${row.v}#${row.c}` : undefined;
  }

  /**
   * Stores one history row. Its fields come from requests and cluster
   * responses, so every string is escaped and bounded here, whoever the
   * caller is (and cut to its column's size, which PostgreSQL enforces).
   */
  async record(entry: NewHistoryEntry): Promise<HistoryEntry> {
    const createdAt = new Date().toISOString();
    const column = (value: string | undefined, size: number) =>
      value === undefined ? undefined : sanitizeForLog(value, size);
    const safe: NewHistoryEntry = {
      actor: column(entry.actor, 255)!,
      action: column(entry.action, 64)!,
      cluster: column(entry.cluster, 255),
      entityRef: column(entry.entityRef, 255),
      status: entry.status,
      input:
        entry.input === undefined
          ? undefined
          : sanitizeJson(entry.input, HISTORY_BOUNDS),
      result:
        entry.result === undefined
          ? undefined
          : sanitizeJson(entry.result, HISTORY_BOUNDS),
      error: column(entry.error, HISTORY_BOUNDS.maxString),
    };
    const [row] = await this.db(HISTORY)
      .insert({
        created_at: createdAt,
        actor: safe.actor,
        action: safe.action,
        cluster: safe.cluster ?? null,
        entity_ref: safe.entityRef ?? null,
        status: safe.status,
        input: safe.input === undefined ? null : JSON.stringify(safe.input),
        result: safe.result === undefined ? null : JSON.stringify(safe.result),
        error: safe.error ?? null,
      })
      .returning('id');
    const id = typeof row === 'object' ? Number(row.id) : Number(row);
    return { ...safe, id, createdAt };
  }

  async list(options?: {
    cluster?: string;
    entityRef?: string;
    action?: string;
    limit?: number;
  }): Promise<HistoryEntry[]> {
    let query = this.db(HISTORY).select('*').orderBy('id', 'desc');
    if (options?.cluster) {
      query = query.where('cluster', options.cluster);
    }
    if (options?.entityRef) {
      query = query.where('entity_ref', options.entityRef);
    }
    if (options?.action) {
      query = query.where('action', options.action);
    }
    const rows: HistoryRow[] = await query.limit(options?.limit ?? 100);
    return rows.map(r => ({
      id: Number(r.id),
      createdAt: r.created_at,
      actor: r.actor,
      action: r.action,
      cluster: r.cluster ?? undefined,
      entityRef: r.entity_ref ?? undefined,
      status: r.status,
      input: parseJson(r.input),
      result: parseJson(r.result),
      error: r.error ?? undefined,
    }));
  }
}
