/**
 * The label OCM puts the cluster's (exclusive) cluster set in.
 *
 * @public
 */
export const OCM_CLUSTERSET_LABEL =
  'cluster.open-cluster-management.io/clusterset';

/**
 * Well-known cluster claims (`status.clusterClaims`).
 *
 * @public
 */
export const OCM_CLAIMS = {
  id: 'id.k8s.io',
  platform: 'platform.open-cluster-management.io',
  region: 'region.open-cluster-management.io',
  product: 'product.open-cluster-management.io',
  kubeVersion: 'kubeversion.open-cluster-management.io',
} as const;

/** The hub's conditions on a ManagedCluster. */
export const OCM_CONDITIONS = {
  available: 'ManagedClusterConditionAvailable',
  accepted: 'HubAcceptedManagedCluster',
  joined: 'ManagedClusterJoined',
} as const;
