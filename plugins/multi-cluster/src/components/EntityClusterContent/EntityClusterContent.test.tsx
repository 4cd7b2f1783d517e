import { fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import {
  mockApis,
  registerMswTestHooks,
  renderInTestApp,
  TestApiProvider,
} from '@backstage/test-utils';
import type { Entity } from '@backstage/catalog-model';
import { EntityProvider } from '@backstage/plugin-catalog-react';
import { permissionApiRef } from '@backstage/plugin-permission-react';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { FleetCluster } from '@flotilla/plugin-multi-cluster-common';
import { MultiClusterClient, multiClusterApiRef } from '../../api';
import { apiCluster } from '../../__fixtures__/clusters';
import { EntityClusterContent } from './EntityClusterContent';

// Rendering tables is slow on a busy machine; Jest's default 5 s is tight.
jest.setTimeout(15_000);

const server = setupServer();
registerMswTestHooks(server);
const baseUrl = 'http://backstage.test/api/multi-cluster';

function clusterEntity(name: string): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Resource',
    metadata: { name, namespace: 'default' },
    spec: { type: 'kubernetes-cluster', owner: 'group:default/platform' },
  };
}

/** prod-eu-1 as the inventory sees it: Submariner + MCS, and two virtual nodes. */
function connectedCluster(): FleetCluster {
  return apiCluster('prod-eu-1', {
    region: 'eu-west',
    capacity: {
      allocatable: { cpu: '32', memory: '128Gi', pods: '110' },
      allocated: { cpu: '8', memory: '32Gi', pods: '20' },
      virtualNodes: [
        {
          name: 'liqo-prod-eu-2',
          kind: 'liqo',
          peer: 'b3a9c1d2-6e0f-4c59-9a7e-2f1d0c4b8e11',
          peerCluster: 'prod-eu-2',
          allocatable: { cpu: '16', memory: '64Gi', pods: '110' },
          ready: true,
        },
        {
          name: 'admiralty-gpu-burst-5f8d',
          kind: 'admiralty',
          peer: 'gpu-burst',
          allocatable: { cpu: '8', 'nvidia.com/gpu': '2' },
          ready: false,
        },
      ],
    },
    connectivity: {
      clusterSets: ['eu-payments'],
      fabrics: [
        {
          kind: 'submariner',
          clusterSet: 'eu-payments',
          clusterId: 'prod-eu-1',
          detectedVia: 'api',
          globalnet: false,
          connectedTo: ['prod-eu-2'],
          gateway: { ready: true },
          evidence: [
            'Submariner Gateway submariner-gateway-x7k2p is active',
            'Lighthouse agent serves clusterset.local',
          ],
        },
        {
          kind: 'mcs',
          clusterSet: 'eu-payments',
          clusterId: 'prod-eu-1',
          detectedVia: 'api',
          evidence: ['ClusterProperty clusterset.k8s.io is eu-payments'],
        },
      ],
      networks: {
        podCidrs: ['10.244.0.0/16'],
        serviceCidrs: ['10.96.0.0/12'],
        detectedVia: 'api',
      },
      mcs: {
        serviceExportCrd: true,
        serviceImportCrd: true,
        clusterId: 'prod-eu-1',
        clusterSet: 'eu-payments',
      },
      serviceExports: [
        { namespace: 'shop', name: 'checkout', valid: true },
        {
          namespace: 'shop',
          name: 'orders',
          valid: true,
          conflict: true,
          message: 'port 8080 differs from prod-eu-2',
        },
      ],
      errors: [
        'Cilium ClusterMesh: ciliumclustermeshes is forbidden for flotilla-reader (403)',
      ],
    },
  });
}

function renderTab(name: string) {
  const api = new MultiClusterClient({
    discoveryApi: mockApis.discovery({ baseUrl: 'http://backstage.test' }),
    fetchApi: { fetch: (input, init) => fetch(input, init) },
  });
  return renderInTestApp(
    <TestApiProvider
      apis={[
        [multiClusterApiRef, api],
        [
          permissionApiRef,
          mockApis.permission({ authorize: AuthorizeResult.ALLOW }),
        ],
      ]}
    >
      <EntityProvider entity={clusterEntity(name)}>
        <EntityClusterContent />
      </EntityProvider>
    </TestApiProvider>,
  );
}

