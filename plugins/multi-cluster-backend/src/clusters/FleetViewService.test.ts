import { mockCredentials } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { AddonCoverageReport } from '@flotilla/plugin-multi-cluster-common';
import { FleetInventoryService } from '../inventory/FleetInventory';
import { FleetCluster } from '@flotilla/plugin-multi-cluster-node';
import {
  clusterPermissionsFake,
  onlyEnvironment,
  testFleet,
} from '../permissions/__testUtils__/permissionsFake';
import { ClusterReadService } from './ClusterReadService';
import { FleetViewService } from './FleetViewService';

const alice = mockCredentials.user('user:default/alice');

function setup() {
  const fake = clusterPermissionsFake(testFleet);
  const clusters = new ClusterReadService({
    inventory: {
      getClusters: async () => testFleet,
    } as unknown as FleetInventoryService,
    permissions: fake.clusterPermissions,
    history: { list: async () => [] },
  });
  // Coverage names every cluster of the fleet, readable or not.
  const addons = {
    getCoverage: jest.fn(
      async (_fleet: FleetCluster[]) =>
        ({
          addons: [
            {
              name: 'cert-manager',
              clusters: testFleet.map(c => ({ cluster: c.name })),
            },
          ],
        } as unknown as AddonCoverageReport),
    ),
  };
  const service = new FleetViewService({ clusters, addons });
  return { ...fake, service, addons };
}

describe('FleetViewService', () => {
  it('asks for the caller’s cluster read permission on every path', async () => {
    const { service, permissions } = setup();
    await service.getConnectivity(alice);
    await service.getAddonCoverage(alice);
    expect(permissions.authorizeConditional).toHaveBeenCalledTimes(2);
    expect(permissions.authorizeConditional).toHaveBeenCalledWith(
      expect.anything(),
      { credentials: alice },
    );
  });

  it('shows no cluster on DENY', async () => {
    const { service, decide, addons } = setup();
    decide({ result: AuthorizeResult.DENY });
    expect((await service.getConnectivity(alice)).isolated).toEqual([]);
    const coverage = await service.getAddonCoverage(alice);
    expect(addons.getCoverage).toHaveBeenCalledWith([]);
    expect(coverage.addons[0].clusters).toEqual([]);
  });

  it('filters by a CONDITIONAL decision', async () => {
    const { service, decide, addons } = setup();
    decide(onlyEnvironment('staging'));
    expect((await service.getConnectivity(alice)).isolated).toEqual([
      'staging-eu',
    ]);
    const coverage = await service.getAddonCoverage(alice);
    expect(addons.getCoverage.mock.calls[0][0].map(c => c.name)).toEqual([
      'staging-eu',
    ]);
    expect(coverage.addons[0].clusters).toEqual([{ cluster: 'staging-eu' }]);
  });
});
