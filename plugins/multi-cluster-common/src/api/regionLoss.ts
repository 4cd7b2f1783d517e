import type { FailoverPolicy } from '../dr/service';
import type { ClusterHealthEvidence } from './fleet';

/**
 * Types of the region-loss routes: detection's view of the fleet and its
 * decisions, and region failovers (a parent run whose children are failover
 * runs of the affected services).
 */

/** Detection's verdict on a cluster. @public */
export type DetectionClusterState = 'healthy' | 'failing' | 'unknown';

/** @public */
export interface DetectionCluster {
  cluster: string;
  region?: string;
  state: DetectionClusterState;
  /** Since when the cluster is in this state, as detection observed it. */
  since?: string;
  evidence: ClusterHealthEvidence[];
}

/** @public */
export interface DetectionClusterList {
  items: DetectionCluster[];
}

/** @public */
export type DetectionDecisionKind =
  | 'would-fail-over'
  | 'failed-over'
  | 'held-back'
  | 'karmada-handles'
  | 'propose-failback'
  | 'failed-back';

/** One observation detection decided on. @public */
export interface DetectionEvidence {
  cluster: string;
  /** `probe`, `karmada` (its Ready condition or its NoExecute taint), `ocm`, `cluster-api`, `argocd` or `deployment`. */
  source: string;
  status: string;
  reason?: string;
  since?: string;
}

/** What detection decided, and why. @public */
export interface DetectionDecision {
  id: string;
  createdAt: string;
  entityRef?: string;
  clusters: string[];
  kind: DetectionDecisionKind;
  reason: string;
  policy: FailoverPolicy;
  evidence: DetectionEvidence[];
  stormId?: string;
}

/** @public */
export interface DetectionDecisionList {
  items: DetectionDecision[];
}

/** @public */
export type RegionFailoverKind = 'failover' | 'failback';

/** @public */
export type RegionFailoverStatus =
  | 'running'
  | 'paused'
  | 'succeeded'
  | 'failed'
  | 'cancelled';

/** @public */
export type RegionFailoverChildStatus =
  | 'queued'
  | 'waiting-capacity'
  | 'running'
  | 'succeeded'
  | 'failed'
  | 'cancelled'
  | 'skipped';

/** One service's move away from one lost cluster within a region failover. @public */
export interface RegionFailoverChild {
  entityRef: string;
  /** 1 is admitted first. */
  priority: number;
  from: string;
  to: string[];
  replicas: number;
  status: RegionFailoverChildStatus;
  /** The failover (or, in a failback, rollback) run, once admitted. */
  runId?: string;
  reason?: string;
}

/** A region failover (or failback): the parent of its services' runs. @public */
export interface RegionFailover {
  id: string;
  kind: RegionFailoverKind;
  status: RegionFailoverStatus;
  lostClusters: string[];
  reason: string;
  actor: string;
  createdAt: string;
  finishedAt?: string;
  /** The region failover a failback reverses. */
  failbackOf?: string;
  limits: { maxConcurrentRuns: number; maxRunsPerTargetCluster: number };
  children: RegionFailoverChild[];
  counts: Partial<Record<RegionFailoverChildStatus, number>>;
}

/** @public */
export interface RegionFailoverList {
  items: RegionFailover[];
}

/**
 * `POST /region-failovers`: the plan on a dry run, else the region failover.
 *
 * @public
 */
export type StartRegionFailoverResponse =
  | { plan: import('../dr/whatIf').WhatIfPlan }
  | { storm: RegionFailover };
