import {
  createPermission,
  type ResourcePermission,
} from '@backstage/plugin-permission-common';

/**
 * Resource type of a fleet cluster as the multi-cluster backend knows it.
 * Conditional policies on lifecycle permissions receive rules for this type
 * (for example "cluster has label environment=prod").
 *
 * @public
 */
export const RESOURCE_TYPE_MULTI_CLUSTER_CLUSTER = 'multi-cluster-cluster';

/**
 * The catalog's own resource type; failover is authorized on the service's
 * catalog entity so that catalog rules such as IS_ENTITY_OWNER apply.
 *
 * @public
 */
export const RESOURCE_TYPE_CATALOG_ENTITY = 'catalog-entity';

/** @public */
export type MultiClusterClusterPermission = ResourcePermission<
  typeof RESOURCE_TYPE_MULTI_CLUSTER_CLUSTER
>;

/** @public */
export type MultiClusterEntityPermission = ResourcePermission<
  typeof RESOURCE_TYPE_CATALOG_ENTITY
>;

/**
 * Start, cancel or roll back a failover of a service (a catalog entity).
 *
 * @public
 */
export const multiClusterFailoverExecutePermission = createPermission({
  name: 'multi-cluster.failover.execute',
  attributes: { action: 'update' },
  resourceType: RESOURCE_TYPE_CATALOG_ENTITY,
});

/**
 * Fail every affected service over from lost clusters at once (a region
 * failover), fail such a region failover back, and pause, resume or
 * cancel one. A basic permission: a region failover moves services of
 * many owners, so it is the fleet's operators' decision, not a service
 * owner's.
 *
 * @public
 */
export const multiClusterFailoverRegionPermission = createPermission({
  name: 'multi-cluster.failover.region',
  attributes: { action: 'update' },
});

/**
 * Read a service's failover runs, drills and DR posture.
 *
 * @public
 */
export const multiClusterFailoverReadPermission = createPermission({
  name: 'multi-cluster.failover.read',
  attributes: { action: 'read' },
  resourceType: RESOURCE_TYPE_CATALOG_ENTITY,
});

/**
 * Read a fleet cluster: health, capacity, lifecycle state, placed workloads.
 *
 * @public
 */
export const multiClusterClusterReadPermission = createPermission({
  name: 'multi-cluster.cluster.read',
  attributes: { action: 'read' },
  resourceType: RESOURCE_TYPE_MULTI_CLUSTER_CLUSTER,
});

/**
 * Scale a cluster's Cluster API MachineDeployments.
 *
 * @public
 */
export const multiClusterClusterScalePermission = createPermission({
  name: 'multi-cluster.cluster.scale',
  attributes: { action: 'update' },
  resourceType: RESOURCE_TYPE_MULTI_CLUSTER_CLUSTER,
});

/**
 * Upgrade a cluster's Kubernetes version through Cluster API.
 *
 * @public
 */
export const multiClusterClusterUpgradePermission = createPermission({
  name: 'multi-cluster.cluster.upgrade',
  attributes: { action: 'update' },
  resourceType: RESOURCE_TYPE_MULTI_CLUSTER_CLUSTER,
});

/**
 * Delete a cluster through Cluster API.
 *
 * @public
 */
export const multiClusterClusterDeletePermission = createPermission({
  name: 'multi-cluster.cluster.delete',
  attributes: { action: 'delete' },
  resourceType: RESOURCE_TYPE_MULTI_CLUSTER_CLUSTER,
});

/**
 * Simulate and recommend placements on the live fleet (reads only).
 *
 * @public
 */
export const multiClusterPlacementReadPermission = createPermission({
  name: 'multi-cluster.placement.read',
  attributes: { action: 'read' },
});

/**
 * Plan what the fleet could absorb if clusters, regions or providers were
 * lost (the what-if planner; reads only, across every DR-declared service).
 *
 * @public
 */
export const multiClusterFleetPlanPermission = createPermission({
  name: 'multi-cluster.fleet.plan',
  attributes: { action: 'read' },
});

/**
 * The cluster-lifecycle permissions: only these change clusters themselves.
 *
 * @public
 */
export const multiClusterLifecyclePermissions: MultiClusterClusterPermission[] =
  [
    multiClusterClusterScalePermission,
    multiClusterClusterUpgradePermission,
    multiClusterClusterDeletePermission,
  ];

/**
 * Every permission of the suite, for registration with `permissionsRegistry`.
 *
 * @public
 */
export const multiClusterPermissions = [
  multiClusterFailoverExecutePermission,
  multiClusterFailoverRegionPermission,
  multiClusterFailoverReadPermission,
  multiClusterClusterReadPermission,
  ...multiClusterLifecyclePermissions,
  multiClusterPlacementReadPermission,
  multiClusterFleetPlanPermission,
];
