import { mockCredentials } from '@backstage/backend-test-utils';
import { NotAllowedError, NotFoundError } from '@backstage/errors';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { multiClusterClusterReadPermission } from '@flotilla/plugin-multi-cluster-common';
import { FleetInventoryService } from '../inventory/FleetInventory';
import { FleetCluster } from '@flotilla/plugin-multi-cluster-node';
import {
  clusterPermissionsFake,
  onlyEnvironment,
  testFleet,
} from '../permissions/__testUtils__/permissionsFake';
import { ClusterReadService } from './ClusterReadService';

const alice = mockCredentials.user('user:default/alice');

function setup() {
  const fake = clusterPermissionsFake(testFleet);
  const inventory = {
    getClusters: async () => testFleet,
    getCluster: async (name: string) => testFleet.find(c => c.name === name),
    listClusters: async (
      _filter: unknown,
      _page: unknown,
      predicate: (c: FleetCluster) => boolean = () => true,
    ) => {
      const items = testFleet.filter(predicate);
      return { items, totalCount: items.length };
    },
  } as unknown as FleetInventoryService;
  const history = { list: jest.fn(async () => []) };
  const service = new ClusterReadService({
    inventory,
    permissions: fake.clusterPermissions,
    history,
  });
  return { ...fake, service, history };
}

const namesOf = (clusters: FleetCluster[]) => clusters.map(c => c.name);

describe('ClusterReadService', () => {
  it('asks for the caller’s cluster read permission on every path', async () => {
    const { service, permissions } = setup();
    await service.listClusters({}, {}, alice);
    await service.readableClusters(alice);
    await service.getCluster('prod-eu', alice);
    await service.getHistory('prod-eu', {}, alice);
    expect(permissions.authorizeConditional).toHaveBeenCalledTimes(4);
    for (const [requests, options] of permissions.authorizeConditional.mock
      .calls) {
      expect(requests).toEqual([
        { permission: multiClusterClusterReadPermission },
      ]);
      expect(options).toEqual({ credentials: alice });
    }
  });

  it('denies every path on DENY: 403 for one cluster, nothing listed', async () => {
    const { service, decide, history } = setup();
    decide({ result: AuthorizeResult.DENY });
    await expect(service.getCluster('prod-eu', alice)).rejects.toThrow(
      NotAllowedError,
    );
    await expect(service.getHistory('prod-eu', {}, alice)).rejects.toThrow(
      NotAllowedError,
    );
    expect(history.list).not.toHaveBeenCalled();
    expect(await service.listClusters({}, {}, alice)).toEqual({
      items: [],
      totalCount: 0,
    });
    expect(await service.readableClusters(alice)).toEqual([]);
  });

  it('filters by a CONDITIONAL decision', async () => {
    const { service, decide, history } = setup();
    decide(onlyEnvironment('prod'));
    expect(namesOf((await service.listClusters({}, {}, alice)).items)).toEqual([
      'prod-eu',
      'prod-us',
    ]);
    expect(namesOf(await service.readableClusters(alice))).toEqual([
      'prod-eu',
      'prod-us',
    ]);
    expect((await service.getCluster('prod-us', alice)).name).toBe('prod-us');
    await expect(service.getCluster('staging-eu', alice)).rejects.toThrow(
      "Permission 'multi-cluster.cluster.read' denied for cluster 'staging-eu'",
    );
    await expect(
      service.getHistory('staging-eu', { limit: 5 }, alice),
    ).rejects.toThrow(NotAllowedError);
    await service.getHistory('prod-eu', { limit: 5 }, alice);
    expect(history.list).toHaveBeenCalledTimes(1);
    expect(history.list).toHaveBeenCalledWith({ cluster: 'prod-eu', limit: 5 });
  });

  it('answers 404 for an unknown cluster', async () => {
    const { service } = setup();
    await expect(service.getCluster('nope', alice)).rejects.toThrow(
      NotFoundError,
    );
    await expect(service.getHistory('nope', {}, alice)).rejects.toThrow(
      NotFoundError,
    );
  });
});
