import { mockServices, TestDatabases } from '@backstage/backend-test-utils';
import { http, HttpResponse } from 'msw';
import {
  assessDrPosture,
  planFailover,
  toClusterProfile,
} from '@flotilla/plugin-multi-cluster-common';
import {
  ClusterClientFactory,
  KarmadaConnector,
  OcmHubConnector,
} from '@flotilla/plugin-multi-cluster-node';
import {
  k8sStatus,
  setupKubernetesMocks,
} from '@flotilla/plugin-multi-cluster-node/testUtils';
import { MultiClusterStore } from '../database/MultiClusterStore';
import { stepContext, testRun } from '../failover/__testUtils__/steps';
import { precheckSource } from '../failover/steps/precheckSource';
import { precheckTarget } from '../failover/steps/precheckTarget';
import { ConfigClusterConnector } from './connectors/ConfigClusterConnector';
import { FleetInventory } from './FleetInventory';

jest.setTimeout(60_000);

const KARMADA = 'https://karmada.example.com:5443';
const HUB = 'https://hub.example.com:6443';
const url = (name: string) => `https://${name}.example.com:6443`;

/** A Karmada Cluster as Karmada's cluster status controller writes it. */
function karmadaCluster(name: string, ready: boolean, message: string) {
  return {
    metadata: { name },
    spec: {
      apiEndpoint: url(name),
      syncMode: 'Push',
      region: name,
      taints: ready
        ? []
        : [{ key: 'cluster.karmada.io/not-ready', effect: 'NoExecute' }],
    },
    status: {
      conditions: [
        {
          type: 'Ready',
          status: ready ? 'True' : 'False',
          message,
          lastTransitionTime: '2026-12-02T09:50:00Z',
        },
      ],
      resourceSummary: { allocatable: { cpu: '48', pods: '300' } },
    },
  };
}

/** A ManagedCluster whose hub reports `available` (`Unknown`: lease stopped). */
function managedCluster(name: string, available: 'True' | 'Unknown') {
  return {
    metadata: { name },
    spec: { hubAcceptsClient: true },
    status: {
      conditions: [
        { type: 'HubAcceptedManagedCluster', status: 'True' },
        { type: 'ManagedClusterJoined', status: 'True' },
        {
          type: 'ManagedClusterConditionAvailable',
          status: available,
          reason:
            available === 'True'
              ? 'ManagedClusterAvailable'
              : 'ManagedClusterLeaseUpdateStopped',
          lastTransitionTime: '2026-12-02T09:55:00Z',
        },
      ],
    },
  };
}

const configClusters = [
  // A Karmada member this backend also reaches directly: it answers.
  { name: 'prod-eu', url: url('prod-eu'), token: 'tok' },
  // Nothing listens there: connection refused.
  { name: 'staging', url: 'https://127.0.0.1:1', token: 'tok' },
  { name: 'wrong-token', url: url('wrong-token'), token: 'not-known' },
];

const server = setupKubernetesMocks();
const databases = TestDatabases.create({ ids: ['SQLITE_3'] });

function serveFleet() {
  const list = (kind: string, items: unknown[]) =>
    HttpResponse.json({ kind, metadata: {}, items });
  const unauthorized = () =>
    HttpResponse.json(k8sStatus(401, 'Unauthorized', 'Unauthorized'), {
      status: 401,
    });
  server.use(
    http.get(`${KARMADA}/apis/cluster.karmada.io/v1alpha1/clusters`, () =>
      list('ClusterList', [
        karmadaCluster('prod-eu', false, 'cluster is marked NotReady'),
        karmadaCluster('prod-ap', false, 'cluster is not reachable'),
        karmadaCluster('prod-us', true, 'cluster is healthy and ready'),
      ]),
    ),
    http.get(`${KARMADA}/apis/work.karmada.io/v1alpha2/resourcebindings`, () =>
      list('ResourceBindingList', []),
    ),
    http.get(
      `${HUB}/apis/cluster.open-cluster-management.io/v1/managedclusters`,
      () =>
        list('ManagedClusterList', [
          managedCluster('prod-eu', 'True'),
          managedCluster('prod-ap', 'Unknown'),
          managedCluster('staging', 'True'),
        ]),
    ),
    http.get(`${url('prod-eu')}/readyz`, () => new HttpResponse('ok')),
    http.get(`${url('prod-eu')}/api/v1/nodes`, () => list('NodeList', [])),
    http.get(`${url('wrong-token')}/readyz`, unauthorized),
    http.get(`${url('wrong-token')}/api/v1`, unauthorized),
    http.get(`${url('wrong-token')}/api/v1/nodes`, unauthorized),
  );
}

