import { randomUUID } from 'node:crypto';
import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import type {
  DetectionDecision,
  DetectionEvidence,
  DetectionOutcome,
  FailbackSource,
} from '@flotilla/plugin-multi-cluster-common';
import { Knex } from 'knex';
import { HISTORY_BOUNDS, sanitizeJson } from '../util/sanitizeJson';
import { DECISIONS, type DecisionRow } from './detectionTables';

/** A decision to record, with how it is delivered. */
export interface DecisionToRecord extends DetectionOutcome {
  /** The recovery it starts (automatic decisions), by idempotency key. */
  triggerKey?: string;
  /** The decision a failback answers. */
  failbackOf?: string;
}

/** The most proposals a tick notifies (the rest wait for the next). */
const DELIVERY_BATCH = 500;
/** The most recoveries a tick starts (the rest wait for the next). */
const TRIGGER_BATCH = 50;
/** Entity refs per `IN (...)` query. */
const CHUNK = 500;
const MAX_REASON = 2000;

export function toDecision(row: DecisionRow): DetectionDecision {
  return {
    id: row.id,
    createdAt: row.created_at,
    ...(row.entity_ref ? { entityRef: row.entity_ref } : {}),
    clusters: JSON.parse(row.clusters) as string[],
    kind: row.kind,
    reason: row.reason,
    policy: row.policy,
    evidence: JSON.parse(row.evidence) as DetectionEvidence[],
    ...(row.storm_id ? { stormId: row.storm_id } : {}),
  };
}

function decisionRow(d: DecisionToRecord, now: Date): DecisionRow {
  return {
    id: randomUUID(),
    created_at: now.toISOString(),
    entity_ref: d.entityRef,
    clusters: JSON.stringify([d.cluster]),
    kind: d.kind,
    reason: sanitizeForLog(d.reason, MAX_REASON),
    policy: d.policy,
    evidence: JSON.stringify(sanitizeJson(d.evidence, HISTORY_BOUNDS) ?? []),
    storm_id: null,
    episode: d.episode,
    episode_key: d.episodeKey,
    trigger_key: d.triggerKey ?? null,
    notified_at: null,
    failback_of: d.failbackOf ?? null,
  };
}

/** `LIKE` text for a value, with `\` as the escape character. */
function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, c => `\\${c}`);
}

/**
 * Detection's decisions. Each is inserted once per episode key (a unique
 * index), by whichever backend replica gets there first; the others'
 * inserts do nothing and they do not deliver it.
 */
export class DecisionStore {
  constructor(private readonly db: Knex) {}

  /**
   * Inserts the decisions not yet recorded, in one transaction (a recovery
   * is never started for part of the decisions that share its key), in
   * episode key order (two replicas inserting the same keys wait for each
   * other instead of deadlocking); returns those it inserted.
   */
  async record(
    decisions: DecisionToRecord[],
    now: Date,
  ): Promise<DecisionRow[]> {
    const rows = decisions
      .map(d => decisionRow(d, now))
      .sort((a, b) => (a.episode_key < b.episode_key ? -1 : 1));
    return this.db.transaction(async tx => {
      const inserted: DecisionRow[] = [];
      for (const row of rows) {
        const done = await tx(DECISIONS)
          .insert(row)
          .onConflict('episode_key')
          .ignore()
          .returning('id');
        if (done.length) inserted.push(row);
      }
      return inserted;
    });
  }

  /** Newest first, optionally of one service or one cluster. */
  async list(query: {
    entityRef?: string;
    cluster?: string;
    limit: number;
  }): Promise<DetectionDecision[]> {
    let q = this.db<DecisionRow>(DECISIONS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit);
    if (query.entityRef) q = q.where('entity_ref', query.entityRef);
    if (query.cluster) {
      q = q.whereRaw(`clusters like ? escape '\\'`, [
        `%${likeLiteral(JSON.stringify(query.cluster))}%`,
      ]);
    }
    return (await q).map(toDecision);
  }

