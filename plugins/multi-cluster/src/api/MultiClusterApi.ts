import { createApiRef } from '@backstage/core-plugin-api';
import type {
  AddonCoverageReport,
  EntityExposure,
  FleetConnectivityReport,
  EntityDrStatus,
  RecoveryHistory,
  FailoverPlan,
  FailoverRun,
  StartFailoverRequest,
  ClusterListFilter,
  ClusterListResult,
  FleetCluster,
  EntityPlacementAdvice,
  PlacementAdvice,
  PlacementOptions,
  RecommendPlacementRequest,
  ScheduleRequest,
  ScheduleResult,
  WorkloadRequirements,
  EntityPlacement,
  DetectionClusterList,
  DetectionDecisionList,
  RegionFailover,
  RegionFailoverList,
  WhatIfLoss,
  WhatIfPlan,
} from '@flotilla/plugin-multi-cluster-common';

/** Input of the cluster scale call. @public */
export interface ScaleClusterRequest {
  machineDeployment: string;
  replicas: number;
}

/** What is lost, and optionally only these services. @public */
export type WhatIfQuery = WhatIfLoss & { entityRefs?: string[] };

/** Input of {@link MultiClusterApi.startRegionFailover}. @public */
export type StartRegionFailoverInput = WhatIfQuery & {
  reason: string;
  /** A repeated call with the same key answers the same region failover. */
  idempotencyKey?: string;
};

/** Which detection decisions to read, newest first. @public */
export interface DetectionDecisionFilter {
  entityRef?: string;
  cluster?: string;
  limit?: number;
}

/**
 * The multi-cluster backend, as the frontend uses it.
 *
 * @public
 */
export interface MultiClusterApi {
  listClusters(
    filter?: ClusterListFilter & { limit?: number; offset?: number },
  ): Promise<ClusterListResult>;
  /** Every cluster matching the filter, fetched page by page. */
  listAllClusters(filter?: ClusterListFilter): Promise<FleetCluster[]>;
  getCluster(name: string): Promise<FleetCluster>;
  /**
   * `options.headers`: the signed-in user's cluster credentials
   * (`Backstage-Kubernetes-Authorization-*`), for clusters that read as the
   * user (see {@link userClusterCredentialHeaders}).
   */
  getEntityPlacement(
    entity: {
      kind: string;
      namespace: string;
      name: string;
    },
    options?: { headers?: Record<string, string> },
  ): Promise<EntityPlacement>;
  simulatePlacement(
    request: Omit<ScheduleRequest, 'clusters'> &
      Partial<Pick<ScheduleRequest, 'clusters'>>,
  ): Promise<ScheduleResult>;
  recommendPlacement(
    requirements: WorkloadRequirements,
  ): Promise<PlacementAdvice>;
  /** Advice for the entity's annotated requirements, or for `requirements` when given. */
  getEntityPlacementAdvice(
    entity: { kind: string; namespace: string; name: string },
    requirements?: RecommendPlacementRequest,
  ): Promise<EntityPlacementAdvice>;
  /** The live fleet's regions, clusters and declared values, for pickers. */
  getPlacementOptions(): Promise<PlacementOptions>;
  scaleCluster(name: string, request: ScaleClusterRequest): Promise<unknown>;
  upgradeCluster(name: string, version: string): Promise<unknown>;
  /** A dry run returns the plan and changes nothing. */
  previewFailover(
    request: Omit<StartFailoverRequest, 'dryRun'>,
  ): Promise<{ plan: FailoverPlan }>;
  startFailover(
    request: Omit<StartFailoverRequest, 'dryRun'>,
  ): Promise<{ id: string }>;
  /** A DR drill: the same runbook, run for real (it moves replicas), its RTO measured. */
  startDrill(
    request: Omit<StartFailoverRequest, 'dryRun' | 'force'>,
  ): Promise<{ id: string }>;
  getFailover(id: string): Promise<FailoverRun>;
  listFailovers(entityRef: string): Promise<{ items: FailoverRun[] }>;
  cancelFailover(id: string): Promise<FailoverRun>;
  rollbackFailover(id: string, reason: string): Promise<{ id: string }>;
  getEntityDr(entity: {
    kind: string;
    namespace: string;
    name: string;
  }): Promise<EntityDrStatus>;
  /** Measured RTO and RPO per finished run and drill, newest first. */
  getEntityRecoveryHistory(entity: {
    kind: string;
    namespace: string;
    name: string;
  }): Promise<RecoveryHistory>;
  /** Cluster sets, fabric findings and borrowed capacity of the whole fleet. */
  getConnectivity(): Promise<FleetConnectivityReport>;
  /** Fleet-wide add-ons and which clusters carry them. */
  getAddonCoverage(): Promise<AddonCoverageReport>;
  /** Where the service's MCS exports are reachable, and whether its dependencies are. */
  getEntityExposure(entity: {
    kind: string;
    namespace: string;
    name: string;
  }): Promise<EntityExposure>;
  /** What if these clusters, regions or providers were lost (reads only). */
  planWhatIf(query: WhatIfQuery): Promise<WhatIfPlan>;
  /** Detection's verdict on every cluster, with its evidence. */
  listDetectionClusters(): Promise<DetectionClusterList>;
  /** Detection's decisions, newest first. */
  listDetectionDecisions(
    filter?: DetectionDecisionFilter,
  ): Promise<DetectionDecisionList>;
  /** Fails every affected service over, as one region failover. */
  startRegionFailover(
    input: StartRegionFailoverInput,
  ): Promise<{ storm: RegionFailover }>;
  listRegionFailovers(limit?: number): Promise<RegionFailoverList>;
  getRegionFailover(id: string): Promise<RegionFailover>;
  pauseRegionFailover(id: string): Promise<RegionFailover>;
  resumeRegionFailover(id: string): Promise<RegionFailover>;
  cancelRegionFailover(id: string): Promise<RegionFailover>;
  /** Moves back what a succeeded region failover moved. */
  startFailback(input: {
    stormId: string;
    reason: string;
    idempotencyKey?: string;
  }): Promise<{ storm: RegionFailover }>;
}

/** @public */
export const multiClusterApiRef = createApiRef<MultiClusterApi>({
  id: 'plugin.multi-cluster.service',
});