describe('EntityClusterContent', () => {
  it('shows the cluster’s fabrics, networks, MCS support and detection errors', async () => {
    server.use(
      http.get(`${baseUrl}/clusters/prod-eu-1`, () =>
        HttpResponse.json(connectedCluster()),
      ),
    );
    await renderTab('prod-eu-1');
    const submariner = await screen.findByTestId('fabric-submariner');
    const [fabric, set, gateway, peers, evidence] =
      within(submariner).getAllByRole('cell');
    expect(fabric).toHaveTextContent('Submariner');
    expect(fabric).toHaveTextContent('id prod-eu-1 · Globalnet off');
    expect(set).toHaveTextContent('eu-payments');
    expect(gateway).toHaveTextContent('ready');
    expect(peers).toHaveTextContent('prod-eu-2');
    expect(evidence).toHaveTextContent('seen in the cluster API');
    expect(evidence).toHaveTextContent(
      'Submariner Gateway submariner-gateway-x7k2p is active',
    );
    expect(screen.getByTestId('fabric-mcs')).toHaveTextContent('MCS API');

    expect(screen.getByText('10.244.0.0/16')).toBeInTheDocument();
    expect(screen.getByText('10.96.0.0/12')).toBeInTheDocument();
    expect(
      screen.getByText('ServiceExport served, ServiceImport served'),
    ).toBeInTheDocument();
    expect(screen.getByText(/shop\/orders: conflict/)).toHaveTextContent(
      'shop/orders: conflict (port 8080 differs from prod-eu-2)',
    );
    expect(
      screen.getByText(/Detection failed: Cilium ClusterMesh/),
    ).toBeInTheDocument();
  });

  it('lists virtual nodes as borrowed from their peer, apart from the cluster’s own capacity', async () => {
    server.use(
      http.get(`${baseUrl}/clusters/prod-eu-1`, () =>
        HttpResponse.json(connectedCluster()),
      ),
    );
    await renderTab('prod-eu-1');
    const liqo = await screen.findByTestId('virtual-node-liqo-prod-eu-2');
    expect(liqo).toHaveTextContent('Liqo');
    expect(liqo).toHaveTextContent('prod-eu-2');
    expect(liqo).toHaveTextContent('once, as prod-eu-2');
    const admiralty = screen.getByTestId(
      'virtual-node-admiralty-gpu-burst-5f8d',
    );
    expect(admiralty).toHaveTextContent('outside the fleet');
    expect(admiralty).toHaveTextContent('cpu 8 · nvidia.com/gpu 2');
    expect(admiralty).toHaveTextContent('not ready');
    // The capacity bars are the cluster's own nodes only.
    expect(
      screen.getByText('cpu: 8 of 32 allocated (25%)'),
    ).toBeInTheDocument();
  });

  it('explains how to declare connectivity when none is known', async () => {
    server.use(
      http.get(`${baseUrl}/clusters/edge-1`, () =>
        HttpResponse.json(apiCluster('edge-1')),
      ),
    );
    await renderTab('edge-1');
    expect(
      await screen.findByText(
        "Nothing is known about this cluster's connectivity yet.",
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('flotilla.io/cluster-sets: eu-payments'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'No virtual nodes: this cluster borrows no capacity from a peer.',
      ),
    ).toBeInTheDocument();
  });

  it('re-reads the cluster after a scale until the inventory shows it', async () => {
    // The inventory answers with the old count until its next refresh.
    let desired = 3;
    let reads = 0;
    let scaled: unknown;
    const lifecycle = () => ({
      managementCluster: 'demo',
      namespace: 'demo',
      name: 'prod-eu-1',
      apiVersion: 'cluster.x-k8s.io/v1beta2',
      machineDeployments: [
        {
          name: 'md-general',
          namespace: 'demo',
          phase: 'Running',
          replicas: reads > 2 ? desired : 3,
          readyReplicas: 3,
        },
      ],
    });
    server.use(
      http.get(`${baseUrl}/clusters/prod-eu-1`, () => {
        reads++;
        return HttpResponse.json(
          apiCluster('prod-eu-1', { lifecycle: lifecycle() }),
        );
      }),
      http.post(`${baseUrl}/clusters/prod-eu-1/scale`, async ({ request }) => {
        scaled = await request.json();
        desired = 5;
        reads = 0;
        return HttpResponse.json({ replicas: 5, previousReplicas: 3 });
      }),
    );
    await renderTab('prod-eu-1');
    fireEvent.click(await screen.findByRole('button', { name: /^Scale / }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Replicas'), {
      target: { value: '5' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Scale' }));
    expect(
      await screen.findByRole('cell', { name: '5' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(scaled).toEqual({ machineDeployment: 'md-general', replicas: 5 });
    expect(reads).toBeGreaterThan(2);
  });

  it('reports a cluster the backend cannot return', async () => {
    server.use(
      http.get(`${baseUrl}/clusters/gone-1`, () =>
        HttpResponse.json(
          {
            error: { name: 'NotFoundError', message: 'No cluster gone-1' },
            response: { statusCode: 404 },
          },
          { status: 404 },
        ),
      ),
    );
    await renderTab('gone-1');
    expect(
      (await screen.findAllByText(/No cluster gone-1/)).length,
    ).toBeGreaterThan(0);
  });
});
