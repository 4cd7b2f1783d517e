import { z } from 'zod';
import type { PlacementAdvice } from '../recommend/types';
import type {
  AddonCoverageReport,
  EntityExposure,
  FleetConnectivityReport,
} from './connectivity';
import type { EntityDrStatus, FailoverRun } from './failover';
import type { ClusterListResult, FleetCluster } from './fleet';
import type { EntityPlacement } from './placement';
import type {
  ApiErrorStatus,
  ApiRoute,
  RollbackFailoverResponse,
  SimulatePlacementResponse,
  StartFailoverResponse,
} from './routeTypes';
import {
  cancelFailoverRequestSchema,
  clusterHistoryQuerySchema,
  clusterRefSchema,
  deleteClusterRequestSchema,
  emptyRequestSchema,
  entityPathSchema,
  failoverRunRefSchema,
  listClustersQuerySchema,
  listFailoversQuerySchema,
  recommendPlacementRequestSchema,
  rollbackFailoverRequestSchema,
  scaleClusterRequestSchema,
  simulatePlacementRequestSchema,
  startDrillRequestSchema,
  startFailoverRequestSchema,
  upgradeClusterRequestSchema,
} from './schemas';
import {
  addonCoverageReportSchema,
  clusterHistoryResponseSchema,
  clusterListResponseSchema,
  deleteClusterResponseSchema,
  entityDrStatusSchema,
  entityExposureSchema,
  entityPlacementSchema,
  failoverDryRunResponseSchema,
  failoverRunListSchema,
  failoverRunSchema,
  failoverStartedResponseSchema,
  fleetClusterSchema,
  fleetConnectivityReportSchema,
  healthResponseSchema,
  placementAdviceSchema,
  rollbackFailoverResponseSchema,
  scaleClusterResponseSchema,
  simulatePlacementResponseSchema,
  clusterUpgradeSchema,
  upgradeClusterStartedSchema,
} from './responses';
import type { ClusterUpgrade } from './clusterUpgrade';

/**
 * Every route of the multi-cluster backend (`/api/multi-cluster`), once: the
 * router validates with these schemas, the OpenAPI document is generated
 * from them, and the typed client calls through them.
 */

// The route shape is in ./routeTypes; `./routes` keeps exporting it.
export type {
  AnyApiRoute,
  ApiErrorStatus,
  ApiMethod,
  ApiRoute,
  ApiSuccess,
  ApiSuccessStatus,
  RollbackFailoverResponse,
  SimulatePlacementResponse,
  StartFailoverResponse,
} from './routeTypes';

/**
 * A route whose success returns `TResponse`; each response schema's output
 * must fit it (`responses.test.ts` checks the other direction too).
 */
function route<TResponse>() {
  return <
    TParams extends z.ZodTypeAny | undefined = undefined,
    TQuery extends z.ZodTypeAny | undefined = undefined,
    TBody extends z.ZodTypeAny | undefined = undefined,
  >(
    spec: ApiRoute<TParams, TQuery, TBody, TResponse>,
  ) => spec;
}

const READ_ERRORS: ApiErrorStatus[] = [400, 401];
const CLUSTER_READ_ERRORS: ApiErrorStatus[] = [400, 401, 403, 404];
const LIFECYCLE_ERRORS: ApiErrorStatus[] = [400, 401, 403, 404, 409, 413];
/** Placement work runs on a few worker threads: when they are full, 429/503. */
const PLACEMENT_ERRORS: ApiErrorStatus[] = [
  400, 401, 403, 404, 413, 422, 429, 503,
];
const START_FAILOVER_ERRORS: ApiErrorStatus[] = [
  400, 401, 403, 404, 409, 413, 422,
];

