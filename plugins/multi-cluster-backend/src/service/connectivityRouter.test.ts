import {
  mockCredentials,
  mockServices,
  startTestBackend,
  TestDatabases,
} from '@backstage/backend-test-utils';
import { actionsRegistryServiceMock } from '@backstage/backend-test-utils/alpha';
import { createServiceFactory } from '@backstage/backend-plugin-api';
import { actionsRegistryServiceRef } from '@backstage/backend-plugin-api/alpha';
import { Entity } from '@backstage/catalog-model';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { http, HttpResponse } from 'msw';
import request from 'supertest';
import { API, TOKEN } from '../connectivity/__fixtures__/common';
import { kubeadmConfig } from '../connectivity/__fixtures__/kubeadm';
import {
  clusterProperties,
  serviceExports,
} from '../connectivity/__fixtures__/mcs';
import {
  liqoVirtualNode,
  workerA,
  workerB,
} from '../connectivity/__fixtures__/nodes';
import {
  endpoints,
  gatewayActive,
  submarinerCr,
} from '../connectivity/__fixtures__/submariner';
import { fakeClusterHandlers } from '../connectivity/__testUtils__/fakeCluster';
import { multiClusterPlugin } from '../plugin';
import { setupKubernetesMocks } from '../__testUtils__/msw';
import { eventually } from '../__testUtils__/eventually';

jest.setTimeout(60_000);

/**
 * The whole chain on a running backend: a real cluster (eu-1, answered by
 * msw in the shapes Submariner, MCS, kubeadm and Liqo write) inspected by
 * the inventory, two simulated clusters (us-1 in eu-1's cluster set, ap-1
 * in its own mesh) and a catalog where checkout depends on ledger.
 */
const databases = TestDatabases.create({ ids: ['SQLITE_3'] });

const emptyList = (kind: string) =>
  HttpResponse.json({ kind, apiVersion: 'apps/v1', metadata: {}, items: [] });

setupKubernetesMocks(
  http.get(`${API}/readyz`, ({ request: req }) =>
    req.headers.get('authorization') === `Bearer ${TOKEN}`
      ? new HttpResponse('ok')
      : new HttpResponse('Unauthorized', { status: 401 }),
  ),
  http.get(`${API}/apis/apps/v1/deployments`, () =>
    emptyList('DeploymentList'),
  ),
  http.get(`${API}/apis/apps/v1/statefulsets`, () =>
    emptyList('StatefulSetList'),
  ),
  ...fakeClusterHandlers({
    crds: [
      'submariners.submariner.io',
      'gateways.submariner.io',
      'endpoints.submariner.io',
      'serviceexports.multicluster.x-k8s.io',
      'serviceimports.multicluster.x-k8s.io',
      'clusterproperties.about.k8s.io',
    ],
    custom: {
      'submariners.submariner.io/v1alpha1': [submarinerCr],
      'gateways.submariner.io/v1': [gatewayActive],
      'endpoints.submariner.io/v1': endpoints,
      'clusterproperties.about.k8s.io/v1alpha1': clusterProperties,
      'serviceexports.multicluster.x-k8s.io/v1alpha1': serviceExports,
    },
    configMaps: { 'kube-system/kubeadm-config': kubeadmConfig },
    nodes: [workerA, workerB, liqoVirtualNode],
  }),
);

const USER = mockCredentials.user.header('user:default/alice');
const CLUSTER_SET = 'prod-clusterset';

function component(
  name: string,
  annotations: Record<string, string>,
  dependsOn: string[] = [],
): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: {
      name,
      namespace: 'default',
      annotations: { 'backstage.io/kubernetes-id': name, ...annotations },
    },
    spec: {
      type: 'service',
      owner: 'group:default/shop',
      lifecycle: 'production',
      dependsOn,
    },
    relations: dependsOn.map(targetRef => ({ type: 'dependsOn', targetRef })),
  };
}

