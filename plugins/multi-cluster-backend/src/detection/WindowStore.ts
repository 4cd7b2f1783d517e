import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import {
  advanceWindow,
  type AdvanceWindowOptions,
  type DetectionVerdict,
  type DetectionWindow,
  type ServiceSignal,
} from '@flotilla/plugin-multi-cluster-common';
import { Knex } from 'knex';
import { HISTORY_BOUNDS, sanitizeJson } from '../util/sanitizeJson';
import {
  CLUSTERS,
  SIGNALS,
  type SignalWindowRow,
  type WindowRow,
} from './detectionTables';

/** A window and the verdict of its last observation, as stored. */
export interface StoredWindow<E> {
  window: DetectionWindow;
  verdict: DetectionVerdict<E>;
}

/** The longest reason kept: reasons come from clusters and sources. */
const MAX_REASON = 2000;

/** Escaped and bounded: verdicts carry text from clusters and sources. */
export function boundedVerdict<E>(
  verdict: DetectionVerdict<E>,
): DetectionVerdict<E> {
  return {
    state: verdict.state,
    reason: sanitizeForLog(verdict.reason, MAX_REASON),
    evidence: (sanitizeJson(verdict.evidence, HISTORY_BOUNDS) ??
      []) as unknown as E[],
  };
}

export function storedWindow<E>(row: WindowRow): StoredWindow<E> {
  return {
    window: {
      state: row.state,
      observedAt: row.updated_at,
      failingSince: row.failing_since ?? undefined,
      failingMs: Number(row.failing_ms),
      healthySince: row.healthy_since ?? undefined,
      healthyMs: Number(row.healthy_ms),
    },
    verdict: {
      state: row.state,
      reason: row.reason,
      evidence: JSON.parse(row.evidence) as E[],
    },
  };
}

function windowRow<E>(window: DetectionWindow, verdict: DetectionVerdict<E>) {
  return {
    state: window.state,
    failing_since: window.failingSince ?? null,
    failing_ms: window.failingMs,
    healthy_since: window.healthySince ?? null,
    healthy_ms: window.healthyMs,
    reason: verdict.reason,
    evidence: JSON.stringify(verdict.evidence),
    updated_at: window.observedAt,
  };
}

/**
 * Detection's windows: one per cluster, one per service signal in a
 * cluster. Each observation advances a window with a conditional write on
 * the observation it follows; when another backend replica wrote first,
 * its observation stands and is returned (a window is never extended
 * twice for the same time).
 */
export class WindowStore {
  constructor(private readonly db: Knex) {}

  /** Every cluster's window, by cluster. */
  async clusters<E>(): Promise<Map<string, StoredWindow<E>>> {
    const rows: (WindowRow & { cluster: string })[] = await this.db(CLUSTERS);
    return new Map(rows.map(r => [r.cluster, storedWindow<E>(r)]));
  }

  /** Advances each cluster's window by its verdict observed at `now`. */
  async observeClusters<E>(
    verdicts: { cluster: string; verdict: DetectionVerdict<E> }[],
    now: Date,
    options: AdvanceWindowOptions,
  ): Promise<Map<string, StoredWindow<E>>> {
    const previous = await this.clusters<E>();
    const out = new Map<string, StoredWindow<E>>();
    for (const { cluster, verdict } of verdicts) {
      out.set(
        cluster,
        await this.advance(CLUSTERS, { cluster }, previous.get(cluster), {
          verdict: boundedVerdict(verdict),
          now,
          options,
        }),
      );
    }
    return out;
  }

  /** Advances a service's signal windows, by cluster. */
  async observeSignals<E>(
    entityRef: string,
    verdicts: {
      cluster: string;
      signal: ServiceSignal;
      verdict: DetectionVerdict<E>;
    }[],
    now: Date,
    options: AdvanceWindowOptions,
  ): Promise<Map<string, (StoredWindow<E> & { signal: ServiceSignal })[]>> {
    const rows: SignalWindowRow[] = await this.db(SIGNALS).where({
      entity_ref: entityRef,
    });
    const previous = new Map(
      rows.map(r => [`${r.cluster}|${r.signal}`, storedWindow<E>(r)]),
    );
    const out = new Map<
      string,
      (StoredWindow<E> & { signal: ServiceSignal })[]
    >();
    for (const { cluster, signal, verdict } of verdicts) {
      const key = { entity_ref: entityRef, cluster, signal };
      const before = previous.get(`${cluster}|${signal}`);
      // Unknown after unknown (or after nothing) changes no window: most
      // signals of most services (no Argo CD, an unreadable cluster) are
      // not written again every tick.
      const stored =
        verdict.state === 'unknown' &&
        (!before || before.window.state === 'unknown')
          ? before ?? {
              window: advanceWindow(undefined, 'unknown', now),
              verdict: boundedVerdict(verdict),
            }
          : await this.advance(SIGNALS, key, before, {
              verdict: boundedVerdict(verdict),
              now,
              options,
            });
      out.set(cluster, [...(out.get(cluster) ?? []), { ...stored, signal }]);
    }
    return out;
  }

  private async advance<E>(
    table: string,
    key: Record<string, string>,
    previous: StoredWindow<E> | undefined,
    observation: {
      verdict: DetectionVerdict<E>;
      now: Date;
      options: AdvanceWindowOptions;
    },
  ): Promise<StoredWindow<E>> {
    const { verdict, now, options } = observation;
    const window = advanceWindow(previous?.window, verdict.state, now, options);
    if (previous && window === previous.window) return previous;
    const values = windowRow(window, verdict);
    const written = previous
      ? await this.db(table)
          .where(key)
          .andWhere('updated_at', previous.window.observedAt)
          .update(values)
      : (
          await this.db(table)
            .insert({ ...key, ...values })
            .onConflict(Object.keys(key))
            .ignore()
            .returning(Object.keys(key)[0])
        ).length;
    if (written) return { window, verdict };
    // Another replica observed it first: its observation stands.
    const row: WindowRow = await this.db(table).where(key).first();
    return storedWindow<E>(row);
  }
}
