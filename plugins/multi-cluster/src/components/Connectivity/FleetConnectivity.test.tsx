import { screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import {
  mockApis,
  registerMswTestHooks,
  renderInTestApp,
  TestApiProvider,
} from '@backstage/test-utils';
import { entityRouteRef } from '@backstage/plugin-catalog-react';
import { MultiClusterClient, multiClusterApiRef } from '../../api';
import {
  addonReport,
  connectivityReport,
} from '../../__fixtures__/connectivity';
import { runOnFakeClock, setupUser } from '../../__testUtils__/fakeClock';
import { FleetConnectivity } from './FleetConnectivity';

runOnFakeClock();

const server = setupServer();
registerMswTestHooks(server);
const baseUrl = 'http://backstage.test/api/multi-cluster';

function renderConnectivity() {
  const api = new MultiClusterClient({
    discoveryApi: mockApis.discovery({ baseUrl: 'http://backstage.test' }),
    fetchApi: { fetch: (input, init) => fetch(input, init) },
  });
  return renderInTestApp(
    <TestApiProvider apis={[[multiClusterApiRef, api]]}>
      <FleetConnectivity
        clusterRefs={{ 'prod-eu-2': 'resource:default/prod-eu-2' }}
      />
    </TestApiProvider>,
    { mountedRoutes: { '/catalog/:namespace/:kind/:name': entityRouteRef } },
  );
}

function backendError(message: string, status: number) {
  return HttpResponse.json(
    {
      error: { name: 'Error', message },
      response: { statusCode: status },
    },
    { status },
  );
}

describe('FleetConnectivity', () => {
  it('shows cluster sets with their fabrics, members and Globalnet, and the isolated clusters', async () => {
    server.use(
      http.get(`${baseUrl}/connectivity`, () =>
        HttpResponse.json(connectivityReport()),
      ),
      http.get(`${baseUrl}/addons`, () => HttpResponse.json(addonReport())),
    );
    await renderConnectivity();
    const eu = await screen.findByTestId('cluster-set-eu-payments');
    expect(within(eu).getByText('Submariner')).toBeInTheDocument();
    expect(within(eu).getByText('MCS API')).toBeInTheDocument();
    expect(within(eu).getByText('prod-eu-1')).toBeInTheDocument();
    expect(within(eu).getByText('prod-eu-2')).toBeInTheDocument();
    expect(within(eu).getByText(/^no \(overlapping CIDRs/)).toBeInTheDocument();
    const us = screen.getByTestId('cluster-set-mesh-us');
    expect(within(us).getByText('Istio multi-cluster')).toBeInTheDocument();
    expect(screen.getByText(/In no cluster set/)).toHaveTextContent('edge-1');
  });

  it('leads the findings with the CIDR overlap and names its clusters', async () => {
    const user = setupUser();
    server.use(
      http.get(`${baseUrl}/connectivity`, () =>
        HttpResponse.json(connectivityReport()),
      ),
      http.get(`${baseUrl}/addons`, () => HttpResponse.json(addonReport())),
    );
    await renderConnectivity();
    const tab = await screen.findByRole('tab', {
      name: 'Findings (2) · CIDR overlap',
    });
    await user.click(tab);
    const overlap = screen.getByTestId('finding-cidr-overlap');
    expect(overlap).toHaveTextContent(
      'CIDR overlap: Pod CIDRs overlap in cluster set eu-payments',
    );
    expect(overlap).toHaveTextContent(
      'prod-eu-1 and prod-eu-2 both use 10.244.0.0/16 and the set has no Globalnet.',
    );
    expect(overlap).toHaveTextContent('Clusters: prod-eu-1, prod-eu-2');
    expect(overlap).toHaveTextContent('enable Submariner Globalnet');
    // The backend sent the gateway finding first; the overlap still leads.
    const alerts = screen.getAllByTestId(/^finding-/);
    expect(alerts.map(a => a.dataset.testid)).toEqual([
      'finding-cidr-overlap',
      'finding-gateway-down',
    ]);
  });

  it('shows borrowed capacity per virtual node and the fleet total counted once', async () => {
    const user = setupUser();
    server.use(
      http.get(`${baseUrl}/connectivity`, () =>
        HttpResponse.json(connectivityReport()),
      ),
      http.get(`${baseUrl}/addons`, () => HttpResponse.json(addonReport())),
    );
    await renderConnectivity();
    await user.click(
      await screen.findByRole('tab', { name: 'Borrowed capacity' }),
    );
    // The tab is there before the report: wait for the report.
    expect(await screen.findByTestId('fleet-capacity')).toHaveTextContent(
      'Fleet capacity, every node counted once' +
        'cpu 112 · memory 448Gi · pods 440 · nvidia.com/gpu 2',
    );
    const cluster = screen.getByTestId('borrowed-prod-eu-1');
    expect(cluster).toHaveTextContent(
      'Own nodes: cpu 32 · memory 128Gi · pods 110',
    );
    expect(cluster).toHaveTextContent(
      'Counted in placement estimates: cpu 40 · memory 160Gi · pods 110 · nvidia.com/gpu 2',
    );

    const liqo = screen.getByTestId('virtual-node-liqo-prod-eu-2');
    expect(liqo).toHaveTextContent('Liqo');
    expect(liqo).toHaveTextContent('b3a9c1d2-6e0f-4c59-9a7e-2f1d0c4b8e11');
    expect(liqo).toHaveTextContent('cpu 16 · memory 64Gi · pods 110');
    expect(liqo).toHaveTextContent('once, as prod-eu-2');
    expect(
      within(liqo).getByRole('link', { name: 'prod-eu-2' }),
    ).toHaveAttribute('href', '/catalog/default/resource/prod-eu-2');

    const admiralty = screen.getByTestId(
      'virtual-node-admiralty-gpu-burst-5f8d',
    );
    expect(admiralty).toHaveTextContent('Admiralty');
    expect(admiralty).toHaveTextContent('gpu-burst');
    expect(admiralty).toHaveTextContent('outside the fleet');
    expect(admiralty).toHaveTextContent('here (the peer is not in the fleet)');
  });

  it('shows add-on coverage as a matrix with the reason in each tooltip', async () => {
    const user = setupUser();
    server.use(
      http.get(`${baseUrl}/connectivity`, () =>
        HttpResponse.json(connectivityReport()),
      ),
      http.get(`${baseUrl}/addons`, () => HttpResponse.json(addonReport())),
    );
    await renderConnectivity();
    await user.click(
      await screen.findByRole('tab', {
        name: 'Add-on coverage (1 need attention)',
      }),
    );
    const kyverno = screen.getByTestId('addon-kyverno-baseline');
    expect(kyverno).toHaveTextContent('1 of 3 in sync');
    expect(kyverno).toHaveTextContent(
      'policy · Argo CD ApplicationSet · argocd/cluster-addons on mgmt',
    );
    expect(
      screen.getByTestId('addon-kyverno-baseline-prod-eu-1'),
    ).toHaveTextContent('in sync');
    expect(
      screen.getByTestId('addon-kyverno-baseline-prod-us-1'),
    ).toHaveTextContent('missing');
    expect(
      screen.getByTestId('addon-gatekeeper-library-prod-eu-2'),
    ).toHaveTextContent('not targeted');
    expect(screen.getByTestId('addon-gatekeeper-library')).toHaveTextContent(
      'Delivery unreadable: clusterpropagationpolicies.policy.karmada.io "gatekeeper-library" not found',
    );

    await user.hover(
      within(screen.getByTestId('addon-kyverno-baseline-prod-eu-2')).getByText(
        'drifted',
      ),
    );
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Application kyverno-baseline-prod-eu-2 is OutOfSync; revision 9b01e77, wants 4f2c9a1',
    );
  });

  it('explains how to declare cluster sets and add-ons when there are none', async () => {
    const user = setupUser();
    server.use(
      http.get(`${baseUrl}/connectivity`, () =>
        HttpResponse.json({
          clusterSets: [],
          isolated: ['a', 'b'],
          findings: [],
          borrowed: [
            {
              cluster: 'a',
              own: { cpu: '8' },
              virtualNodes: [],
              effective: { cpu: '8' },
            },
          ],
          fleetCapacity: { cpu: '16' },
        }),
      ),
      http.get(`${baseUrl}/addons`, () => HttpResponse.json({ addons: [] })),
    );
    await renderConnectivity();
    expect(
      await screen.findByText(/No cluster sets: no fabric joins/),
    ).toBeInTheDocument();
    expect(
      screen.getByText('flotilla.io/cluster-sets: eu-payments'),
    ).toBeInTheDocument();
    expect(screen.getByText(/In no cluster set/)).toHaveTextContent('a, b');

    await user.click(screen.getByRole('tab', { name: 'Findings (0)' }));
    expect(screen.getByText(/No connectivity findings/)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Borrowed capacity' }));
    expect(screen.getByText(/No cluster borrows capacity/)).toBeInTheDocument();
    expect(screen.getByTestId('fleet-capacity')).toHaveTextContent('cpu 16');

    await user.click(screen.getByRole('tab', { name: 'Add-on coverage' }));
    // The add-on report loads on its own.
    expect(
      await screen.findByText(/List them under multiCluster.addons/),
    ).toBeInTheDocument();
  });

  it('reports a failing connectivity report and still shows add-on coverage', async () => {
    const user = setupUser();
    server.use(
      http.get(`${baseUrl}/connectivity`, () =>
        backendError('the fleet inventory has not been refreshed yet', 503),
      ),
      http.get(`${baseUrl}/addons`, () => HttpResponse.json(addonReport())),
    );
    await renderConnectivity();
    expect(
      (
        await screen.findAllByText(
          /the fleet inventory has not been refreshed yet/,
        )
      ).length,
    ).toBeGreaterThan(0);
    await user.click(screen.getByRole('tab', { name: /^Add-on coverage/ }));
    await waitFor(() =>
      expect(
        screen.getByTestId('addon-kyverno-baseline-prod-us-1'),
      ).toHaveTextContent('missing'),
    );
  });

  it('reports a failing add-on report on its tab', async () => {
    const user = setupUser();
    server.use(
      http.get(`${baseUrl}/connectivity`, () =>
        HttpResponse.json(connectivityReport()),
      ),
      http.get(`${baseUrl}/addons`, () =>
        backendError(
          'Invalid add-on configuration: multiCluster.addons[0].name',
          500,
        ),
      ),
    );
    await renderConnectivity();
    await screen.findByTestId('cluster-set-eu-payments');
    await user.click(screen.getByRole('tab', { name: 'Add-on coverage' }));
    expect(
      (await screen.findAllByText(/Invalid add-on configuration/)).length,
    ).toBeGreaterThan(0);
  });
});