async function startBackend() {
  const knex = await databases.init('SQLITE_3');
  const permissions = mockServices.permissions.mock();
  permissions.authorize.mockImplementation(async reqs =>
    reqs.map(() => ({ result: AuthorizeResult.ALLOW })),
  );
  permissions.authorizeConditional.mockImplementation(async reqs =>
    reqs.map(() => ({ result: AuthorizeResult.ALLOW })),
  );
  const demoCluster = (name: string, connectivity: object) => ({
    name,
    region: name,
    provider: 'aws',
    environment: 'prod',
    capacity: { cpu: '32', memory: '128Gi', pods: '500' },
    connectivity,
    machineDeployments: [{ name: 'md-0', replicas: 2 }],
  });
  return startTestBackend({
    features: [
      multiClusterPlugin,
      mockServices.database.factory({ knex }),
      mockServices.httpAuth.factory({
        defaultCredentials: mockCredentials.none(),
      }),
      mockServices.rootConfig.factory({
        data: {
          multiCluster: {
            catalog: { enabled: false },
            timeouts: { healthCheck: 2000, clusterRequest: 2000 },
            demo: {
              rolloutDuration: 0,
              clusters: [
                demoCluster('us-1', {
                  fabrics: [
                    { kind: 'mcs', clusterSet: CLUSTER_SET, clusterId: 'us-1' },
                  ],
                  // kubeadm's defaults, like eu-1, and no Globalnet here.
                  podCidrs: ['10.244.0.0/16'],
                  serviceCidrs: ['10.100.0.0/16'],
                  serviceExports: ['shop/checkout', 'shop/ledger'],
                }),
                demoCluster('ap-1', {
                  fabrics: [{ kind: 'istio', clusterSet: 'apac-mesh' }],
                  podCidrs: ['10.70.0.0/16'],
                }),
              ],
              workloads: [
                {
                  kubernetesId: 'checkout',
                  namespace: 'shop',
                  replicas: { 'us-1': 2, 'ap-1': 2 },
                },
                {
                  kubernetesId: 'ledger',
                  namespace: 'shop',
                  replicas: { 'us-1': 2 },
                },
              ],
              addons: [
                {
                  name: 'kyverno-baseline',
                  category: 'policy',
                  delivery: 'argocd-applicationset',
                  source: 'argocd/cluster-addons',
                  clusters: { 'us-1': 'in-sync', 'ap-1': 'drifted' },
                },
              ],
            },
          },
          kubernetes: {
            clusterLocatorMethods: [
              {
                type: 'config',
                clusters: [
                  {
                    name: 'eu-1',
                    url: API,
                    serviceAccountToken: TOKEN,
                    authProvider: 'serviceAccount',
                  },
                ],
              },
            ],
          },
        },
      }),
      permissions.factory,
      catalogServiceMock.factory({
        entities: [
          component(
            'checkout',
            {
              'flotilla.io/dr-strategy': 'active-active',
              'flotilla.io/rto': '5m',
              'flotilla.io/rpo': '0s',
            },
            ['component:default/ledger'],
          ),
          component('ledger', {}),
        ],
      }),
      createServiceFactory({
        service: actionsRegistryServiceRef,
        deps: {},
        factory: () => actionsRegistryServiceMock(),
      }),
    ],
  });
}

