import { Knex } from 'knex';
import { CHANGES, RUNS, toNumber } from './failoverTables';
import { Lease } from './storeTypes';

/** What a change wrote: a workload's replicas, or one cluster's OverridePolicy rule. */
export type ChangeKind = 'workload-replicas' | 'override-rule';

/**
 * A change a step makes to one cluster, recorded before it is written
 * (`intended`) and marked `applied` once the cluster (or Karmada) took it.
 */
export interface ClusterChange {
  runId: string;
  seq: number;
  stepOrder: number;
  cluster: string;
  kind: ChangeKind;
  /** `<namespace>/<Kind>/<name>` of the object written. */
  target: string;
  /** `raise` changes run before `lower` ones: make before break. */
  phase: 'raise' | 'lower';
  /** Replicas before; for a rule, undefined = no rule (Karmada's count, `scheduled`). */
  before?: number;
  after?: number;
  /** Karmada's count for the cluster when its rule was changed. */
  scheduled?: number;
  status: 'intended' | 'applied';
  resourceVersion?: string;
  recordedAt: string;
  appliedAt?: string;
}

export type NewClusterChange = Omit<
  ClusterChange,
  'runId' | 'seq' | 'status' | 'recordedAt' | 'appliedAt' | 'resourceVersion'
>;

interface ChangeRow {
  run_id: string;
  seq: number | string;
  step_order: number | string;
  cluster: string;
  kind: ChangeKind;
  target: string;
  phase: 'raise' | 'lower';
  before: number | string | null;
  after: number | string | null;
  scheduled: number | string | null;
  status: 'intended' | 'applied';
  resource_version: string | null;
  recorded_at: string;
  applied_at: string | null;
}

function fromRow(row: ChangeRow): ClusterChange {
  return {
    runId: row.run_id,
    seq: Number(row.seq),
    stepOrder: Number(row.step_order),
    cluster: row.cluster,
    kind: row.kind,
    target: row.target,
    phase: row.phase,
    before: toNumber(row.before),
    after: toNumber(row.after),
    scheduled: toNumber(row.scheduled),
    status: row.status,
    resourceVersion: row.resource_version ?? undefined,
    recordedAt: row.recorded_at,
    appliedAt: row.applied_at ?? undefined,
  };
}

const nullable = (v: number | undefined) => (v === undefined ? null : v);

/**
 * The per-cluster record of what failover runs changed (see the migration
 * `20270201000000_failover_changes`). Writes are fenced by the run's lease,
 * in the transaction that checks it: a worker that lost its lease records
 * nothing.
 */
export class ChangeJournal {
  constructor(private readonly db: Knex) {}

  /** The run's changes in the order they were recorded. */
  async list(runId: string): Promise<ClusterChange[]> {
    const rows: ChangeRow[] = await this.db(CHANGES)
      .where({ run_id: runId })
      .orderBy('seq', 'asc');
    return rows.map(fromRow);
  }

  /** Records changes about to be written; false when the lease was lost. */
  async intend(lease: Lease, changes: NewClusterChange[]): Promise<boolean> {
    return this.fenced(lease, async tx => {
      const last = (await tx(CHANGES)
        .where({ run_id: lease.runId })
        .max({ seq: 'seq' })
        .first()) as { seq?: number | string | null } | undefined;
      let seq = Number(last?.seq ?? 0);
      const recordedAt = new Date().toISOString();
      if (!changes.length) return;
      await tx(CHANGES).insert(
        changes.map(c => ({
          run_id: lease.runId,
          seq: ++seq,
          step_order: c.stepOrder,
          cluster: c.cluster,
          kind: c.kind,
          target: c.target,
          phase: c.phase,
          before: nullable(c.before),
          after: nullable(c.after),
          scheduled: nullable(c.scheduled),
          status: 'intended',
          recorded_at: recordedAt,
        })),
      );
    });
  }

  /** Marks intended changes of a step and phase applied, with what the write returned. */
  async applied(
    lease: Lease,
    change: Pick<ClusterChange, 'stepOrder' | 'phase'> & { target?: string },
    resourceVersion: string | undefined,
  ): Promise<boolean> {
    return this.fenced(lease, async tx => {
      await tx(CHANGES)
        .where({
          run_id: lease.runId,
          step_order: change.stepOrder,
          phase: change.phase,
          status: 'intended',
          ...(change.target ? { target: change.target } : {}),
        })
        .update({
          status: 'applied',
          resource_version: resourceVersion ?? null,
          applied_at: new Date().toISOString(),
        });
    });
  }

  private async fenced(
    lease: Lease,
    work: (tx: Knex.Transaction) => Promise<void>,
  ): Promise<boolean> {
    return this.db.transaction(async tx => {
      const held = await tx(RUNS)
        .where({ id: lease.runId, lease_owner: lease.owner })
        .update({ lease_owner: lease.owner });
      if (held !== 1) return false;
      await work(tx);
      return true;
    });
  }
}
