import type { UserInfoService } from '@backstage/backend-plugin-api';
import {
  AuthorizeResult,
  isPermission,
  type PolicyDecision,
} from '@backstage/plugin-permission-common';
import type {
  PermissionPolicy,
  PolicyQuery,
  PolicyQueryUser,
} from '@backstage/plugin-permission-node';
import {
  catalogConditions,
  createCatalogConditionalDecision,
} from '@backstage/plugin-catalog-backend/alpha';
import {
  multiClusterFailoverExecutePermission,
  multiClusterFailoverRegionPermission,
  multiClusterLifecyclePermissions,
} from '@flotilla/plugin-multi-cluster-common';

/**
 * Permissions only the platform owners hold: changing clusters themselves,
 * and failing over every service of lost clusters at once.
 */
const platformPermissions = [
  ...multiClusterLifecyclePermissions,
  multiClusterFailoverRegionPermission,
];

/**
 * Options of {@link MultiClusterPermissionPolicy}.
 *
 * @public
 */
export interface MultiClusterPermissionPolicyOptions {
  /**
   * Entity refs of the groups (or users) that run the fleet: only their
   * members may scale, upgrade or delete clusters.
   */
  platformOwnerRefs: string[];
  /** Resolves a user's ownership refs (the user and the groups it belongs to). */
  userInfo: UserInfoService;
}

/**
 * Flotilla's permission policy:
 * - everyone may read everything, and plan what-ifs
 *   (`multi-cluster.fleet.plan`, a read like `multi-cluster.cluster.read`);
 * - only an owner of a service may fail it over (a conditional decision the
 *   catalog resolves with its IS_ENTITY_OWNER rule, so it holds for every
 *   entity without this policy looking it up);
 * - only members of the platform owners may scale, upgrade or delete
 *   clusters, and run region failovers (and their failbacks), which move
 *   the services of every owner at once.
 * Everything else is allowed, as in Backstage's allow-all default.
 *
 * @public
 */
export class MultiClusterPermissionPolicy implements PermissionPolicy {
  private readonly platformOwnerRefs: Set<string>;
  private readonly userInfo: UserInfoService;

  constructor(options: MultiClusterPermissionPolicyOptions) {
    this.userInfo = options.userInfo;
    this.platformOwnerRefs = new Set(
      options.platformOwnerRefs.map(ref => ref.toLocaleLowerCase('en-US')),
    );
  }

  async handle(
    request: PolicyQuery,
    user?: PolicyQueryUser,
  ): Promise<PolicyDecision> {
    const ownershipRefs = user
      ? (await this.userInfo.getUserInfo(user.credentials)).ownershipEntityRefs
      : [];

    if (
      isPermission(request.permission, multiClusterFailoverExecutePermission)
    ) {
      if (ownershipRefs.length === 0) {
        return { result: AuthorizeResult.DENY };
      }
      return createCatalogConditionalDecision(
        request.permission,
        catalogConditions.isEntityOwner({ claims: ownershipRefs }),
      );
    }

    if (
      platformPermissions.some(permission =>
        isPermission(request.permission, permission),
      )
    ) {
      const isPlatformMember = ownershipRefs.some(ref =>
        this.platformOwnerRefs.has(ref.toLocaleLowerCase('en-US')),
      );
      return {
        result: isPlatformMember ? AuthorizeResult.ALLOW : AuthorizeResult.DENY,
      };
    }

    return { result: AuthorizeResult.ALLOW };
  }
}
