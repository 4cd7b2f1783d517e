import type { FailoverStepKind } from '@flotilla/plugin-multi-cluster-common';
import type {
  FailoverRunKind,
  FailoverRunStatus,
  FailoverStepStatus,
} from './types';

// The failover tables, created by the plugin's migrations
// (`migrations/20261202120000_failover.js` and after).
export const RUNS = 'multi_cluster_failover_runs';
export const STEPS = 'multi_cluster_failover_steps';
export const ACTIVE = 'multi_cluster_failover_active';
export const CHANGES = 'multi_cluster_failover_changes';

/**
 * A row of {@link RUNS} as the drivers return it: SQLite gives booleans as
 * 0/1 and PostgreSQL bigints as strings, hence the unions.
 */
export interface RunRow {
  id: string;
  kind: FailoverRunKind;
  entity_ref: string;
  status: FailoverRunStatus;
  from_cluster: string;
  to_clusters: string;
  reason: string;
  actor: string;
  idempotency_key: string | null;
  idempotency_scope: string | null;
  request_hash: string | null;
  rollback_of: string | null;
  rolled_back_by: string | null;
  dry: boolean | number | string;
  plan: string;
  context: string;
  cancel_requested: boolean | number | string;
  lease_owner: string | null;
  lease_expires_at: number | string | null;
  claims: number | string;
  current_step: string | null;
  error: string | null;
  duration_ms: number | string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** A row of {@link STEPS} as the drivers return it. */
export interface StepRow {
  run_id: string;
  step_order: number | string;
  kind: FailoverStepKind;
  title: string;
  status: FailoverStepStatus;
  attempts: number | string;
  max_attempts: number | string;
  timeout_seconds: number | string;
  skip_reason: string | null;
  params: string;
  error: string | null;
  output: string | null;
  started_at: string | null;
  finished_at: string | null;
  duration_ms: number | string | null;
}

export const toJson = (v: unknown) =>
  v === undefined ? null : JSON.stringify(v);
export const fromJson = (v: unknown) =>
  v === null || v === undefined ? undefined : JSON.parse(String(v));
export const toNumber = (v: unknown) =>
  v === null || v === undefined ? undefined : Number(v);
export const toBoolean = (v: unknown) => v === true || v === 1 || v === '1';

/** A unique or primary key violation, as PostgreSQL and SQLite report it. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | undefined;
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed|duplicate key/i.test(e?.message ?? '')
  );
}
