import { mockCredentials } from '@backstage/backend-test-utils';
import { NotAllowedError } from '@backstage/errors';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { multiClusterPlacementReadPermission } from '@flotilla/plugin-multi-cluster-common';
import { FleetCluster } from '@flotilla/plugin-multi-cluster-node';
import {
  clusterPermissionsFake,
  onlyEnvironment,
  testFleet,
} from '../permissions/__testUtils__/permissionsFake';
import { EntityPlacementService } from './EntityPlacementService';
import { PlacementReadService } from './PlacementReadService';
import { PlacementSimulator } from './PlacementSimulator';

const alice = mockCredentials.user('user:default/alice');
const checkout = { kind: 'component', namespace: 'default', name: 'checkout' };

/** The clusters each engine call was allowed to see. */
type Filter = (c: FleetCluster) => boolean;
const visible = (filter: Filter) => testFleet.filter(filter).map(c => c.name);

function setup() {
  const fake = clusterPermissionsFake(testFleet);
  const simulator = {
    simulate: jest.fn(async (_r: unknown, filter: Filter, _c: unknown) =>
      visible(filter),
    ),
    recommend: jest.fn(async (_r: unknown, filter: Filter, _c: unknown) =>
      visible(filter),
    ),
  };
  const placement = {
    getPlacement: jest.fn(async (_ref: unknown, _c: unknown, filter: Filter) =>
      visible(filter),
    ),
  };
  const service = new PlacementReadService({
    permissions: fake.clusterPermissions,
    simulator: simulator as unknown as PlacementSimulator,
    placement: placement as unknown as EntityPlacementService,
  });
  const paths = [
    () => service.simulate({ replicas: 1, placement: {} }, alice),
    () => service.recommend({ replicas: 1 }, alice),
    () => service.getEntityPlacement(checkout, alice),
  ];
  return { ...fake, service, simulator, placement, paths };
}

describe('PlacementReadService', () => {
  it('asks for placement read and cluster read on every path', async () => {
    const { paths, permissions } = setup();
    for (const path of paths) {
      await path();
    }
    expect(permissions.authorize).toHaveBeenCalledTimes(paths.length);
    expect(permissions.authorize).toHaveBeenCalledWith(
      [{ permission: multiClusterPlacementReadPermission }],
      { credentials: alice },
    );
    expect(permissions.authorizeConditional).toHaveBeenCalledTimes(
      paths.length,
    );
  });

  it('refuses every path on DENY with NotAllowedError', async () => {
    const { paths, decide, simulator, placement } = setup();
    decide({ result: AuthorizeResult.DENY });
    for (const path of paths) {
      await expect(path()).rejects.toThrow(NotAllowedError);
    }
    expect(simulator.simulate).not.toHaveBeenCalled();
    expect(simulator.recommend).not.toHaveBeenCalled();
    expect(placement.getPlacement).not.toHaveBeenCalled();
  });

  it('answers on the clusters a CONDITIONAL decision allows', async () => {
    const { paths, decide, simulator, placement } = setup();
    decide({ result: AuthorizeResult.ALLOW }, onlyEnvironment('prod'));
    for (const path of paths) {
      expect(await path()).toEqual(['prod-eu', 'prod-us']);
    }
    // The caller's credentials reach the engines (dependency lookups).
    expect(simulator.simulate.mock.calls[0][2]).toBe(alice);
    expect(simulator.recommend.mock.calls[0][2]).toBe(alice);
    expect(placement.getPlacement.mock.calls[0][1]).toBe(alice);
  });
});
