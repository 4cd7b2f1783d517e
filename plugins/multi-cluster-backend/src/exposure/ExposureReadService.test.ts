import { mockCredentials } from '@backstage/backend-test-utils';
import { NotAllowedError } from '@backstage/errors';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { FleetCluster } from '@flotilla/plugin-multi-cluster-node';
import {
  clusterPermissionsFake,
  onlyEnvironment,
  testFleet,
} from '../permissions/__testUtils__/permissionsFake';
import { EntityExposureService } from './EntityExposureService';
import { ExposureReadService } from './ExposureReadService';

const alice = mockCredentials.user('user:default/alice');
const checkout = { kind: 'component', namespace: 'default', name: 'checkout' };

function setup() {
  const fake = clusterPermissionsFake(testFleet);
  const exposure = {
    getExposure: jest.fn(
      async (
        _ref: unknown,
        _c: unknown,
        canRead: (c: FleetCluster) => boolean,
      ) => testFleet.filter(canRead).map(c => c.name),
    ),
  };
  const service = new ExposureReadService({
    permissions: fake.clusterPermissions,
    exposure: exposure as unknown as EntityExposureService,
  });
  return { ...fake, service, exposure };
}

describe('ExposureReadService', () => {
  it('refuses on DENY with NotAllowedError', async () => {
    const { service, decide, exposure, permissions } = setup();
    decide({ result: AuthorizeResult.DENY });
    await expect(service.getExposure(checkout, alice)).rejects.toThrow(
      "Permission 'multi-cluster.placement.read' denied",
    );
    await expect(service.getExposure(checkout, alice)).rejects.toThrow(
      NotAllowedError,
    );
    expect(permissions.authorize).toHaveBeenCalledWith(expect.anything(), {
      credentials: alice,
    });
    expect(exposure.getExposure).not.toHaveBeenCalled();
  });

  it('shows only the clusters a CONDITIONAL decision allows', async () => {
    const { service, decide, exposure } = setup();
    decide({ result: AuthorizeResult.ALLOW }, onlyEnvironment('staging'));
    expect(await service.getExposure(checkout, alice)).toEqual(['staging-eu']);
    expect(exposure.getExposure.mock.calls[0][1]).toBe(alice);
  });
});