  /**
   * Automatic decisions whose recovery has not started, by trigger key:
   * every decision of each key, so a retried start sends what the first
   * attempt sent.
   */
  async pendingTriggers(): Promise<Map<string, DecisionRow[]>> {
    const keys: { trigger_key: string }[] = await this.db(DECISIONS)
      .distinct('trigger_key')
      .whereIn('kind', ['failed-over', 'failed-back'])
      .whereNull('storm_id')
      .whereNotNull('trigger_key')
      .limit(TRIGGER_BATCH);
    const rows: DecisionRow[] = keys.length
      ? await this.db(DECISIONS)
          .whereIn(
            'trigger_key',
            keys.map(k => k.trigger_key),
          )
          .orderBy('created_at')
          .orderBy('id')
      : [];
    const out = new Map<string, DecisionRow[]>();
    for (const row of rows) {
      const key = row.trigger_key as string;
      out.set(key, [...(out.get(key) ?? []), row]);
    }
    return out;
  }

  /** Records the storm a trigger key started. */
  async setStorm(triggerKey: string, stormId: string): Promise<void> {
    await this.db(DECISIONS)
      .where({ trigger_key: triggerKey })
      .whereNull('storm_id')
      .update({ storm_id: stormId });
  }

  /** Proposals whose owners have not been notified. */
  async pendingNotifications(): Promise<DecisionRow[]> {
    return this.db(DECISIONS)
      .whereIn('kind', ['would-fail-over', 'propose-failback'])
      .whereNull('notified_at')
      .orderBy('created_at')
      .limit(DELIVERY_BATCH);
  }

  /** Takes a notification for this replica: false when another took it. */
  async claimNotification(id: string, now: Date): Promise<boolean> {
    const claimed = await this.db(DECISIONS)
      .where({ id })
      .whereNull('notified_at')
      .update({ notified_at: now.toISOString() });
    return claimed > 0;
  }

  /** Decisions that moved, or proposed to move, a service and await failback. */
  async failbackSources(): Promise<FailbackSource[]> {
    const rows: DecisionRow[] = await this.db(`${DECISIONS} as d`)
      .select('d.*')
      .whereIn('d.kind', ['failed-over', 'would-fail-over'])
      .whereNotExists(
        this.db(`${DECISIONS} as f`)
          .select('f.id')
          .whereRaw('f.failback_of = d.id'),
      )
      .orderBy('d.created_at');
    return rows.map(row => ({
      decisionId: row.id,
      kind: row.kind as FailbackSource['kind'],
      entityRef: row.entity_ref ?? '',
      cluster: (JSON.parse(row.clusters) as string[])[0],
      decidedAt: row.created_at,
    }));
  }

  /**
   * The episodes of these services already settled: would fail over,
   * failed over or left to Karmada. Later ticks decide nothing more about
   * them (a held-back decision does not settle its episode).
   */
  async settledEpisodes(entityRefs: string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (let i = 0; i < entityRefs.length; i += CHUNK) {
      const rows: { episode: string }[] = await this.db(DECISIONS)
        .distinct('episode')
        .whereIn('kind', ['would-fail-over', 'failed-over', 'karmada-handles'])
        .whereIn('entity_ref', entityRefs.slice(i, i + CHUNK));
      for (const r of rows) out.add(r.episode);
    }
    return out;
  }

  /** When detection last failed each service over, by entity ref. */
  async lastFailedOver(entityRefs: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (let i = 0; i < entityRefs.length; i += CHUNK) {
      const rows: { entity_ref: string; last: string }[] = await this.db(
        DECISIONS,
      )
        .select('entity_ref')
        .max({ last: 'created_at' })
        .where('kind', 'failed-over')
        .whereIn('entity_ref', entityRefs.slice(i, i + CHUNK))
        .groupBy('entity_ref');
      for (const r of rows) out.set(r.entity_ref, r.last);
    }
    return out;
  }
}
