import { mockServices } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { ClusterApiTestFleet } from '../../__testUtils__/ClusterApiTestFleet';

/**
 * Permissions that allow every request, plain or conditional: these tests
 * are about input, not about who may send it.
 */
export function allowingPermissions() {
  const permissions = mockServices.permissions.mock();
  permissions.authorize.mockImplementation(async requests =>
    requests.map(() => ({ result: AuthorizeResult.ALLOW })),
  );
  permissions.authorizeConditional.mockImplementation(async requests =>
    requests.map(() => ({ result: AuthorizeResult.ALLOW })),
  );
  return permissions;
}

/** The plugin's config over a test fleet, with the catalog source off. */
export function fleetConfig(fleet: ClusterApiTestFleet) {
  return mockServices.rootConfig.factory({
    data: {
      multiCluster: {
        clusterApi: fleet.clusterApiConfig,
        catalog: { enabled: false },
      },
    },
  });
}