async function refreshedInventory(): Promise<FleetInventory> {
  const knex = await databases.init('SQLITE_3');
  const store = await MultiClusterStore.create({
    database: { getClient: async () => knex },
  });
  const logger = mockServices.logger.mock();
  const clients = new ClusterClientFactory({
    configClusters,
    karmada: [{ name: 'global', url: KARMADA, token: 'k' }],
    ocm: [{ name: 'hub', url: HUB, token: 'h' }],
    clusterApi: [],
    catalog: { enabled: false },
    clusterTimeoutMs: 2000,
  });
  const inventory = new FleetInventory({
    connectors: [
      new ConfigClusterConnector(configClusters),
      new KarmadaConnector({
        controlPlane: { name: 'global', url: KARMADA, token: 'k' },
        client: clients.forControlPlane('karmada', 'global')!,
        logger,
        conflictRetries: 1,
      }),
      new OcmHubConnector({
        hub: { name: 'hub', url: HUB, token: 'h' },
        client: clients.forControlPlane('ocm', 'hub')!,
        logger,
      }),
    ],
    store,
    clients,
    logger,
    healthTimeoutMs: 2000,
    connectorTimeoutMs: 2000,
    concurrency: 4,
    cacheTtlMs: 0,
  });
  await inventory.refresh();
  return inventory;
}

describe('one health verdict for every reader', () => {
  let inventory: FleetInventory;
  beforeAll(async () => {
    serveFleet();
    inventory = await refreshedInventory();
  });
  afterAll(() => server.resetHandlers());
  const health = async (name: string) =>
    (await inventory.getCluster(name))!.health;

  it('Karmada NotReady with its taint is unhealthy although the probe answers and OCM says available', async () => {
    expect(await health('prod-eu')).toMatchObject({
      status: 'unhealthy',
      via: 'karmada',
      message: 'karmada:global: Ready=False: cluster is marked NotReady',
    });
    expect(
      (await health('prod-eu')).evidence?.map(e => [e.source, e.status]),
    ).toEqual([
      ['probe', 'healthy'],
      ['karmada', 'unhealthy'],
      ['ocm', 'healthy'],
    ]);
  });

  it('an unreachable member (Karmada NotReady, OCM lease stopped) is unhealthy, not unknown', async () => {
    expect(await health('prod-ap')).toMatchObject({
      status: 'unhealthy',
      evidence: [
        expect.objectContaining({ source: 'karmada', status: 'unhealthy' }),
        expect.objectContaining({
          source: 'ocm',
          status: 'unhealthy',
          reason: expect.stringContaining('ManagedClusterLeaseUpdateStopped'),
          since: '2026-12-02T09:55:00Z',
        }),
      ],
    });
  });

  it('a refused probe is unhealthy although OCM says available; a 401 only is unknown', async () => {
    expect(await health('staging')).toMatchObject({
      status: 'unhealthy',
      via: 'readyz',
      message: expect.stringContaining('connection refused'),
    });
    expect(await health('wrong-token')).toMatchObject({
      status: 'unknown',
      via: 'readyz',
      message: expect.stringContaining(
        "The API server refused this backend's credentials (401)",
      ),
    });
  });

  it('the health filter of the clusters route reads the same verdict', async () => {
    const { items } = await inventory.listClusters({ health: ['unhealthy'] });
    expect(items.map(c => c.name)).toEqual(['prod-ap', 'prod-eu', 'staging']);
  });

  it('the DR posture finds the unreachable prod cluster unhealthy', async () => {
    const fleet = (await inventory.getClusters()).map(toClusterProfile);
    const findings = assessDrPosture(
      { entityRef: 'component:default/shop', strategy: 'active-passive-warm' },
      [{ name: 'prod-ap', replicas: 3 }],
      fleet,
    );
    expect(findings.find(f => f.id === 'cluster-unhealthy')).toMatchObject({
      clusters: ['prod-ap'],
      detail: expect.stringContaining('ocm:hub: Available=Unknown'),
    });
  });

  it('the planner refuses an unhealthy target and plans from an unhealthy source without force', async () => {
    const fleet = (await inventory.getClusters()).map(toClusterProfile);
    const request = {
      service: {
        entityRef: 'component:default/shop',
        strategy: 'active-passive-warm' as const,
      },
      placement: [{ name: 'prod-us', replicas: 2 }],
      fleet,
    };
    expect(() =>
      planFailover({ ...request, from: 'prod-us', to: 'prod-eu' }),
    ).toThrow(/target cluster 'prod-eu' is unhealthy \(karmada:global/);
    const plan = planFailover({
      ...request,
      placement: [{ name: 'prod-eu', replicas: 2 }],
      from: 'prod-eu',
      to: 'prod-us',
    });
    expect(plan.steps[0].description).toContain(
      'When planned: prod-eu is unhealthy (karmada:global: Ready=False',
    );
  });

  it('the failover steps read it: no force needed from prod-eu, prod-ap refused as a target', async () => {
    const run = testRun();
    const source = stepContext(run, 'precheck-source', { inventory });
    source.step = {
      ...source.step,
      params: { cluster: 'prod-eu', force: false },
    };
    await expect(precheckSource(source)).resolves.toMatchObject({
      output: { health: 'unhealthy' },
    });
    const target = stepContext(run, 'precheck-target', { inventory });
    target.step = {
      ...target.step,
      params: { targets: [{ cluster: 'prod-ap', additionalReplicas: 1 }] },
    };
    await expect(precheckTarget(target)).rejects.toThrow(
      /target cluster 'prod-ap' is unhealthy \(karmada:global: Ready=False/,
    );
  });
});
