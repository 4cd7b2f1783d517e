import { screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import {
  mockApis,
  registerMswTestHooks,
  renderInTestApp,
  TestApiProvider,
} from '@backstage/test-utils';
import { fetchApiRef } from '@backstage/core-plugin-api';
import { MultiClusterClient, multiClusterApiRef } from '../../api';
import { apiCluster } from '../../__fixtures__/clusters';
import {
  addonReport,
  connectivityReport,
} from '../../__fixtures__/connectivity';
import { runOnFakeClock, setupUser } from '../../__testUtils__/fakeClock';
import { fleetRouteRef } from '../../routes';
import { FleetPage, FleetPageContent } from './FleetPage';

runOnFakeClock();

const server = setupServer();
registerMswTestHooks(server);
const baseUrl = 'http://backstage.test/api/multi-cluster';

function renderPage(page: JSX.Element = <FleetPageContent />) {
  const fetchApi = {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init),
  };
  const api = new MultiClusterClient({
    discoveryApi: mockApis.discovery({ baseUrl: 'http://backstage.test' }),
    fetchApi,
  });
  return renderInTestApp(
    <TestApiProvider
      apis={[
        [multiClusterApiRef, api],
        [fetchApiRef, fetchApi],
      ]}
    >
      {page}
    </TestApiProvider>,
    { mountedRoutes: { '/': fleetRouteRef } },
  );
}

describe('FleetPageContent', () => {
  // The connectivity and detection areas load with the page; most tests look
  // elsewhere, so by default no fabric joins anything, no add-on is
  // configured and detection has nothing to say.
  beforeEach(() => {
    server.use(
      http.get(`${baseUrl}/detection/clusters`, () =>
        HttpResponse.json({ items: [] }),
      ),
      http.get(`${baseUrl}/detection/decisions`, () =>
        HttpResponse.json({ items: [] }),
      ),
      http.get(`${baseUrl}/connectivity`, () =>
        HttpResponse.json({
          clusterSets: [],
          isolated: [],
          findings: [],
          borrowed: [],
          fleetCapacity: {},
        }),
      ),
      http.get(`${baseUrl}/addons`, () => HttpResponse.json({ addons: [] })),
    );
  });

  it('shows the fleet’s cluster sets under the cluster table', async () => {
    server.use(
      http.get(`${baseUrl}/clusters`, () =>
        HttpResponse.json({
          items: ['prod-eu-1', 'prod-eu-2', 'prod-us-1', 'edge-1'].map(name =>
            apiCluster(name),
          ),
          totalCount: 4,
        }),
      ),
      http.get(`${baseUrl}/connectivity`, () =>
        HttpResponse.json(connectivityReport()),
      ),
      http.get(`${baseUrl}/addons`, () => HttpResponse.json(addonReport())),
    );
    await renderPage();
    expect(await screen.findByText('Clusters (4 of 4)')).toBeInTheDocument();
    expect(
      await screen.findByTestId('cluster-set-eu-payments'),
    ).toHaveTextContent('Submariner');
    expect(
      // Among the tabs, by text: a role query by name over the whole page
      // computes every button's accessible name, which costs jsdom much CPU.
      within(screen.getByRole('tablist')).getByText(
        'Findings (2) · CIDR overlap',
      ),
    ).toBeInTheDocument();
  });

  it('filters clusters by segmentation axis and summarises regions', async () => {
    const user = setupUser();
    server.use(
      http.get(`${baseUrl}/clusters`, () =>
        HttpResponse.json({
          items: [
            apiCluster('prod-eu-1', {
              environment: 'prod',
              region: 'eu-west',
              provider: 'aws',
            }),
            apiCluster('prod-us-1', {
              environment: 'prod',
              region: 'us-east',
              provider: 'gcp',
            }),
            apiCluster('dev-eu-1', {
              environment: 'dev',
              region: 'eu-west',
              provider: 'aws',
              health: {
                status: 'unhealthy',
                via: 'readyz',
                message: 'readyz timed out',
              },
            }),
          ],
          totalCount: 3,
        }),
      ),
    );
    await renderPage();
    expect(await screen.findByText('Clusters (3 of 3)')).toBeInTheDocument();
    expect(screen.getByText('2 clusters, 1 healthy')).toBeInTheDocument();
    expect(screen.getByText('1 cluster, 1 healthy')).toBeInTheDocument();
    expect(screen.getByText('unhealthy')).toBeInTheDocument();

    await user.click(screen.getByTestId('filter-environment'));
    await user.click(within(screen.getByRole('listbox')).getByText('prod'));
    expect(await screen.findByText('Clusters (2 of 3)')).toBeInTheDocument();
    expect(screen.queryByText('dev-eu-1')).not.toBeInTheDocument();
    expect(screen.getByText('prod-us-1')).toBeInTheDocument();
  });

  it('says what to configure when the fleet is empty', async () => {
    server.use(
      http.get(`${baseUrl}/clusters`, () =>
        HttpResponse.json({ items: [], totalCount: 0 }),
      ),
    );
    await renderPage();
    expect(
      await screen.findByText('No clusters in the fleet'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Configure a source under multiCluster/),
    ).toBeInTheDocument();
  });

  it('runs the simulator on the live fleet and shows the split', async () => {
    const user = setupUser();
    let posted: { replicas: number } | undefined;
    server.use(
      http.get(`${baseUrl}/clusters`, () =>
        HttpResponse.json({
          items: [apiCluster('a', { region: 'x' })],
          totalCount: 1,
        }),
      ),
      http.post(`${baseUrl}/placement/simulate`, async ({ request }) => {
        posted = (await request.json()) as { replicas: number };
        return HttpResponse.json({
          targets: [{ name: 'a', replicas: 4 }],
          explanation: [
            {
              cluster: 'a',
              verdict: 'selected',
              reasons: ['assigned 4 replicas'],
            },
          ],
        });
      }),
    );
    await renderPage();
    await screen.findByText('Clusters (1 of 1)');
    const replicas = screen.getByLabelText('Replicas');
    await user.clear(replicas);
    await user.type(replicas, '4');
    await user.click(screen.getByText('Simulate'));
    await waitFor(() =>
      expect(screen.getByTestId('simulation-split')).toHaveTextContent('a: 4'),
    );
    expect(posted?.replicas).toBe(4);
    expect(screen.getByText('assigned 4 replicas')).toBeInTheDocument();
  });

  it('reports a backend failure', async () => {
    server.use(
      http.get(`${baseUrl}/clusters`, () =>
        HttpResponse.json(
          {
            error: { name: 'Error', message: 'inventory unavailable' },
            response: { statusCode: 500 },
          },
          { status: 500 },
        ),
      ),
    );
    await renderPage();
    // The error panel names the backend's message (and repeats it in the JSON).
    expect(
      (await screen.findAllByText('inventory unavailable')).length,
    ).toBeGreaterThan(0);
  });

  it('opens the region-loss what-if from its tab', async () => {
    const user = setupUser();
    server.use(
      http.get(`${baseUrl}/clusters`, () =>
        HttpResponse.json({
          items: [apiCluster('prod-eu-1', { region: 'eu-west' })],
          totalCount: 1,
        }),
      ),
    );
    await renderPage(<FleetPage />);
    await screen.findByText('Clusters (1 of 1)');
    await user.click(screen.getByText('Region loss'));
    expect(await screen.findByText('If these were lost')).toBeInTheDocument();
    expect(screen.getByLabelText('Regions')).toBeInTheDocument();
  });
});
