import {
  BackstageCredentials,
  PermissionsRegistryService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { NotAllowedError } from '@backstage/errors';
import {
  AuthorizeResult,
  BasicPermission,
  Permission,
  ResourcePermission,
} from '@backstage/plugin-permission-common';
import { createConditionAuthorizer } from '@backstage/plugin-permission-node';
import {
  multiClusterClusterReadPermission,
  multiClusterPlacementReadPermission,
} from '@flotilla/plugin-multi-cluster-common';
import { FleetCluster } from '@flotilla/plugin-multi-cluster-node';
import { clusterPermissionResourceRef } from './rules';

/** Tells whether the caller holds a cluster permission on a cluster. */
export type ClusterFilter = (cluster: FleetCluster) => boolean;

/** Thrown when a permission is denied; the message names the permission. */
export function deniedError(permission: Permission, target?: string) {
  return new NotAllowedError(
    `Permission '${permission.name}' denied${target ? ` for ${target}` : ''}`,
  );
}

/**
 * The permission checks the plugin's services make. Conditional decisions on
 * cluster permissions are resolved by `createConditionAuthorizer` with the
 * rules registered in the permissions registry (HAS_LABEL, IS_IN_REGION,
 * IS_PROVIDER).
 */
export class ClusterPermissions {
  constructor(
    private readonly permissions: PermissionsService,
    private readonly registry: PermissionsRegistryService,
  ) {}

  /**
   * The clusters the caller holds `permission` on, as a predicate (one
   * permission round-trip for any number of clusters).
   */
  async clusterFilter(
    permission: ResourcePermission,
    credentials: BackstageCredentials,
  ): Promise<ClusterFilter> {
    const [decision] = await this.permissions.authorizeConditional(
      [{ permission }],
      { credentials },
    );
    // The ruleset is looked up per call: rules are registered after the
    // services are built.
    const isAllowed = createConditionAuthorizer(
      this.registry.getPermissionRuleset(clusterPermissionResourceRef),
    );
    return cluster => isAllowed(decision, cluster);
  }

  /** Throws NotAllowedError (403, naming the permission) unless allowed. */
  async authorizeCluster(
    permission: ResourcePermission,
    cluster: FleetCluster,
    credentials: BackstageCredentials,
  ): Promise<void> {
    const allowed = await this.clusterFilter(permission, credentials);
    if (!allowed(cluster)) {
      throw deniedError(permission, `cluster '${cluster.name}'`);
    }
  }

  /** Basic (non-resource) permission check. */
  async authorizeBasic(
    permission: BasicPermission,
    credentials: BackstageCredentials,
  ): Promise<void> {
    const [decision] = await this.permissions.authorize([{ permission }], {
      credentials,
    });
    if (decision.result !== AuthorizeResult.ALLOW) {
      throw deniedError(permission);
    }
  }

  /**
   * Placement reads (simulation, advice, entity placement, exposure): the
   * placement read permission, then the clusters the caller may read.
   */
  async authorizePlacementRead(
    credentials: BackstageCredentials,
  ): Promise<ClusterFilter> {
    await this.authorizeBasic(multiClusterPlacementReadPermission, credentials);
    return this.clusterFilter(multiClusterClusterReadPermission, credentials);
  }
}
