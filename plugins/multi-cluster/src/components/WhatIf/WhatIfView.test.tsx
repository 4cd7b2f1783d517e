import { screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { registerMswTestHooks } from '@backstage/test-utils';
import { apiCluster } from '../../__fixtures__/clusters';
import { euWestPlan, euWestStorm } from '../../__fixtures__/regionLoss';
import { runOnFakeClock, setupUser } from '../../__testUtils__/fakeClock';
import {
  renderWithBackend,
  TEST_BASE_URL as baseUrl,
} from '../../__testUtils__/renderWithBackend';
import { WhatIfView } from './WhatIfView';

runOnFakeClock();

const server = setupServer();
registerMswTestHooks(server);

const fleet = [
  apiCluster('prod-ap-1', { region: 'ap-southeast', provider: 'gcp' }),
  apiCluster('prod-eu-1', { region: 'eu-west', provider: 'aws' }),
  apiCluster('prod-eu-2', { region: 'eu-west', provider: 'gcp' }),
  apiCluster('prod-us-1', { region: 'us-east', provider: 'aws' }),
  apiCluster('prod-us-2', { region: 'us-east', provider: 'gcp' }),
];

/** Chooses region eu-west, runs the what-if and waits for its summary. */
async function planEuWest(user: ReturnType<typeof setupUser>) {
  await user.type(await screen.findByLabelText('Regions'), 'eu-w');
  await user.click(within(screen.getByRole('listbox')).getByText('eu-west'));
  await user.click(screen.getByText('Run what-if'));
  return screen.findByTestId('what-if-summary');
}

describe('WhatIfView', () => {
  let posted: unknown[];
  beforeEach(() => {
    posted = [];
    server.use(
      http.get(`${baseUrl}/clusters`, () =>
        HttpResponse.json({ items: fleet, totalCount: fleet.length }),
      ),
      http.post(`${baseUrl}/what-if`, async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(euWestPlan());
      }),
    );
  });

  it('plans the loss of a region: counts, charts per region, shortfalls and moves', async () => {
    const user = setupUser();
    await renderWithBackend(<WhatIfView />);
    const summary = await planEuWest(user);
    expect(posted).toEqual([{ regions: ['eu-west'] }]);

    // The backend's counts, as the plan fixture states them.
    expect(summary).toHaveTextContent(
      'Losing 2 clusters (prod-eu-1, prod-eu-2) affects 3 of 4 services.',
    );
    for (const [key, value] of [
      ['affected', '3'],
      ['moved', '1'],
      ['partial', '1'],
      ['unplaceable', '1'],
      ['atRisk', '2'],
    ]) {
      expect(within(summary).getByTestId(`summary-${key}`)).toHaveTextContent(
        value,
      );
    }

    // One bar group per region in each capacity chart.
    for (const resource of ['cpu', 'memory']) {
      const chart = screen.getByTestId(`region-capacity-${resource}`);
      for (const region of ['ap-southeast', 'eu-west', 'us-east']) {
        expect(within(chart).getByText(region)).toBeInTheDocument();
      }
    }
    const risk = screen.getByTestId('services-at-risk');
    for (const tier of ['Tier 0', 'Tier 1', 'Tier 2']) {
      expect(within(risk).getByText(tier)).toBeInTheDocument();
    }

    // checkout is placed in part: where its replicas go, and what is missing.
    expect(
      screen.getByTestId('moves-component:default/checkout'),
    ).toHaveTextContent(
      'prod-eu-1 (4) → prod-us-2 (3), prod-ap-1 (1)prod-eu-2 (2) → nowhere',
    );
    expect(
      screen.getByTestId('shortfall-component:default/checkout'),
    ).toHaveTextContent(
      '2 replicas not placed: cpu 2 requested, 500m available',
    );
    expect(
      screen.getByTestId('outcome-component:default/checkout'),
    ).toHaveTextContent('partly placedloses quorum, RTO');
    expect(screen.getByText('6 of at least 8: lost')).toBeInTheDocument();
    expect(screen.getByText('missed: 1m 30s over 1m')).toBeInTheDocument();
    // The unaffected service is left out of the table.
    expect(
      screen.queryByTestId('moves-component:default/recommendations'),
    ).not.toBeInTheDocument();
    // Each cluster's headroom: prod-us-2 uses 30 of 32 cores after.
    expect(screen.getByText('30 cores of 32 cores')).toBeInTheDocument();
  });

  it('starts a region failover of the same loss, with the reason given', async () => {
    const started: Array<Record<string, unknown>> = [];
    server.use(
      http.post(`${baseUrl}/region-failovers`, async ({ request }) => {
        started.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ storm: euWestStorm() }, { status: 202 });
      }),
    );
    const user = setupUser();
    await renderWithBackend(<WhatIfView />);
    await planEuWest(user);
    await user.click(await screen.findByText('Fail over these services'));
    const dialog = await screen.findByRole('dialog');
    const start = within(dialog).getByText('Start region failover');
    expect(start.closest('button')).toBeDisabled();
    await user.type(
      within(dialog).getByLabelText('Reason (required)'),
      'eu-west is down',
    );
    await user.click(start);
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]).toEqual({
      regions: ['eu-west'],
      reason: 'eu-west is down',
      idempotencyKey: expect.any(String),
    });
  });
});
