import type {
  ClusterUpgrade,
  ClusterUpgradeStatus,
  ClusterUpgradeStep,
} from '@flotilla/plugin-multi-cluster-common';
import type { ClusterLifecycle } from '@flotilla/plugin-multi-cluster-node';
import { Knex } from 'knex';

const TABLE = 'multi_cluster_cluster_upgrades';

/** A stored upgrade: the answer's fields and what the worker acts on. */
export interface StoredUpgrade extends ClusterUpgrade {
  lifecycle: ClusterLifecycle;
  actor: string;
  revision: number;
}

interface Row {
  id: string;
  cluster: string;
  lifecycle: string;
  version: string;
  previous_version: string | null;
  management: ClusterUpgrade['management'];
  status: ClusterUpgradeStatus;
  steps: string;
  error: string | null;
  actor: string;
  revision: number | string;
  started_at: string;
  updated_at: string;
  finished_at: string | null;
}

function fromRow(row: Row, imageNote: string): StoredUpgrade {
  return {
    id: row.id,
    cluster: row.cluster,
    lifecycle: JSON.parse(row.lifecycle) as ClusterLifecycle,
    version: row.version,
    ...(row.previous_version ? { previousVersion: row.previous_version } : {}),
    management: row.management,
    status: row.status,
    steps: JSON.parse(row.steps) as ClusterUpgradeStep[],
    imageNote,
    ...(row.error ? { error: row.error } : {}),
    actor: row.actor,
    revision: Number(row.revision),
    startedAt: row.started_at,
    updatedAt: row.updated_at,
    ...(row.finished_at ? { finishedAt: row.finished_at } : {}),
  };
}

/** Cluster upgrades in the plugin's database (SQLite and PostgreSQL). */
export class ClusterUpgradeStore {
  constructor(
    private readonly db: Knex,
    /** What every upgrade says about machine images. */
    private readonly imageNote: string,
  ) {}

  async create(upgrade: Omit<StoredUpgrade, 'imageNote' | 'revision'>) {
    await this.db(TABLE).insert({
      id: upgrade.id,
      cluster: upgrade.cluster,
      lifecycle: JSON.stringify(upgrade.lifecycle),
      version: upgrade.version,
      previous_version: upgrade.previousVersion ?? null,
      management: upgrade.management,
      status: upgrade.status,
      steps: JSON.stringify(upgrade.steps),
      error: upgrade.error ?? null,
      actor: upgrade.actor,
      revision: 0,
      started_at: upgrade.startedAt,
      updated_at: upgrade.updatedAt,
      finished_at: upgrade.finishedAt ?? null,
    });
    return { ...upgrade, imageNote: this.imageNote, revision: 0 };
  }

  async unfinished(): Promise<StoredUpgrade[]> {
    const rows: Row[] = await this.db(TABLE)
      .where({ status: 'in-progress' })
      .orderBy('started_at', 'asc');
    return rows.map(r => fromRow(r, this.imageNote));
  }

  async latest(cluster: string): Promise<StoredUpgrade | undefined> {
    const row: Row | undefined = await this.db(TABLE)
      .where({ cluster })
      .orderBy('started_at', 'desc')
      .first();
    return row ? fromRow(row, this.imageNote) : undefined;
  }

  /**
   * Writes the upgrade's new state if nobody wrote since `revision` was
   * read; false when another replica did (its write stands).
   */
  async update(
    id: string,
    revision: number,
    change: Pick<ClusterUpgrade, 'status' | 'steps' | 'error' | 'finishedAt'>,
    now: string,
  ): Promise<boolean> {
    const updated = await this.db(TABLE)
      .where({ id, revision })
      .update({
        status: change.status,
        steps: JSON.stringify(change.steps),
        error: change.error ?? null,
        finished_at: change.finishedAt ?? null,
        updated_at: now,
        revision: revision + 1,
      });
    return Number(updated) === 1;
  }
}
