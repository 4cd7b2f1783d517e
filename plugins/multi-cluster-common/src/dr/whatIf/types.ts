import type { ClusterProfile } from '../../fleet/cluster';
import type { ReachabilityRequirement } from '../../scheduling/types';
import type { ReplicaAssignment } from '../posture';
import type { ServiceDrSpec } from '../service';

/**
 * What is lost: clusters by name, and every cluster of the named regions and
 * providers.
 *
 * @public
 */
export interface WhatIfLoss {
  clusters?: string[];
  regions?: string[];
  providers?: string[];
}

/**
 * One DR-declared service as the what-if planner sees it.
 *
 * @public
 */
export interface WhatIfServiceInput {
  /** Its declaration: tier, RTO/RPO targets, minReplicas, resourceRequest, placement, strategy. */
  spec: ServiceDrSpec;
  /** Where its replicas run now. */
  placement: ReplicaAssignment;
  /** Its dependencies and their clusters. */
  dependencies?: ReachabilityRequirement['dependencies'];
}

/** @public */
export interface WhatIfRequest {
  fleet: ClusterProfile[];
  services: WhatIfServiceInput[];
  loss: WhatIfLoss;
}

/**
 * `unaffected`: nothing ran on a lost cluster; `moved`: every lost replica
 * found a survivor; `partial`: some did; `unplaceable`: none did.
 *
 * @public
 */
export type WhatIfOutcome = 'unaffected' | 'moved' | 'partial' | 'unplaceable';

/**
 * One lost cluster's replicas of a service, and where they go.
 *
 * @public
 */
export interface WhatIfSourceMove {
  from: string;
  replicas: number;
  targets: { name: string; replicas: number }[];
}

/** @public */
export interface WhatIfServiceResult {
  entityRef: string;
  /** 1 = placed first. */
  priority: number;
  tier?: number;
  outcome: WhatIfOutcome;
  lostReplicas: number;
  placedReplicas: number;
  /** Per lost cluster, in name order. */
  sources: WhatIfSourceMove[];
  placementAfter: ReplicaAssignment;
  /**
   * The scarcest resource when replicas are left over: the per-replica
   * request next to the most the best feasible survivor has free.
   */
  shortfall?: {
    resource: string;
    requested: string;
    available: string;
    replicasUnplaced: number;
  };
  /** Why it (partly) does not fit, for people. */
  reason?: string;
  /** The strategy's best RTO against the target; `kept` null without one. */
  rto: { targetSeconds?: number; expectedSeconds: number; kept: boolean | null };
  /** The strategy's best RPO against the target; `kept` null without one. */
  rpo: { targetSeconds?: number; expectedSeconds: number; kept: boolean | null };
  quorum: { minReplicas: number; replicasAfter: number; kept: boolean };
  dependencies: { reachable: boolean; problems: string[] };
}

/**
 * CPU in millicores and memory in bytes: allocatable, used before the loss
 * and used after the plan's placements.
 *
 * @public
 */
export interface WhatIfCapacity {
  cpu: { allocatable: number; usedBefore: number; usedAfter: number };
  memory: { allocatable: number; usedBefore: number; usedAfter: number };
}

/** @public */
export interface WhatIfClusterHeadroom extends WhatIfCapacity {
  name: string;
  region?: string;
  provider?: string;
  lost: boolean;
}

/** @public */
export interface WhatIfRegionHeadroom extends WhatIfCapacity {
  region: string;
  clusters: number;
  lostClusters: number;
}

/** @public */
export interface WhatIfPlan {
  lostClusters: string[];
  services: WhatIfServiceResult[];
  clusters: WhatIfClusterHeadroom[];
  regions: WhatIfRegionHeadroom[];
  /** `atRisk`: affected and partial, unplaceable, or losing quorum, RTO, RPO or a dependency. */
  summary: {
    services: number;
    affected: number;
    moved: number;
    partial: number;
    unplaceable: number;
    atRisk: number;
  };
}

/**
 * A loss that names nothing, or names a cluster, region or provider the
 * fleet does not have; the message says which, for the user.
 *
 * @public
 */
export class WhatIfLossError extends Error {
  readonly name = 'WhatIfLossError';
}

/** One resource's capacity: allocatable, used before and after. */
export type WhatIfCapacityUse = WhatIfCapacity['cpu'];
/** A recovery objective's verdict. */
export type WhatIfObjective = WhatIfServiceResult['rto'];
/** The shortfall of a placement that left replicas over. */
export type WhatIfShortfall = NonNullable<WhatIfServiceResult['shortfall']>;
/** The plan's counts. */
export type WhatIfSummary = WhatIfPlan['summary'];