/** The multi-cluster API, route by route. @public */
export const multiClusterApiRoutes = {
  health: route<{ status: 'ok' }>()({
    method: 'get',
    path: '/health',
    summary: 'Liveness of the plugin',
    callers: 'unauthenticated',
    responses: {
      200: { description: 'The plugin answers', schema: healthResponseSchema },
    },
    errors: [],
  }),
  listClusters: route<ClusterListResult>()({
    method: 'get',
    path: '/clusters',
    summary: 'List fleet clusters',
    description:
      'Clusters from all configured sources, merged by name; only clusters the caller may read (`multi-cluster.cluster.read`, conditional rules applied).',
    callers: 'user-or-service',
    query: listClustersQuerySchema,
    responses: {
      200: {
        description: 'A page of clusters and the total count',
        schema: clusterListResponseSchema,
      },
    },
    errors: READ_ERRORS,
  }),
  getCluster: route<FleetCluster>()({
    method: 'get',
    path: '/clusters/:name',
    summary: 'Get a cluster (health, capacity, lifecycle, placed workloads)',
    callers: 'user-or-service',
    params: clusterRefSchema,
    query: emptyRequestSchema,
    responses: {
      200: { description: 'The cluster', schema: fleetClusterSchema },
    },
    errors: CLUSTER_READ_ERRORS,
  }),
  scaleCluster: route<unknown>()({
    method: 'post',
    path: '/clusters/:name/scale',
    summary: 'Scale a Cluster API MachineDeployment',
    callers: 'user',
    params: clusterRefSchema,
    body: scaleClusterRequestSchema,
    responses: {
      200: {
        description: 'The MachineDeployment as scaled',
        schema: scaleClusterResponseSchema,
      },
    },
    errors: LIFECYCLE_ERRORS,
  }),
  upgradeCluster: route<unknown>()({
    method: 'post',
    path: '/clusters/:name/upgrade',
    summary: "Upgrade a Cluster API cluster's Kubernetes version",
    callers: 'user',
    params: clusterRefSchema,
    description:
      'Writes the new version (the control plane of a classic cluster, `spec.topology.version` of a ClusterClass-managed one) and answers with the upgrade it started; the workers follow in the background, step by step (`GET /clusters/:name/upgrade`).',
    body: upgradeClusterRequestSchema,
    responses: {
      200: {
        description: 'The version as written and the upgrade it started',
        schema: upgradeClusterStartedSchema,
      },
    },
    errors: LIFECYCLE_ERRORS,
  }),
  getClusterUpgrade: route<ClusterUpgrade>()({
    method: 'get',
    path: '/clusters/:name/upgrade',
    summary: "A cluster's latest upgrade, step by step",
    callers: 'user-or-service',
    params: clusterRefSchema,
    query: emptyRequestSchema,
    responses: {
      200: {
        description: 'The latest upgrade and its steps',
        schema: clusterUpgradeSchema,
      },
    },
    errors: CLUSTER_READ_ERRORS,
  }),
  deleteCluster: route<unknown>()({
    method: 'delete',
    path: '/clusters/:name',
    summary: 'Delete a cluster through Cluster API',
    description:
      'Requires `multi-cluster.cluster.delete` and the cluster name typed again.',
    callers: 'user',
    params: clusterRefSchema,
    body: deleteClusterRequestSchema,
    responses: {
      202: {
        description: 'Deletion requested',
        schema: deleteClusterResponseSchema,
      },
    },
    errors: LIFECYCLE_ERRORS,
  }),
  // Entries are the backend's HistoryEntry records.
  getClusterHistory: route<{ items: unknown[] }>()({
    method: 'get',
    path: '/clusters/:name/history',
    summary: 'Recorded mutating calls on a cluster, newest first',
    callers: 'user-or-service',
    params: clusterRefSchema,
    query: clusterHistoryQuerySchema,
    responses: {
      200: {
        description: 'History entries',
        schema: clusterHistoryResponseSchema,
      },
    },
    errors: CLUSTER_READ_ERRORS,
  }),
  simulatePlacement: route<SimulatePlacementResponse>()({
    method: 'post',
    path: '/placement/simulate',
    summary: "Karmada's scheduling answer for a placement",
    description:
      'On the posted clusters, or on the live clusters the caller may read. A scheduler error is a 422 with Karmada’s text.',
    callers: 'user-or-service',
    body: simulatePlacementRequestSchema,
    responses: {
      200: {
        description: 'Target clusters, replicas and explanation',
        schema: simulatePlacementResponseSchema,
      },
    },
    errors: PLACEMENT_ERRORS,
  }),
  recommendPlacement: route<PlacementAdvice>()({
    method: 'post',
    path: '/placement/recommend',
    summary: "Placement advice for a workload's requirements",
    callers: 'user-or-service',
    body: recommendPlacementRequestSchema,
    responses: {
      200: {
        description: 'Ranked placements and excluded clusters',
        schema: placementAdviceSchema,
      },
    },
    errors: PLACEMENT_ERRORS,
  }),
  getConnectivity: route<FleetConnectivityReport>()({
    method: 'get',
    path: '/connectivity',
    summary: 'Cluster sets, fabric findings and borrowed capacity',
    callers: 'user-or-service',
    query: emptyRequestSchema,
    responses: {
      200: {
        description: 'The connectivity report of readable clusters',
        schema: fleetConnectivityReportSchema,
      },
    },
    errors: [...READ_ERRORS, 429, 503],
  }),
  getAddonCoverage: route<AddonCoverageReport>()({
    method: 'get',
    path: '/addons',
    summary: 'Fleet-wide add-ons and the clusters that carry them',
    callers: 'user-or-service',
    query: emptyRequestSchema,
    responses: {
      200: {
        description: 'Add-on coverage on readable clusters',
        schema: addonCoverageReportSchema,
      },
    },
    errors: READ_ERRORS,
  }),
  getEntityExposure: route<EntityExposure>()({
    method: 'get',
    path: '/entities/:kind/:namespace/:name/exposure',
    summary: "Where a service's MCS exports are reachable",
    callers: 'user-or-service',
    params: entityPathSchema,
    query: emptyRequestSchema,
    responses: {
      200: {
        description: 'Exports and dependency reachability',
        schema: entityExposureSchema,
      },
    },
    errors: [400, 401, 403],
  }),
  getEntityPlacement: route<EntityPlacement>()({
    method: 'get',
    path: '/entities/:kind/:namespace/:name/placement',
    summary: "An entity's desired and actual placement",
    callers: 'user-or-service',
    params: entityPathSchema,
    query: emptyRequestSchema,
    responses: {
      200: {
        description: 'Karmada policies and where the workload runs',
        schema: entityPlacementSchema,
      },
    },
    errors: [400, 401, 403],
  }),
  startFailover: route<StartFailoverResponse>()({
    method: 'post',
    path: '/failovers',
    summary: 'Start a failover (or return its plan on a dry run)',
    callers: 'user',
    body: startFailoverRequestSchema,
    responses: {
      200: {
        description: 'The plan (dry run)',
        schema: failoverDryRunResponseSchema,
      },
      202: {
        description: 'The run, started',
        schema: failoverStartedResponseSchema,
      },
    },
    errors: START_FAILOVER_ERRORS,
  }),
  startDrill: route<StartFailoverResponse>()({
    method: 'post',
    path: '/drills',
    summary: 'Start a DR drill (a forced failover recorded as a drill)',
    callers: 'user',
    body: startDrillRequestSchema,
    responses: {
      200: {
        description: 'The plan (dry run)',
        schema: failoverDryRunResponseSchema,
      },
      202: {
        description: 'The drill, started',
        schema: failoverStartedResponseSchema,
      },
    },
    errors: START_FAILOVER_ERRORS,
  }),
  listFailovers: route<{ items: FailoverRun[] }>()({
    method: 'get',
    path: '/failovers',
    summary: 'Failover runs, newest first',
    callers: 'user-or-service',
    query: listFailoversQuerySchema,
    responses: {
      200: {
        description: 'Runs the caller may read',
        schema: failoverRunListSchema,
      },
    },
    errors: READ_ERRORS,
  }),
  getFailover: route<FailoverRun>()({
    method: 'get',
    path: '/failovers/:id',
    summary: 'A failover run and its steps',
    callers: 'user-or-service',
    params: failoverRunRefSchema,
    query: emptyRequestSchema,
    responses: {
      200: { description: 'The run', schema: failoverRunSchema },
    },
    errors: CLUSTER_READ_ERRORS,
  }),
  cancelFailover: route<FailoverRun>()({
    method: 'post',
    path: '/failovers/:id/cancel',
    summary: 'Cancel a pending or running failover',
    callers: 'user',
    params: failoverRunRefSchema,
    body: cancelFailoverRequestSchema,
    responses: {
      200: { description: 'The run, cancelled', schema: failoverRunSchema },
    },
    errors: [400, 401, 403, 404, 409, 413],
  }),
  rollbackFailover: route<RollbackFailoverResponse>()({
    method: 'post',
    path: '/failovers/:id/rollback',
    summary: 'Roll a finished failover back',
    callers: 'user',
    params: failoverRunRefSchema,
    body: rollbackFailoverRequestSchema,
    responses: {
      202: {
        description: 'The rollback run, started',
        schema: rollbackFailoverResponseSchema,
      },
    },
    errors: [400, 401, 403, 404, 409, 413, 422],
  }),
  getEntityDr: route<EntityDrStatus>()({
    method: 'get',
    path: '/entities/:kind/:namespace/:name/dr',
    summary: "An entity's DR posture, runs and drills",
    callers: 'user-or-service',
    params: entityPathSchema,
    query: emptyRequestSchema,
    responses: {
      200: { description: 'The DR posture', schema: entityDrStatusSchema },
    },
    errors: READ_ERRORS,
  }),
};

/** The name of a route in {@link multiClusterApiRoutes}. @public */
export type MultiClusterApiRouteName = keyof typeof multiClusterApiRoutes;
