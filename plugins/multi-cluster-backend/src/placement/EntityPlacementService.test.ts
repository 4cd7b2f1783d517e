import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { http, HttpResponse } from 'msw';
import {
  KarmadaConnector,
  ClusterAccess,
  FleetCluster,
  ClusterClientFactory,
} from '@flotilla/plugin-multi-cluster-node';
import {
  KARMADA,
  KARMADA_TOKEN,
  resourceBindings,
  k8sStatus,
  setupKubernetesMocks,
  untilTestEnds,
} from '@flotilla/plugin-multi-cluster-node/testUtils';
import { FleetInventoryService } from '../inventory/FleetInventory';
import { WorkloadService } from '../workloads/WorkloadService';
import {
  EntityPlacementService,
  parsePlacementAnnotation,
} from './EntityPlacementService';
import { WorkloadCensus } from './WorkloadCensus';

const PROXY = `${KARMADA}/apis/cluster.karmada.io/v1alpha1/clusters`;

const entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: {
    name: 'checkout',
    namespace: 'default',
    annotations: {
      'backstage.io/kubernetes-id': 'checkout',
      'backstage.io/kubernetes-namespace': 'shop',
      'flotilla.io/placement':
        '{"clusterAffinity":{"clusterNames":["member-eu"]}}',
    },
  },
  spec: { type: 'service', owner: 'shop', lifecycle: 'production' },
};

const deployment = (replicas: number, ready: number) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: {
    name: 'checkout',
    namespace: 'shop',
    labels: { 'backstage.io/kubernetes-id': 'checkout', app: 'checkout' },
  },
  spec: { replicas },
  status: {
    replicas,
    readyReplicas: ready,
    availableReplicas: ready,
    updatedReplicas: replicas,
  },
});

const deploymentList = (...items: any[]) => ({
  apiVersion: 'apps/v1',
  kind: 'DeploymentList',
  metadata: { resourceVersion: '5' },
  items,
});
const emptyStatefulSets = {
  apiVersion: 'apps/v1',
  kind: 'StatefulSetList',
  metadata: {},
  items: [],
};

function cluster(name: string): FleetCluster {
  return {
    name,
    source: 'karmada',
    sources: [{ type: 'karmada', id: 'karmada:global' }],
    labels: {},
    capacity: {},
    health: { status: 'healthy', via: 'karmada' },
    stale: false,
    refreshedAt: new Date().toISOString(),
  };
}

const server = setupKubernetesMocks();

// Long enough for an answering member on a loaded machine; only a hung member waits it out.
function setup(clusterTimeoutMs = 2000, census?: WorkloadCensus) {
  const accesses: Record<string, ClusterAccess> = {
    'member-eu': {
      kind: 'karmada-proxy',
      controlPlane: 'global',
      cluster: 'member-eu',
    },
    'member-us': {
      kind: 'karmada-proxy',
      controlPlane: 'global',
      cluster: 'member-us',
    },
    'member-ap': {
      kind: 'karmada-proxy',
      controlPlane: 'global',
      cluster: 'member-ap',
    },
    direct: {
      kind: 'direct',
      url: 'https://direct.example.com',
      credentialRef: 'config:direct',
    },
  };
  const clusters = Object.keys(accesses).map(cluster);
  const inventory: FleetInventoryService = {
    getClusters: async () => clusters,
    getCluster: async n => clusters.find(c => c.name === n),
    getAccess: async n => accesses[n],
    listClusters: async () => ({
      items: clusters,
      totalCount: clusters.length,
    }),
    refresh: async () => ({} as any),
  };
  const clients = new ClusterClientFactory({
    configClusters: [
      {
        name: 'direct',
        url: 'https://direct.example.com',
        token: 'direct-token',
      },
    ],
    karmada: [{ name: 'global', url: KARMADA, token: KARMADA_TOKEN }],
    clusterApi: [],
    catalog: { enabled: false },
    clusterTimeoutMs,
  });
  const karmada = new KarmadaConnector({
    controlPlane: { name: 'global', url: KARMADA, token: KARMADA_TOKEN },
    client: clients.forControlPlane('karmada', 'global')!,
    logger: mockServices.logger.mock(),
    conflictRetries: 1,
  });
  return new EntityPlacementService({
    catalog: catalogServiceMock({ entities: [entity] }),
    inventory,
    workloads: new WorkloadService({ inventory, clients }),
    karmada: [karmada],
    concurrency: 10,
    clusterTimeoutMs,
    logger: mockServices.logger.mock(),
    census,
  });
}

