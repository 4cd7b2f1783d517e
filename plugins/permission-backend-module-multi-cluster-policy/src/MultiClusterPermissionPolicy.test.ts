import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { catalogEntityReadPermission } from '@backstage/plugin-catalog-common/alpha';
import {
  multiClusterClusterDeletePermission,
  multiClusterClusterReadPermission,
  multiClusterClusterScalePermission,
  multiClusterClusterUpgradePermission,
  multiClusterFailoverExecutePermission,
  multiClusterFailoverRegionPermission,
  multiClusterFleetPlanPermission,
} from '@flotilla/plugin-multi-cluster-common';
import { MultiClusterPermissionPolicy } from './MultiClusterPermissionPolicy';

const memberships: Record<string, string[]> = {
  'user:default/guest': ['user:default/guest', 'group:default/team-checkout'],
  'user:default/ada': ['user:default/ada', 'group:default/platform-team'],
  'user:default/nobody': [],
};

function policy() {
  const userInfo = mockServices.userInfo.mock({
    getUserInfo: async credentials => {
      const userEntityRef = (credentials.principal as { userEntityRef: string })
        .userEntityRef;
      return { userEntityRef, ownershipEntityRefs: memberships[userEntityRef] };
    },
  });
  return new MultiClusterPermissionPolicy({
    platformOwnerRefs: ['Group:default/platform-team'],
    userInfo,
  });
}

const asUser = (ref: string) => ({
  credentials: mockCredentials.user(ref),
  info: { userEntityRef: ref, ownershipEntityRefs: [] },
});

describe('MultiClusterPermissionPolicy', () => {
  it('makes failover conditional on owning the entity, with the user’s groups as claims', async () => {
    const decision = await policy().handle(
      { permission: multiClusterFailoverExecutePermission },
      asUser('user:default/guest'),
    );
    expect(decision).toEqual({
      result: AuthorizeResult.CONDITIONAL,
      pluginId: 'catalog',
      resourceType: 'catalog-entity',
      conditions: {
        rule: 'IS_ENTITY_OWNER',
        resourceType: 'catalog-entity',
        params: {
          claims: ['user:default/guest', 'group:default/team-checkout'],
        },
      },
    });
  });

  it('denies failover to a user who owns nothing, and to no user at all', async () => {
    for (const user of [asUser('user:default/nobody'), undefined]) {
      await expect(
        policy().handle(
          { permission: multiClusterFailoverExecutePermission },
          user,
        ),
      ).resolves.toEqual({ result: AuthorizeResult.DENY });
    }
  });

  it.each([
    multiClusterClusterScalePermission,
    multiClusterClusterUpgradePermission,
    multiClusterClusterDeletePermission,
    multiClusterFailoverRegionPermission,
  ])('allows $name to the platform team only', async permission => {
    await expect(
      policy().handle({ permission }, asUser('user:default/ada')),
    ).resolves.toEqual({ result: AuthorizeResult.ALLOW });
    await expect(
      policy().handle({ permission }, asUser('user:default/guest')),
    ).resolves.toEqual({ result: AuthorizeResult.DENY });
  });

  it('lets everyone read, and plan what-ifs as they read', async () => {
    for (const permission of [
      multiClusterClusterReadPermission,
      multiClusterFleetPlanPermission,
      catalogEntityReadPermission,
    ]) {
      await expect(
        policy().handle({ permission }, asUser('user:default/nobody')),
      ).resolves.toEqual({ result: AuthorizeResult.ALLOW });
    }
  });
});
