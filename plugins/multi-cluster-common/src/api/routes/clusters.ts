/*
 * Routes of fleet clusters: list and read them, their lifecycle (scale,
 * upgrade, delete) and history.
 */
import type { ClusterUpgrade } from '../clusterUpgrade';
import type { ClusterListResult, FleetCluster } from '../fleet';
import {
  clusterHistoryResponseSchema,
  clusterListResponseSchema,
  clusterUpgradeSchema,
  deleteClusterResponseSchema,
  fleetClusterSchema,
  scaleClusterResponseSchema,
  upgradeClusterStartedSchema,
} from '../responses';
import {
  clusterHistoryQuerySchema,
  clusterRefSchema,
  deleteClusterRequestSchema,
  emptyRequestSchema,
  listClustersQuerySchema,
  scaleClusterRequestSchema,
  upgradeClusterRequestSchema,
} from '../schemas';
import {
  route,
  READ_ERRORS,
  CLUSTER_READ_ERRORS,
  LIFECYCLE_ERRORS,
} from './route';

export const listClusters = route<ClusterListResult>()({
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
});

export const getCluster = route<FleetCluster>()({
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
});

export const scaleCluster = route<unknown>()({
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
});

export const upgradeCluster = route<unknown>()({
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
});

export const getClusterUpgrade = route<ClusterUpgrade>()({
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
});

export const deleteCluster = route<unknown>()({
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
});

// Entries are the backend's HistoryEntry records.
export const getClusterHistory = route<{ items: unknown[] }>()({
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
});
