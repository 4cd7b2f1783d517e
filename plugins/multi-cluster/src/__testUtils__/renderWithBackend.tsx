import {
  mockApis,
  renderInTestApp,
  TestApiProvider,
} from '@backstage/test-utils';
import { entityRouteRef } from '@backstage/plugin-catalog-react';
import { permissionApiRef } from '@backstage/plugin-permission-react';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { MultiClusterClient, multiClusterApiRef } from '../api';
import { fleetRouteRef } from '../routes';

/** Where msw serves the backend in the component tests. */
export const TEST_BASE_URL = 'http://backstage.test/api/multi-cluster';

/**
 * Renders in a test app with the real client (msw answers for the backend),
 * permissions decided by `authorize`, the fleet page mounted at `/fleet` and
 * the catalog's entity pages, for the links.
 *
 * usePermission keeps a decision per permission and resource for the whole
 * test file: a file that needs both answers for one basic permission cannot
 * have them, so such tests live in a file of their own.
 */
export function renderWithBackend(
  element: JSX.Element,
  options: {
    authorize?: AuthorizeResult.ALLOW | AuthorizeResult.DENY;
    routeEntries?: string[];
  } = {},
) {
  const api = new MultiClusterClient({
    discoveryApi: mockApis.discovery({ baseUrl: 'http://backstage.test' }),
    fetchApi: { fetch: (input, init) => fetch(input, init) },
  });
  const authorize = options.authorize ?? AuthorizeResult.ALLOW;
  return renderInTestApp(
    <TestApiProvider
      apis={[
        [multiClusterApiRef, api],
        [permissionApiRef, mockApis.permission({ authorize })],
      ]}
    >
      {element}
    </TestApiProvider>,
    {
      routeEntries: options.routeEntries,
      mountedRoutes: {
        '/fleet': fleetRouteRef,
        '/catalog/:namespace/:kind/:name': entityRouteRef,
      },
    },
  );
}
