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
import { setupKubernetesMocks } from '@flotilla/plugin-multi-cluster-node/testUtils';
import { ClusterApiTestFleet } from '../__testUtils__/ClusterApiTestFleet';
import { ResourceType } from '../__testUtils__/fakeKubernetesApi';
import {
  eastWestGateway,
  istioSystemNamespace,
  meshConfigMap,
} from '../connectivity/__fixtures__/istio';
import { eventually } from '@flotilla/test-kit';

jest.setTimeout(60_000);

/**
 * The whole chain on a running backend: a cluster from the kubernetes
 * config (eu-1, answered by msw in the shapes Submariner, MCS, kubeadm and
 * Liqo write) and two Cluster API clusters on in-memory API servers (us-1
 * in eu-1's cluster set, ap-1 in its own mesh), all inspected by the
 * inventory, and a catalog where checkout depends on ledger.
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

const MCS_GROUP = 'multicluster.x-k8s.io';
const crd = (name: string) => ({
  type: {
    group: 'apiextensions.k8s.io',
    version: 'v1',
    resource: 'customresourcedefinitions',
  },
  object: { metadata: { name } },
});
const core = (resource: string) => ({ group: '', version: 'v1', resource });
/** kubeadm's ConfigMap with the given pod and service networks. */
const kubeadm = (podSubnet: string, serviceSubnet: string) => ({
  type: core('configmaps'),
  object: {
    ...kubeadmConfig,
    data: {
      ClusterConfiguration: kubeadmConfig.data.ClusterConfiguration.replace(
        /podSubnet: .*/,
        `podSubnet: ${podSubnet}`,
      ).replace(/serviceSubnet: .*/, `serviceSubnet: ${serviceSubnet}`),
    },
  },
});
const exported = (name: string) => ({
  type: { group: MCS_GROUP, version: 'v1alpha1', resource: 'serviceexports' },
  object: {
    ...serviceExports[0],
    metadata: { name, namespace: 'shop', generation: 1 },
  },
});
const clusterProperty = (name: string, value: string) => ({
  type: {
    group: 'about.k8s.io',
    version: 'v1alpha1',
    resource: 'clusterproperties',
  },
  object: { ...clusterProperties[0], metadata: { name }, spec: { value } },
});

/**
 * us-1 (MCS member of eu-1's cluster set, exporting checkout and ledger)
 * and ap-1 (its own Istio mesh), managed by Cluster API: their API servers
 * hold what MCS, Istio and kubeadm write, and Argo CD on the management
 * cluster delivers the kyverno baseline to both (drifted on ap-1).
 */
async function startSimulatedMembers(): Promise<ClusterApiTestFleet> {
  const member = (
    name: string,
    objects: { type: ResourceType; object: any }[],
  ) => ({
    name,
    labels: {
      'flotilla.io/region': name,
      'flotilla.io/provider': 'aws',
      'flotilla.io/environment': 'prod',
      kyverno: 'required',
    },
    kubernetesVersion: 'v1.31.4',
    machineDeployments: [{ name: `${name}-md-0`, replicas: 2 }],
    allocatable: { cpu: '32', memory: '128Gi', pods: '500' },
    objects,
  });
  const fleet = await ClusterApiTestFleet.start({
    clusters: [
      member('us-1', [
        crd(`serviceexports.${MCS_GROUP}`),
        crd(`serviceimports.${MCS_GROUP}`),
        crd('clusterproperties.about.k8s.io'),
        clusterProperty('cluster.clusterset.k8s.io', 'us-1'),
        clusterProperty('clusterset.k8s.io', CLUSTER_SET),
        exported('checkout'),
        exported('ledger'),
        // kubeadm's default pod network, like eu-1, and no Globalnet here.
        kubeadm('10.244.0.0/16', '10.100.0.0/16'),
      ]),
      member('ap-1', [
        { type: core('configmaps'), object: meshConfigMap('apac-mesh') },
        {
          type: core('services'),
          object: eastWestGateway([{ ip: '203.0.113.10' }]),
        },
        { type: core('namespaces'), object: istioSystemNamespace },
        kubeadm('10.70.0.0/16', '10.71.0.0/16'),
      ]),
    ],
    workloads: [
      {
        kubernetesId: 'checkout',
        namespace: 'shop',
        replicas: { 'us-1': 2, 'ap-1': 2 },
      },
      { kubernetesId: 'ledger', namespace: 'shop', replicas: { 'us-1': 2 } },
    ],
  });
  const argo = (resource: string) => ({
    group: 'argoproj.io',
    version: 'v1alpha1',
    resource,
  });
  const appSet = fleet.management.put(argo('applicationsets'), {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'ApplicationSet',
    metadata: { name: 'cluster-addons', namespace: 'argocd' },
    spec: { template: { spec: { source: { targetRevision: 'v1.2.0' } } } },
  });
  for (const [cluster, sync] of [
    ['us-1', 'Synced'],
    ['ap-1', 'OutOfSync'],
  ]) {
    fleet.management.put(argo('applications'), {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Application',
      metadata: {
        name: `kyverno-baseline-${cluster}`,
        namespace: 'argocd',
        ownerReferences: [
          {
            apiVersion: 'argoproj.io/v1alpha1',
            kind: 'ApplicationSet',
            name: 'cluster-addons',
            uid: appSet.metadata.uid,
            controller: true,
          },
        ],
      },
      spec: {
        destination: { name: cluster, namespace: 'kyverno' },
        source: { targetRevision: 'v1.2.0' },
      },
      status: { sync: { status: sync }, health: { status: 'Healthy' } },
    });
  }
  return fleet;
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
  const fleet = await startSimulatedMembers();
  const backend = await startTestBackend({
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
            timeouts: { healthCheck: 10_000, clusterRequest: 10_000 },
            clusterApi: fleet.clusterApiConfig,
            addons: [
              {
                name: 'kyverno-baseline',
                category: 'policy',
                requiredOn: { matchLabels: { kyverno: 'required' } },
                delivery: {
                  type: 'argocd-applicationset',
                  cluster: 'capi',
                  namespace: 'argocd',
                  name: 'cluster-addons',
                },
              },
            ],
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
  return { backend, fleet };
}

describe('connectivity routes', () => {
  let backend: Awaited<ReturnType<typeof startBackend>>['backend'];
  let fleet: ClusterApiTestFleet;

  beforeAll(async () => {
    ({ backend, fleet } = await startBackend());
    // The first scheduled refresh may still be running; ask for one that
    // started after the backend was up.
    await waitFor(async () => {
      const res = await get('/clusters/eu-1');
      const ap = await get('/clusters/ap-1');
      return (
        res.status === 200 &&
        res.body.connectivity !== undefined &&
        ap.body.connectivity !== undefined
      );
    });
  });

  afterAll(async () => {
    await backend?.stop();
    await fleet?.stop();
  });

  function get(path: string) {
    return request(backend.server)
      .get(`/api/multi-cluster${path}`)
      .set('Authorization', USER);
  }

  function waitFor(check: () => Promise<boolean>) {
    return eventually(
      async () => expect(await check()).toBe(true),
      60_000,
      100,
    );
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

  it('reports add-on coverage from the Argo CD ApplicationSet', async () => {
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