describe('connectivity routes', () => {
  let backend: Awaited<ReturnType<typeof startBackend>>;

  beforeAll(async () => {
    backend = await startBackend();
    // The first scheduled refresh may still be running; ask for one that
    // started after the backend was up.
    await waitFor(async () => {
      const res = await get('/clusters/eu-1');
      return res.status === 200 && res.body.connectivity !== undefined;
    });
  });

  afterAll(async () => {
    await backend?.stop();
  });

  function get(path: string) {
    return request(backend.server)
      .get(`/api/multi-cluster${path}`)
      .set('Authorization', USER);
  }

  function waitFor(check: () => Promise<boolean>) {
    return eventually(async () => (await check()) || undefined);
  }

  it('records what the cluster API shows, without the virtual node in its capacity', async () => {
    const res = await get('/clusters/eu-1');
    const cluster = res.body;
    expect(cluster.connectivity.clusterSets).toEqual([CLUSTER_SET]);
    expect(
      cluster.connectivity.fabrics.map((f: any) => [
        f.kind,
        f.clusterSet,
        f.detectedVia,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['submariner', CLUSTER_SET, 'api'],
        ['mcs', CLUSTER_SET, 'api'],
      ]),
    );
    const workerCpu =
      Number(workerA.status.allocatable.cpu) +
      Number(workerB.status.allocatable.cpu);
    expect(Number(cluster.capacity.allocatable.cpu)).toBe(workerCpu);
    expect(cluster.capacity.virtualNodes).toEqual([
      expect.objectContaining({
        kind: 'liqo',
        peer: 'us-1',
        peerCluster: 'us-1',
      }),
    ]);
  });

  it('reports cluster sets, the CIDR overlap and capacity counted once', async () => {
    const res = await get('/connectivity');
    expect(res.status).toBe(200);
    const report = res.body;
    expect(report.clusterSets).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: CLUSTER_SET,
          clusters: ['eu-1', 'us-1'],
        }),
        expect.objectContaining({ name: 'apac-mesh', clusters: ['ap-1'] }),
      ]),
    );
    // Both kept kubeadm's pod network; eu-1's Globalnet does not help
    // while us-1 has none. Their service ranges collide too.
    const overlaps = report.findings.filter(
      (f: any) => f.id === 'cidr-overlap' && f.clusters.includes('us-1'),
    );
    expect(overlaps.map((f: any) => f.clusters)).toEqual([
      ['eu-1', 'us-1'],
      ['eu-1', 'us-1'],
    ]);
    expect(overlaps.map((f: any) => f.detail).join('\n')).toContain(
      "eu-1's pod CIDR 10.244.0.0/16",
    );

    // eu-1's own workers, plus us-1 and ap-1; the Liqo node borrowed from
    // us-1 is us-1's capacity and is not added again.
    const workerCpu =
      Number(workerA.status.allocatable.cpu) +
      Number(workerB.status.allocatable.cpu);
    expect(Number(report.fleetCapacity.cpu)).toBe(workerCpu + 32 + 32);
    expect(report.borrowed).toEqual([
      expect.objectContaining({
        cluster: 'eu-1',
        virtualNodes: [expect.objectContaining({ peerCluster: 'us-1' })],
      }),
    ]);
  });

  it('shows where checkout is exported and which of its clusters cannot reach ledger', async () => {
    const res = await get('/entities/component/default/checkout/exposure');
    expect(res.status).toBe(200);
    expect(res.body.entityRef).toBe('component:default/checkout');
    const checkout = res.body.exports.find((e: any) => e.name === 'checkout');
    expect(checkout).toMatchObject({
      namespace: 'shop',
      clusterSetHost: 'checkout.shop.svc.clusterset.local',
      exportedFrom: ['eu-1', 'us-1'],
      reachableFrom: ['eu-1', 'us-1'],
    });
    expect(res.body.dependencies).toEqual([
      {
        entityRef: 'component:default/ledger',
        clusters: ['us-1'],
        unreachableFrom: ['ap-1'],
      },
    ]);
  });

  it('refuses the unreachable cluster in the simulator and says why', async () => {
    const res = await request(backend.server)
      .post('/api/multi-cluster/placement/simulate')
      .set('Authorization', USER)
      .send({
        replicas: 3,
        placement: {
          clusterAffinity: { clusterNames: ['ap-1', 'eu-1', 'us-1'] },
          replicaScheduling: { replicaSchedulingType: 'Duplicated' },
        },
        dependenciesOf: 'component:default/checkout',
      });
    expect(res.status).toBe(200);
    expect(res.body.targets.map((t: any) => t.name)).toEqual(['eu-1', 'us-1']);
    const ap = res.body.explanation.find((e: any) => e.cluster === 'ap-1');
    expect(ap.verdict).toBe('filtered');
    expect(ap.reasons.join(' ')).toContain('component:default/ledger');
  });

  it('answers 422 with the reason when no cluster can reach the dependencies', async () => {
    const res = await request(backend.server)
      .post('/api/multi-cluster/placement/simulate')
      .set('Authorization', USER)
      .send({
        replicas: 1,
        placement: { clusterAffinity: { clusterNames: ['ap-1'] } },
        dependenciesOf: 'component:default/checkout',
      });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toMatch(/^0\/3 clusters are available/);
  });

  it('rejects a malformed dependenciesOf and an unknown entity', async () => {
    const bad = await request(backend.server)
      .post('/api/multi-cluster/placement/simulate')
      .set('Authorization', USER)
      .send({
        replicas: 1,
        placement: {},
        dependenciesOf: 'not an entity ref',
      });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('dependenciesOf');
    const missing = await request(backend.server)
      .post('/api/multi-cluster/placement/recommend')
      .set('Authorization', USER)
      .send({ replicas: 1, dependenciesOf: 'component:default/nope' });
    expect(missing.status).toBe(404);
  });

  it('leaves unreachable clusters out of placement advice', async () => {
    const res = await request(backend.server)
      .post('/api/multi-cluster/placement/recommend')
      .set('Authorization', USER)
      .send({ replicas: 2, dependenciesOf: 'component:default/checkout' });
    expect(res.status).toBe(200);
    const excluded = res.body.excluded.find((e: any) => e.cluster === 'ap-1');
    expect(excluded.reasons.join(' ')).toContain('component:default/ledger');
    for (const r of res.body.recommendations) {
      expect(r.clusters).not.toContain('ap-1');
    }
  });

  it('keeps advice for a service not in the catalog yet within reach of what it will depend on', async () => {
    const res = await request(backend.server)
      .post('/api/multi-cluster/placement/recommend')
      .set('Authorization', USER)
      .send({ replicas: 2, dependsOn: ['component:default/ledger'] });
    expect(res.status).toBe(200);
    expect(res.body.excluded.map((e: any) => e.cluster)).toEqual(['ap-1']);
    const missing = await request(backend.server)
      .post('/api/multi-cluster/placement/recommend')
      .set('Authorization', USER)
      .send({ replicas: 2, dependsOn: ['component:default/nope'] });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toContain('component:default/nope');
  });

  it('adds a DR finding when a failover target cannot reach a dependency', async () => {
    const res = await get('/entities/component/default/checkout/dr');
    expect(res.status).toBe(200);
    const finding = res.body.findings.find(
      (f: any) => f.id === 'failover-target-unreachable-dependency',
    );
    expect(finding).toBeDefined();
    expect(finding.clusters).toContain('ap-1');
    expect(finding.detail).toContain('component:default/ledger');
  });

  it('refuses to fail over to a cluster that cannot reach a dependency', async () => {
    const post = (to: string) =>
      request(backend.server)
        .post('/api/multi-cluster/failovers')
        .set('Authorization', USER)
        .send({
          entityRef: 'component:default/checkout',
          from: 'us-1',
          to,
          reason: 'us-1 is degraded',
          dryRun: true,
        });
    const refused = await post('ap-1');
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toContain('ap-1');
    expect(refused.body.error.message).toContain('component:default/ledger');
    const planned = await post('eu-1');
    expect(planned.status).toBe(200);
    expect(planned.body.plan.to).toEqual(['eu-1']);
  });

  it('reports add-on coverage of the simulated clusters', async () => {
    const res = await get('/addons');
    expect(res.status).toBe(200);
    expect(res.body.addons).toEqual([
      expect.objectContaining({
        name: 'kyverno-baseline',
        clusters: [
          expect.objectContaining({ cluster: 'ap-1', state: 'drifted' }),
          expect.objectContaining({ cluster: 'us-1', state: 'in-sync' }),
        ],
      }),
    ]);
  });

  it('needs credentials', async () => {
    const res = await request(backend.server).get(
      '/api/multi-cluster/connectivity',
    );
    expect(res.status).toBe(401);
  });
});
