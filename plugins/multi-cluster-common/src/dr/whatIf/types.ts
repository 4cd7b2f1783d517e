import type { ClusterProfile } from '../../fleet/cluster';
import type { ReachabilityRequirement } from '../../scheduling/types';
import type { ReplicaAssignment } from '../posture/types';
import type { ServiceDrSpec } from '../service';

/**
 * What is lost: clusters by name, and every cluster of the named regions
 * and providers.
 *
 * @public
 */
export interface WhatIfLoss {
  clusters?: string[];
  regions?: string[];
  providers?: string[];
}

/** A service as the what-if planner sees it. @public */
export interface WhatIfServiceInput {
  spec: ServiceDrSpec;
  /** Where its replicas run now. */
  placement: ReplicaAssignment;
  /** Its dependencies and their clusters, which moved replicas must reach. */
  dependencies?: ReachabilityRequirement['dependencies'];
}

/** @public */
export interface WhatIfRequest {
  fleet: ClusterProfile[];
  services: WhatIfServiceInput[];
  loss: WhatIfLoss;
}

/** @public */
export type WhatIfOutcome = 'unaffected' | 'moved' | 'partial' | 'unplaceable';

/** One lost cluster's replicas of a service, and where they go. @public */
export interface WhatIfSourceMove {
  from: string;
  replicas: number;
  targets: { name: string; replicas: number }[];
}

/** @public */
export interface WhatIfObjective {
  targetSeconds?: number;
  expectedSeconds: number;
  /** `null` when the service declares no target. */
  kept: boolean | null;
}

/** What a loss means for one service. @public */
export interface WhatIfServiceResult {
  entityRef: string;
  /** 1 is placed first. */
  priority: number;
  tier?: number;
  outcome: WhatIfOutcome;
  lostReplicas: number;
  placedReplicas: number;
  /** Per lost cluster, in name order. */
  sources: WhatIfSourceMove[];
  placementAfter: ReplicaAssignment;
  shortfall?: {
    resource: string;
    requested: string;
    available: string;
    replicasUnplaced: number;
  };
  /** Why it (partly) does not fit, for people. */
  reason?: string;
  rto: WhatIfObjective;
  rpo: WhatIfObjective;
  quorum: { minReplicas: number; replicasAfter: number; kept: boolean };
  dependencies: { reachable: boolean; problems: string[] };
}

/** CPU in millicores and memory in bytes. @public */
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
export interface WhatIfSummary {
  services: number;
  affected: number;
  moved: number;
  partial: number;
  unplaceable: number;
  /** Affected services that do not fit or lose quorum, RTO, RPO or a dependency. */
  atRisk: number;
}

/** The answer of a what-if: every affected service re-placed over the survivors. @public */
export interface WhatIfPlan {
  lostClusters: string[];
  services: WhatIfServiceResult[];
  clusters: WhatIfClusterHeadroom[];
  regions: WhatIfRegionHeadroom[];
  summary: WhatIfSummary;
}

/** One resource's capacity: allocatable, used before and after. */
export type WhatIfCapacityUse = WhatIfCapacity['cpu'];
/** The shortfall of a placement that left replicas over. */
export type WhatIfShortfall = NonNullable<WhatIfServiceResult['shortfall']>;

/**
 * A loss that names nothing, or names a cluster, region or provider the
 * fleet does not have; the message says which, for the user.
 *
 * @public
 */
export class WhatIfLossError extends Error {
  readonly name = 'WhatIfLossError';
}
