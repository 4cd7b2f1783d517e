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
import type {
  ClusterLifecycle,
  FleetCluster,
  MachineDeploymentSummary,
} from '@flotilla/plugin-multi-cluster-common';
import { MultiClusterClient, multiClusterApiRef } from '../../api';
import { apiCluster } from '../../__fixtures__/clusters';
import {
  advanceClock,
  passTurns,
  settleUntil,
  runOnFakeClock,
} from '../../__testUtils__/fakeClock';
import {
  CLUSTER_REREAD_INTERVAL_MS,
  CLUSTER_REREAD_WINDOW_MS,
} from '../common/useRereadAfterChange';
import { EntityClusterContent } from './EntityClusterContent';

runOnFakeClock();

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

/** The Cluster API view of prod-eu-1 with the given MachineDeployments. */
function lifecycle(
  machineDeployments: MachineDeploymentSummary[],
): ClusterLifecycle {
  return {
    managementCluster: 'capi',
    namespace: 'fleet-system',
    name: 'prod-eu-1',
    apiVersion: 'cluster.x-k8s.io/v1beta2',
    version: 'v1.30.4',
    machineDeployments,
  };
}

function machineDeployment(
  name: string,
  phase: string,
  replicas: number,
): MachineDeploymentSummary {
  return { name, namespace: 'fleet-system', phase, replicas, readyReplicas: 3 };
}

/** The refresh time in the inventory's answer to a read: tells reads apart on screen. */
function refreshedAt(read: number): string {
  return new Date(Date.UTC(2026, 11, 2, 15, 0, read)).toISOString();
}

/**
 * Serves prod-eu-1 as the inventory would, counting reads: each answer is
 * `answer(read)` with the read's number in its refresh time.
 */
function serveCluster(answer: (read: number) => Partial<FleetCluster>) {
  const inventory = { reads: 0 };
  server.use(
    http.get(`${baseUrl}/clusters/prod-eu-1`, () => {
      inventory.reads++;
      return HttpResponse.json(
        apiCluster('prod-eu-1', {
          ...answer(inventory.reads),
          refreshedAt: refreshedAt(inventory.reads),
        }),
      );
    }),
  );
  return inventory;
}

/**
 * The cells of a MachineDeployment's row, as text. Found through the name
 * cell: a role query by name would compute every row's accessible name,
 * which costs jsdom a lot of CPU.
 */
function machineDeploymentCells(name: string): string[] {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`${name} is not in a table row`);
  return within(row)
    .getAllByRole('cell')
    .map(cell => cell.textContent ?? '');
}

/** Waits, without moving the clock, until the tab shows the answer to `read`. */
async function showsRead(read: number) {
  await settleUntil(
    () => screen.queryByText(refreshedAt(read)) !== null,
    `showing read ${read}`,
  );
}

/**
 * Moves the clock one re-read interval on and waits for the tab to show the
 * read it caused; checks that the read did not come a millisecond earlier.
 */
async function nextRead(inventory: { reads: number }) {
  const expected = inventory.reads + 1;
  await advanceClock(CLUSTER_REREAD_INTERVAL_MS - 1);
  expect(inventory.reads).toBe(expected - 1);
  await advanceClock(1);
  await showsRead(expected);
}

/** However long the clock runs on, no read comes. */
async function expectNoMoreReads(inventory: { reads: number }) {
  const reads = inventory.reads;
  await advanceClock(2 * CLUSTER_REREAD_WINDOW_MS);
  await passTurns();
  expect(inventory.reads).toBe(reads);
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

  it('shows what the cluster reported that could not be used', async () => {
    const problem =
      "karmada:global: resourceSummary.allocatable: cpu 'abc' is not a quantity";
    server.use(
      http.get(`${baseUrl}/clusters/edge-1`, () =>
        HttpResponse.json({ ...apiCluster('edge-1'), problems: [problem] }),
      ),
    );
    await renderTab('edge-1');
    const alert = await screen.findByTestId('cluster-problems');
    expect(alert).toHaveTextContent(problem);
    expect(alert).toHaveTextContent('those resources count as unavailable');
  });

  it('does not re-read a cluster that nothing changes', async () => {
    const inventory = serveCluster(() => ({
      lifecycle: lifecycle([machineDeployment('md-general', 'Running', 3)]),
    }));
    await renderTab('prod-eu-1');
    await showsRead(1);
    await expectNoMoreReads(inventory);
    expect(inventory.reads).toBe(1);
  });

  it('re-reads the cluster every 2 s after a scale until the inventory shows it', async () => {
    // The inventory shows the new count from the third read after the scale
    // on, as after its next refresh.
    let readsBeforeScale: number | undefined;
    let scaled: unknown;
    const inventory = serveCluster(read => {
      const readsSinceScale =
        readsBeforeScale === undefined ? 0 : read - readsBeforeScale;
      return {
        lifecycle: lifecycle([
          machineDeployment(
            'md-general',
            'Running',
            readsSinceScale >= 3 ? 5 : 3,
          ),
        ]),
      };
    });
    server.use(
      http.post(`${baseUrl}/clusters/prod-eu-1/scale`, async ({ request }) => {
        scaled = await request.json();
        readsBeforeScale = inventory.reads;
        return HttpResponse.json({ replicas: 5, previousReplicas: 3 });
      }),
    );
    const desiredReplicas = () => machineDeploymentCells('md-general')[3];
    await renderTab('prod-eu-1');
    await showsRead(1);

    fireEvent.click(screen.getByLabelText('Scale md-general'));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Replicas'), {
      target: { value: '5' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Scale' }));
    // At once, then every interval while the inventory has the old count.
    await showsRead(2);
    expect(scaled).toEqual({ machineDeployment: 'md-general', replicas: 5 });
    expect(desiredReplicas()).toBe('3');
    await nextRead(inventory);
    expect(desiredReplicas()).toBe('3');
    await nextRead(inventory);
    expect(desiredReplicas()).toBe('5');
  });

  it('re-reads the cluster every 2 s while a MachineDeployment rolls out, until it settles', async () => {
    // Rolling out for the first three reads, then settled.
    const inventory = serveCluster(read => ({
      lifecycle: lifecycle([
        machineDeployment('md-general', read <= 3 ? 'ScalingUp' : 'Running', 5),
      ]),
    }));
    await renderTab('prod-eu-1');
    await showsRead(1);
    await nextRead(inventory);
    await nextRead(inventory);
    await nextRead(inventory);
    expect(machineDeploymentCells('md-general')[1]).toBe('Running');
    await expectNoMoreReads(inventory);
    expect(inventory.reads).toBe(4);
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
