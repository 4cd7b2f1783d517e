import { mockCredentials } from '@backstage/backend-test-utils';
import { NotAllowedError } from '@backstage/errors';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  multiClusterClusterReadPermission,
  multiClusterClusterScalePermission,
  multiClusterPlacementReadPermission,
} from '@flotilla/plugin-multi-cluster-common';
import {
  clusterPermissionsFake,
  onlyEnvironment,
  testFleet,
} from './__testUtils__/permissionsFake';

const alice = mockCredentials.user('user:default/alice');
const names = (filter: (c: (typeof testFleet)[number]) => boolean) =>
  testFleet.filter(filter).map(c => c.name);

describe('ClusterPermissions', () => {
  it('asks once for any number of clusters and filters by the decision', async () => {
    const { clusterPermissions, permissions, decide } =
      clusterPermissionsFake();
    const allowAll = await clusterPermissions.clusterFilter(
      multiClusterClusterReadPermission,
      alice,
    );
    expect(names(allowAll)).toEqual(['prod-eu', 'prod-us', 'staging-eu']);

    decide({ result: AuthorizeResult.DENY });
    const denyAll = await clusterPermissions.clusterFilter(
      multiClusterClusterReadPermission,
      alice,
    );
    expect(names(denyAll)).toEqual([]);

    decide(onlyEnvironment('prod'));
    const prod = await clusterPermissions.clusterFilter(
      multiClusterClusterReadPermission,
      alice,
    );
    expect(names(prod)).toEqual(['prod-eu', 'prod-us']);
    expect(permissions.authorizeConditional).toHaveBeenCalledTimes(3);
    expect(permissions.authorizeConditional).toHaveBeenLastCalledWith(
      [{ permission: multiClusterClusterReadPermission }],
      { credentials: alice },
    );
  });

  it('resolves nested criteria with the registered rules', async () => {
    const { clusterPermissions, decide } = clusterPermissionsFake();
    decide({
      result: AuthorizeResult.CONDITIONAL,
      pluginId: 'multi-cluster',
      resourceType: 'multi-cluster-cluster',
      conditions: {
        allOf: [
          {
            rule: 'IS_IN_REGION',
            resourceType: 'multi-cluster-cluster',
            params: { regions: 'EU-WEST-1' },
          },
          {
            not: {
              rule: 'HAS_LABEL',
              resourceType: 'multi-cluster-cluster',
              params: { key: 'environment', value: 'staging' },
            },
          },
        ],
      },
    });
    const canRead = await clusterPermissions.clusterFilter(
      multiClusterClusterReadPermission,
      alice,
    );
    expect(names(canRead)).toEqual(['prod-eu']);
  });

  it('names the denied permission and cluster', async () => {
    const { clusterPermissions, decide } = clusterPermissionsFake();
    decide(onlyEnvironment('staging'));
    await expect(
      clusterPermissions.authorizeCluster(
        multiClusterClusterScalePermission,
        testFleet[0],
        alice,
      ),
    ).rejects.toThrow(
      new NotAllowedError(
        "Permission 'multi-cluster.cluster.scale' denied for cluster 'prod-eu'",
      ),
    );
    await expect(
      clusterPermissions.authorizeCluster(
        multiClusterClusterScalePermission,
        testFleet[2],
        alice,
      ),
    ).resolves.toBeUndefined();
  });

  it('checks placement read before the readable clusters', async () => {
    const { clusterPermissions, permissions, decide } =
      clusterPermissionsFake();
    decide({ result: AuthorizeResult.DENY }, onlyEnvironment('prod'));
    await expect(
      clusterPermissions.authorizePlacementRead(alice),
    ).rejects.toThrow("Permission 'multi-cluster.placement.read' denied");
    expect(permissions.authorize).toHaveBeenCalledWith(
      [{ permission: multiClusterPlacementReadPermission }],
      { credentials: alice },
    );
    expect(permissions.authorizeConditional).not.toHaveBeenCalled();

    decide({ result: AuthorizeResult.ALLOW }, onlyEnvironment('prod'));
    const canRead = await clusterPermissions.authorizePlacementRead(alice);
    expect(names(canRead)).toEqual(['prod-eu', 'prod-us']);
  });
});
