import { PermissionsRegistryService } from '@backstage/backend-plugin-api';
import {
  multiClusterClusterDeletePermission,
  multiClusterClusterReadPermission,
  multiClusterClusterScalePermission,
  multiClusterClusterUpgradePermission,
  multiClusterFailoverExecutePermission,
  multiClusterFailoverReadPermission,
  multiClusterFailoverRegionPermission,
  multiClusterFleetPlanPermission,
  multiClusterPlacementReadPermission,
} from '@flotilla/plugin-multi-cluster-common';
import { FleetInventoryService } from '../inventory/FleetInventory';
import { clusterPermissionResourceRef, clusterPermissionRules } from './rules';

/**
 * Registers the cluster resource type with its rules (HAS_LABEL,
 * IS_IN_REGION, IS_PROVIDER) and the plugin's other permissions.
 */
export function registerPermissions(
  registry: PermissionsRegistryService,
  inventory: FleetInventoryService,
) {
  registry.addResourceType({
    resourceRef: clusterPermissionResourceRef,
    permissions: [
      multiClusterClusterReadPermission,
      multiClusterClusterScalePermission,
      multiClusterClusterUpgradePermission,
      multiClusterClusterDeletePermission,
    ],
    rules: Object.values(clusterPermissionRules),
    getResources: async refs =>
      Promise.all(refs.map(name => inventory.getCluster(name))),
  });
  // Failover permissions are on catalog entities (catalog rules apply);
  // region failover, placement read and fleet plan are basic permissions.
  registry.addPermissions([
    multiClusterFailoverExecutePermission,
    multiClusterFailoverReadPermission,
    multiClusterFailoverRegionPermission,
    multiClusterPlacementReadPermission,
    multiClusterFleetPlanPermission,
  ]);
}