describe('EntityPlacementService', () => {
  it('returns desired (Karmada + annotation) and actual replicas with per-cluster errors', async () => {
    let hungRequests = 0;
    const selectors: string[] = [];
    const tokens = new Set<string>();
    server.use(
      // resource templates on the Karmada API server
      http.get(
        `${KARMADA}/apis/apps/v1/namespaces/shop/deployments`,
        ({ request }) => {
          selectors.push(
            new URL(request.url).searchParams.get('labelSelector')!,
          );
          return HttpResponse.json(deploymentList(deployment(4, 0)));
        },
      ),
      http.get(`${KARMADA}/apis/apps/v1/namespaces/shop/statefulsets`, () =>
        HttpResponse.json(emptyStatefulSets),
      ),
      http.get(
        `${KARMADA}/apis/policy.karmada.io/v1alpha1/clusterpropagationpolicies`,
        () =>
          HttpResponse.json({
            items: [
              {
                metadata: { name: 'all-deployments' },
                spec: {
                  resourceSelectors: [
                    { apiVersion: 'apps/v1', kind: 'Deployment' },
                  ],
                  placement: {
                    clusterAffinity: { clusterNames: ['member-ap'] },
                  },
                },
              },
            ],
          }),
      ),
      http.get(
        `${KARMADA}/apis/policy.karmada.io/v1alpha1/namespaces/shop/propagationpolicies`,
        () =>
          HttpResponse.json({
            items: [
              {
                metadata: { name: 'checkout-pp', namespace: 'shop' },
                spec: {
                  resourceSelectors: [
                    {
                      apiVersion: 'apps/v1',
                      kind: 'Deployment',
                      name: 'checkout',
                    },
                  ],
                  placement: {
                    clusterAffinity: {
                      clusterNames: ['member-eu', 'member-us'],
                    },
                    replicaScheduling: {
                      replicaSchedulingType: 'Divided',
                      replicaDivisionPreference: 'Aggregated',
                    },
                  },
                },
              },
              {
                metadata: { name: 'other', namespace: 'shop' },
                spec: {
                  resourceSelectors: [
                    {
                      apiVersion: 'apps/v1',
                      kind: 'Deployment',
                      labelSelector: { matchLabels: { app: 'payments' } },
                    },
                  ],
                },
              },
            ],
          }),
      ),
      http.get(
        `${KARMADA}/apis/work.karmada.io/v1alpha2/namespaces/shop/resourcebindings`,
        () => HttpResponse.json(resourceBindings),
      ),
      // member clusters through the Karmada aggregated proxy
      http.get(
        `${PROXY}/member-eu/proxy/apis/apps/v1/namespaces/shop/deployments`,
        ({ request }) => {
          tokens.add(request.headers.get('authorization')!);
          return HttpResponse.json(deploymentList(deployment(3, 3)));
        },
      ),
      http.get(
        `${PROXY}/member-eu/proxy/apis/apps/v1/namespaces/shop/statefulsets`,
        () => HttpResponse.json(emptyStatefulSets),
      ),
      // member-us hangs: cut by the per-cluster timeout
      http.get(
        `${PROXY}/member-us/proxy/apis/apps/v1/namespaces/shop/:kind`,
        async () => {
          hungRequests += 1;
          await untilTestEnds();
          return HttpResponse.json(deploymentList());
        },
      ),
      // member-ap errors
      http.get(
        `${PROXY}/member-ap/proxy/apis/apps/v1/namespaces/shop/:kind`,
        () =>
          HttpResponse.json(
            k8sStatus(
              503,
              'ServiceUnavailable',
              'cluster member-ap is unreachable',
            ),
            {
              status: 503,
            },
          ),
      ),
      http.get(
        'https://direct.example.com/apis/apps/v1/namespaces/shop/deployments',
        ({ request }) => {
          tokens.add(request.headers.get('authorization')!);
          return HttpResponse.json(deploymentList(deployment(1, 1)));
        },
      ),
      http.get(
        'https://direct.example.com/apis/apps/v1/namespaces/shop/statefulsets',
        () => HttpResponse.json(emptyStatefulSets),
      ),
    );

    // Answered while member-us still hangs: its timeout cut it, nothing waited on it.
    const result = await setup().getPlacement(
      { kind: 'component', namespace: 'default', name: 'checkout' },
      mockCredentials.user(),
    );
    expect(hungRequests).toBeGreaterThan(0);
    expect(selectors).toEqual(['backstage.io/kubernetes-id=checkout']);
    expect(tokens).toEqual(
      new Set([`Bearer ${KARMADA_TOKEN}`, 'Bearer direct-token']),
    );

    expect(result.desired.annotation).toEqual({
      clusterAffinity: { clusterNames: ['member-eu'] },
    });
    expect(result.desired.karmada).toEqual([
      {
        controlPlane: 'global',
        resource: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          namespace: 'shop',
          name: 'checkout',
        },
        policies: [
          expect.objectContaining({
            kind: 'PropagationPolicy',
            name: 'checkout-pp',
            effective: true,
          }),
          expect.objectContaining({
            kind: 'ClusterPropagationPolicy',
            name: 'all-deployments',
            effective: false,
          }),
        ],
        resourceBinding: {
          name: 'checkout-deployment',
          namespace: 'shop',
          clusters: [
            { name: 'member-eu', replicas: 3 },
            { name: 'member-us', replicas: 1 },
          ],
          scheduled: {
            status: 'True',
            reason: 'Success',
            message: 'Binding has been scheduled successfully.',
          },
        },
      },
    ]);
    expect(
      result.actual.clusters.map(c => [c.cluster, c.replicas, c.readyReplicas]),
    ).toEqual([
      ['member-eu', 3, 3],
      ['direct', 1, 1],
    ]);
    expect(result.actual.totalReplicas).toBe(4);
    expect(result.errors).toEqual([
      {
        cluster: 'member-ap',
        message:
          'member-ap: list deployments: cluster member-ap is unreachable',
        timeout: false,
      },
      {
        cluster: 'member-us',
        message: 'member-us: list deployments: timed out',
        timeout: true,
      },
    ]);
    expect(JSON.stringify(result)).not.toMatch(
      /karmada-admin-token|direct-token/,
    );
  });

  it('over the live-read limit, reads only the clusters the workload census cannot rule out', async () => {
    const read: string[] = [];
    const listed: string[] = [];
    const emptyDeployments = deploymentList();
    server.use(
      // No Karmada resource template: only the members are read.
      http.get(`${KARMADA}/apis/apps/v1/namespaces/shop/deployments`, () =>
        HttpResponse.json(emptyDeployments),
      ),
      http.get(`${KARMADA}/apis/apps/v1/namespaces/shop/statefulsets`, () =>
        HttpResponse.json(emptyStatefulSets),
      ),
      http.get(
        `${PROXY}/:member/proxy/apis/apps/v1/namespaces/shop/:kind`,
        ({ params }) => {
          read.push(String(params.member));
          listed.push(`${params.member}/${params.kind}`);
          return HttpResponse.json(
            params.kind === 'deployments'
              ? deploymentList(deployment(3, 3))
              : emptyStatefulSets,
          );
        },
      ),
      http.get(
        'https://direct.example.com/apis/apps/v1/namespaces/shop/:kind',
        ({ params }) => {
          read.push('direct');
          return HttpResponse.json(
            params.kind === 'deployments'
              ? deploymentList(deployment(1, 1))
              : emptyStatefulSets,
          );
        },
      ),
    );
    // Four clusters, limit 3: the census decides. `direct` has none (it
    // could not be taken), member-eu runs checkout, the others do not.
    const census = new WorkloadCensus({ liveReadLimit: 3, maxAgeMs: 60_000 });
    census.record('member-eu', [
      { kubernetesId: 'checkout', kind: 'Deployment' },
      { kubernetesId: 'search', kind: 'StatefulSet' },
    ]);
    census.record('member-us', [
      { kubernetesId: 'search', kind: 'Deployment' },
    ]);
    census.record('member-ap', []);
    const placement = await setup(2000, census).getPlacement(
      { kind: 'component', namespace: 'default', name: 'checkout' },
      mockCredentials.user(),
    );
    expect([...new Set(read)].sort()).toEqual(['direct', 'member-eu']);
    // member-eu runs checkout as a Deployment only: its StatefulSets are not listed.
    expect(listed).toEqual(['member-eu/deployments']);
    expect(placement.actual.clusters.map(c => c.cluster).sort()).toEqual([
      'direct',
      'member-eu',
    ]);
    expect(placement.notRead).toEqual({
      clusters: 2,
      reason: expect.stringMatching(/none of its workloads/),
    });
  });

  it('says where an entity runs from a census covering the fleet, without reading a cluster', async () => {
    const read: string[] = [];
    server.use(
      http.get(`${KARMADA}/apis/apps/v1/namespaces/shop/:kind`, () =>
        HttpResponse.json(deploymentList()),
      ),
      http.get(
        `${PROXY}/:member/proxy/apis/apps/v1/namespaces/shop/:kind`,
        ({ params }) => {
          read.push(String(params.member));
          return HttpResponse.json(
            params.kind === 'deployments'
              ? deploymentList(deployment(2, 2))
              : emptyStatefulSets,
          );
        },
      ),
      http.get(
        'https://direct.example.com/apis/apps/v1/namespaces/shop/:kind',
        ({ params }) => {
          read.push('direct');
          return HttpResponse.json(
            params.kind === 'deployments'
              ? deploymentList()
              : emptyStatefulSets,
          );
        },
      ),
    );
    const census = new WorkloadCensus({ liveReadLimit: 3, maxAgeMs: 60_000 });
    const checkout = (namespace: string, replicas: number) => ({
      kubernetesId: 'checkout',
      kind: 'Deployment' as const,
      namespace,
      replicas,
    });
    census.record('member-eu', [checkout('shop', 2)]);
    census.record('member-us', [checkout('shop', 0)]);
    census.record('member-ap', [checkout('other', 1)]);
    const ref = { kind: 'component', namespace: 'default', name: 'checkout' };
    const service = setup(2000, census);

    // `direct` has no census yet: the answer comes from a live read.
    const live = await service.runningClusters(ref, mockCredentials.user());
    expect(read.length).toBeGreaterThan(0);
    expect(live.clusters.sort()).toEqual([
      'member-ap',
      'member-eu',
      'member-us',
    ]);

    read.length = 0;
    census.record('direct', []);
    const recent = await service.runningClusters(ref, mockCredentials.user());
    expect(recent).toEqual({
      entityRef: 'component:default/checkout',
      clusters: ['member-eu'],
    });
    expect(read).toEqual([]);
  });

  it('awaits slow clusters when the per-cluster timeout allows it', async () => {
    let answeredByAnotherMember = () => {};
    const anotherMemberAnswered = new Promise<void>(resolve => {
      answeredByAnotherMember = resolve;
    });
    server.use(
      http.get(`${KARMADA}/apis/apps/v1/namespaces/shop/:kind`, () =>
        HttpResponse.json(deploymentList()),
      ),
      http.get(
        `${PROXY}/:cluster/proxy/apis/apps/v1/namespaces/shop/:kind`,
        async ({ params }) => {
          // member-us is the slow one: it answers only after another member has.
          if (params.cluster === 'member-us') await anotherMemberAnswered;
          else answeredByAnotherMember();
          return HttpResponse.json(
            params.kind === 'deployments'
              ? deploymentList(deployment(2, 2))
              : emptyStatefulSets,
          );
        },
      ),
      http.get(
        'https://direct.example.com/apis/apps/v1/namespaces/shop/:kind',
        () => HttpResponse.json(deploymentList()),
      ),
    );
    const result = await setup(30_000).getPlacement(
      { kind: 'component', namespace: 'default', name: 'checkout' },
      mockCredentials.user(),
    );
    expect(result.errors).toEqual([]);
    expect(result.actual.clusters.map(c => c.cluster).sort()).toEqual([
      'member-ap',
      'member-eu',
      'member-us',
    ]);
  });

  it('parses YAML and JSON placement annotations', () => {
    expect(
      parsePlacementAnnotation('clusterAffinity:\n  clusterNames: [a, b]\n'),
    ).toEqual({
      clusterAffinity: { clusterNames: ['a', 'b'] },
    });
    expect(parsePlacementAnnotation('{"spreadConstraints":[]}')).toEqual({
      spreadConstraints: [],
    });
    expect(() => parsePlacementAnnotation('a: [unclosed')).toThrow(
      /neither valid JSON nor YAML/,
    );
  });
});
