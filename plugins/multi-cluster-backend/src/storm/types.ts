import type {
  PlannedTarget,
  RegionFailoverChildStatus,
  RegionFailoverKind,
  RegionFailoverStatus,
  WhatIfPlan,
} from '@flotilla/plugin-multi-cluster-common';

export type {
  RegionFailoverChildStatus as StormChildStatus,
  RegionFailoverKind as StormKind,
  RegionFailoverStatus as StormStatus,
} from '@flotilla/plugin-multi-cluster-common';

/** How many children a storm runs at once. */
export interface StormLimits {
  /** Children running at once, overall. */
  maxConcurrentRuns: number;
  /** Children running at once that move replicas onto one cluster. */
  maxRunsPerTargetCluster: number;
}

/** Statuses of a storm that still admit or wait for children. */
export const ACTIVE_STORM_STATUSES: RegionFailoverStatus[] = [
  'running',
  'paused',
];

/** Statuses of a child not admitted yet. */
export const PENDING_CHILD_STATUSES: RegionFailoverChildStatus[] = [
  'queued',
  'waiting-capacity',
];

/**
 * One service moved away from one lost cluster. In a failback the child
 * gives the replicas back to `from` (the cluster lost then): `targets` are
 * the clusters the failover moved them to, `rollbackOf` that run.
 */
export interface StormChild {
  stormId: string;
  entityRef: string;
  from: string;
  priority: number;
  targets: PlannedTarget[];
  replicas: number;
  status: RegionFailoverChildStatus;
  runId?: string;
  rollbackOf?: string;
  reason?: string;
  createdAt: string;
  updatedAt: string;
}

/** A region failover or failback as stored. */
export interface Storm {
  id: string;
  kind: RegionFailoverKind;
  status: RegionFailoverStatus;
  lostClusters: string[];
  /** The services asked for; absent: every affected one. */
  entityRefs?: string[];
  reason: string;
  actor: string;
  failbackOf?: string;
  plan?: WhatIfPlan;
  limits: StormLimits;
  cancelRequested: boolean;
  leaseOwner?: string;
  leaseExpiresAt?: number;
  error?: string;
  createdAt: string;
  updatedAt: string;
  finishedAt?: string;
  children: StormChild[];
}

/** The identity of a child within its storm. */
export interface ChildKey {
  entityRef: string;
  from: string;
}

/** The clusters a child moves replicas onto (a failback: its lost cluster). */
export function receivingClusters(
  kind: RegionFailoverKind,
  child: Pick<StormChild, 'from' | 'targets'>,
): string[] {
  return kind === 'failback' ? [child.from] : child.targets.map(t => t.name);
}
