import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { registerMswTestHooks } from '@backstage/test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { apiCluster } from '../../__fixtures__/clusters';
import { euWestPlan, euWestStorm } from '../../__fixtures__/regionLoss';
import { runOnFakeClock, setupUser } from '../../__testUtils__/fakeClock';
import {
  renderWithBackend,
  TEST_BASE_URL as baseUrl,
} from '../../__testUtils__/renderWithBackend';
import { WhatIfView } from '../WhatIf';
import { REGION_FAILOVER_DENIED } from '../WhatIf/StartRegionFailover';
import { RegionFailoversView } from './RegionFailoversView';
import { CONTROL_DENIED } from './StormControls';

// A file of its own: usePermission keeps one decision per permission for the
// whole file, and here multi-cluster.failover.region is always denied.

runOnFakeClock();

const server = setupServer();
registerMswTestHooks(server);
const deny = { authorize: AuthorizeResult.DENY } as const;

describe('without multi-cluster.failover.region', () => {
  it('shows the what-if but no button to fail the services over', async () => {
    server.use(
      http.get(`${baseUrl}/clusters`, () =>
        HttpResponse.json({
          items: [apiCluster('prod-eu-1', { region: 'eu-west' })],
          totalCount: 1,
        }),
      ),
      http.post(`${baseUrl}/what-if`, () => HttpResponse.json(euWestPlan())),
    );
    const user = setupUser();
    await renderWithBackend(<WhatIfView />, deny);
    await user.type(await screen.findByLabelText('Regions'), 'eu-w');
    await user.click(within(screen.getByRole('listbox')).getByText('eu-west'));
    await user.click(screen.getByText('Run what-if'));
    expect(await screen.findByTestId('summary-affected')).toHaveTextContent(
      '3',
    );
    // Once the permission has answered, the plan says why there is no button.
    expect(await screen.findByText(REGION_FAILOVER_DENIED)).toBeInTheDocument();
    expect(
      screen.queryByText('Fail over these services'),
    ).not.toBeInTheDocument();
  });

  it('shows a region failover’s controls disabled, with the reason', async () => {
    server.use(
      http.get(`${baseUrl}/region-failovers/storm-1`, () =>
        HttpResponse.json(euWestStorm()),
      ),
    );
    await renderWithBackend(
      <Routes>
        <Route
          path="/fleet/region-failovers/*"
          element={<RegionFailoversView />}
        />
      </Routes>,
      { ...deny, routeEntries: ['/fleet/region-failovers/storm-1'] },
    );
    const pause = (await screen.findByText('Pause')).closest('button');
    const cancel = screen.getByText('Cancel').closest('button');
    expect(pause).toBeDisabled();
    expect(cancel).toBeDisabled();
    expect(screen.getByTitle(CONTROL_DENIED)).toBeInTheDocument();
  });
});
