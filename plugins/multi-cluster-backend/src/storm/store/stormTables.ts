import type {
  RegionFailoverChildStatus,
  RegionFailoverKind,
  RegionFailoverStatus,
} from '@flotilla/plugin-multi-cluster-common';
import { fromJson, toBoolean, toNumber } from '../../failover/failoverTables';
import { Storm, StormChild } from '../types';

// The storm tables, created by `migrations/20270301000000_region_failovers.js`.
export const STORMS = 'multi_cluster_region_failovers';
export const CHILDREN = 'multi_cluster_region_failover_children';
export const LOCKED_CLUSTERS = 'multi_cluster_region_failover_clusters';

/** A row of {@link STORMS} as the drivers return it. */
export interface StormRow {
  id: string;
  kind: RegionFailoverKind;
  status: RegionFailoverStatus;
  lost_clusters: string;
  entity_refs: string | null;
  reason: string;
  actor: string;
  idempotency_scope: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
  failback_of: string | null;
  plan: string | null;
  max_concurrent_runs: number | string;
  max_runs_per_target_cluster: number | string;
  cancel_requested: boolean | number | string;
  lease_owner: string | null;
  lease_expires_at: number | string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** A row of {@link CHILDREN} as the drivers return it. */
export interface ChildRow {
  storm_id: string;
  entity_ref: string;
  from_cluster: string;
  priority: number | string;
  targets: string;
  replicas: number | string;
  status: RegionFailoverChildStatus;
  run_id: string | null;
  rollback_of: string | null;
  reason: string | null;
  created_at: string;
  updated_at: string;
}

export function childOf(row: ChildRow): StormChild {
  return {
    stormId: row.storm_id,
    entityRef: row.entity_ref,
    from: row.from_cluster,
    priority: Number(row.priority),
    targets: JSON.parse(row.targets),
    replicas: Number(row.replicas),
    status: row.status,
    runId: row.run_id ?? undefined,
    rollbackOf: row.rollback_of ?? undefined,
    reason: row.reason ?? undefined,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The children in admission order: priority, then service, then source. */
export function byAdmissionOrder(a: StormChild, b: StormChild): number {
  return (
    a.priority - b.priority ||
    a.entityRef.localeCompare(b.entityRef) ||
    a.from.localeCompare(b.from)
  );
}

export function stormOf(row: StormRow, children: StormChild[]): Storm {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    lostClusters: JSON.parse(row.lost_clusters),
    entityRefs: fromJson(row.entity_refs),
    reason: row.reason,
    actor: row.actor,
    failbackOf: row.failback_of ?? undefined,
    plan: fromJson(row.plan),
    limits: {
      maxConcurrentRuns: Number(row.max_concurrent_runs),
      maxRunsPerTargetCluster: Number(row.max_runs_per_target_cluster),
    },
    cancelRequested: toBoolean(row.cancel_requested),
    leaseOwner: row.lease_owner ?? undefined,
    leaseExpiresAt: toNumber(row.lease_expires_at),
    error: row.error ?? undefined,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at ?? undefined,
    children: [...children].sort(byAdmissionOrder),
  };
}
