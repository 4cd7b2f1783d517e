import { screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import {
  mockApis,
  registerMswTestHooks,
  renderInTestApp,
  TestApiProvider,
} from '@backstage/test-utils';
import { entityRouteRef } from '@backstage/plugin-catalog-react';
import type { RouteRef } from '@backstage/core-plugin-api';
import { MultiClusterClient, multiClusterApiRef } from '../../api';
import { checkoutDecision } from '../../__fixtures__/regionLoss';
import { runOnFakeClock } from '../../__testUtils__/fakeClock';
import { fleetRouteRef } from '../../routes';
import { EntityDetectionCard } from './EntityDetectionCard';
import { FleetDetectionCard } from './FleetDetectionCard';

runOnFakeClock();

const server = setupServer();
registerMswTestHooks(server);
const baseUrl = 'http://backstage.test/api/multi-cluster';

function renderCard(
  card: JSX.Element,
  mountedRoutes: Record<string, RouteRef> = { '/fleet': fleetRouteRef },
) {
  const api = new MultiClusterClient({
    discoveryApi: mockApis.discovery({ baseUrl: 'http://backstage.test' }),
    fetchApi: { fetch: (input, init) => fetch(input, init) },
  });
  return renderInTestApp(
    <TestApiProvider apis={[[multiClusterApiRef, api]]}>
      {card}
    </TestApiProvider>,
    {
      mountedRoutes: {
        '/catalog/:namespace/:kind/:name': entityRouteRef,
        ...mountedRoutes,
      },
    },
  );
}

describe('EntityDetectionCard', () => {
  it('lists the service’s decisions with their evidence and region failover', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get(`${baseUrl}/detection/decisions`, ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json({ items: [checkoutDecision()] });
      }),
    );
    await renderCard(
      <EntityDetectionCard entityRef="component:default/checkout" />,
    );
    const row = await screen.findByTestId('decision-decision-1');
    expect(query?.get('entityRef')).toBe('component:default/checkout');
    expect(within(row).getByText('Would fail over')).toBeInTheDocument();
    expect(row).toHaveTextContent(
      'prod-eu-1 has failed for 300s, its whole toleration (manual)',
    );
    expect(
      within(row).getByText(
        'prod-eu-1 · karmada: unhealthy (Ready=False: cluster is not reachable) since 2026-12-02 16:00:00Z',
      ),
    ).toBeInTheDocument();
    expect(within(row).getByText('storm-1').closest('a')).toHaveAttribute(
      'href',
      '/fleet/region-failovers/storm-1',
    );
  });

  it('names the region failover without a link where the app has no fleet page', async () => {
    server.use(
      http.get(`${baseUrl}/detection/decisions`, () =>
        HttpResponse.json({
          items: [checkoutDecision({ kind: 'failed-over' })],
        }),
      ),
    );
    await renderCard(
      <EntityDetectionCard entityRef="component:default/checkout" />,
      {},
    );
    const row = await screen.findByTestId('decision-decision-1');
    expect(within(row).getByText('Failed over')).toBeInTheDocument();
    expect(within(row).getByText('storm-1').closest('a')).toBeNull();
  });
});

describe('FleetDetectionCard', () => {
  it('shows the failing clusters since when and why, and the latest decisions', async () => {
    server.use(
      http.get(`${baseUrl}/detection/clusters`, () =>
        HttpResponse.json({
          items: [
            {
              cluster: 'prod-eu-1',
              region: 'eu-west',
              state: 'failing',
              since: '2026-12-02T16:00:00.000Z',
              evidence: [
                {
                  source: 'probe',
                  status: 'unhealthy',
                  reason: 'connection refused',
                },
              ],
            },
            {
              cluster: 'prod-eu-2',
              region: 'eu-west',
              state: 'unknown',
              evidence: [
                {
                  source: 'probe',
                  status: 'unknown',
                  reason: '401 Unauthorized',
                },
              ],
            },
            { cluster: 'prod-us-1', state: 'healthy', evidence: [] },
          ],
        }),
      ),
      http.get(`${baseUrl}/detection/decisions`, () =>
        HttpResponse.json({ items: [checkoutDecision()] }),
      ),
    );
    await renderCard(<FleetDetectionCard />);
    expect(
      await screen.findByTestId('detection-state-counts'),
    ).toHaveTextContent('Clusters: 1 healthy, 1 failing, 1 unknown');
    const failing = screen.getByTestId('detection-prod-eu-1');
    expect(failing).toHaveTextContent('failing');
    expect(failing).toHaveTextContent('2026-12-02 16:00:00Z');
    expect(failing).toHaveTextContent('probe: unhealthy (connection refused)');
    expect(screen.getByTestId('detection-prod-eu-2')).toHaveTextContent(
      'probe: unknown (401 Unauthorized)',
    );
    // Healthy clusters are counted, not listed.
    expect(screen.queryByTestId('detection-prod-us-1')).not.toBeInTheDocument();
    // Fleet-wide decisions name their service.
    expect(
      within(screen.getByTestId('decision-decision-1')).getByText('checkout'),
    ).toBeInTheDocument();
  });
});
