import {
  BackstageCredentials,
  PermissionsRegistryService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { NotAllowedError } from '@backstage/errors';
import {
  AuthorizeResult,
  BasicPermission,
  isResourcePermission,
  Permission,
  PermissionCriteria,
  ResourcePermission,
} from '@backstage/plugin-permission-common';
import {
  createConditionTransformer,
  isAndCriteria,
  isNotCriteria,
  isOrCriteria,
} from '@backstage/plugin-permission-node';
import { FleetCluster } from '../inventory/types';
import {
  applyClusterQuery,
  clusterPermissionResourceRef,
  ClusterQuery,
} from './rules';

/** Evaluates transformed criteria against a cluster. */
export function evaluateClusterCriteria(
  criteria: PermissionCriteria<ClusterQuery>,
  cluster: FleetCluster,
): boolean {
  if (isAndCriteria(criteria)) {
    return criteria.allOf.every(c => evaluateClusterCriteria(c, cluster));
  }
  if (isOrCriteria(criteria)) {
    return criteria.anyOf.some(c => evaluateClusterCriteria(c, cluster));
  }
  if (isNotCriteria(criteria)) {
    return !evaluateClusterCriteria(criteria.not, cluster);
  }
  return applyClusterQuery(cluster, criteria as ClusterQuery);
}

/** Thrown when a permission is denied; the message names the permission. */
export function deniedError(permission: Permission, target?: string) {
  return new NotAllowedError(
    `Permission '${permission.name}' denied${target ? ` for ${target}` : ''}`,
  );
}

/**
 * Authorizes calls with the Backstage permission framework. Conditional
 * decisions on cluster permissions are resolved with the plugin's registered
 * rules (HAS_LABEL, IS_IN_REGION, IS_PROVIDER).
 */
export class ClusterAuthorizer {
  constructor(
    private readonly permissions: PermissionsService,
    private readonly registry: PermissionsRegistryService,
  ) {}

  private transformer() {
    return createConditionTransformer(
      this.registry.getPermissionRuleset(clusterPermissionResourceRef),
    );
  }

  /**
   * Returns a predicate telling whether the caller holds `permission` on a
   * cluster (one permission round-trip for any number of clusters).
   */
  async clusterPredicate(
    permission: ResourcePermission,
    credentials: BackstageCredentials,
  ): Promise<(cluster: FleetCluster) => boolean> {
    const [decision] = await this.permissions.authorizeConditional(
      [{ permission }],
      { credentials },
    );
    if (decision.result === AuthorizeResult.ALLOW) {
      return () => true;
    }
    if (decision.result !== AuthorizeResult.CONDITIONAL) {
      return () => false;
    }
    const criteria = this.transformer()(decision.conditions);
    return cluster => evaluateClusterCriteria(criteria, cluster);
  }

  /** Throws NotAllowedError (403, naming the permission) unless allowed. */
  async authorizeCluster(
    permission: ResourcePermission,
    cluster: FleetCluster,
    credentials: BackstageCredentials,
  ): Promise<void> {
    const allowed = await this.clusterPredicate(permission, credentials);
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

  /** Permission on a catalog entity, resolved by the catalog's rules. */
  async authorizeEntity(
    permission: Permission,
    entityRef: string,
    credentials: BackstageCredentials,
  ): Promise<void> {
    const [decision] = await this.permissions.authorize(
      [
        isResourcePermission(permission)
          ? { permission, resourceRef: entityRef }
          : { permission: permission as BasicPermission },
      ],
      { credentials },
    );
    if (decision.result !== AuthorizeResult.ALLOW) {
      throw deniedError(permission, entityRef);
    }
  }
}
