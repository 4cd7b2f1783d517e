import { mockServices, TestDatabases } from '@backstage/backend-test-utils';
import { http, HttpResponse } from 'msw';
import { MultiClusterStore } from '../database/MultiClusterStore';
import {
  ClusterClientFactory,
  ClusterApiConnector,
  KarmadaConnector,
  ClusterRecord,
  FleetConnector,
} from '@flotilla/plugin-multi-cluster-node';
import {
  k8sStatus,
  setupKubernetesMocks,
  untilTestEnds,
  KARMADA,
  KARMADA_TOKEN,
  karmadaClusters,
  resourceBindings,
  karmadaClustersWithGarbage,
} from '@flotilla/plugin-multi-cluster-node/testUtils';
import { CatalogClusterConnector } from './connectors/CatalogClusterConnector';
import { ConfigClusterConnector } from './connectors/ConfigClusterConnector';
import { ClusterInspector, FleetInventory } from './FleetInventory';
import type { ConnectivityScheduleOptions } from './ConnectivitySchedule';
import { WorkloadCensus } from '../placement/WorkloadCensus';
import { ConnectivityInspector } from '../connectivity/ConnectivityInspector';
import { liqoVirtualNode, workerA } from '../connectivity/__fixtures__/nodes';

jest.setTimeout(60_000);

const databases = TestDatabases.create({
  ids: ['SQLITE_3', 'POSTGRES_17', 'POSTGRES_15'],
});

const configClusters = [
  { name: 'ok', url: 'https://ok.example.com', token: 'tok-ok' },
  { name: 'broken', url: 'https://broken.example.com', token: 'tok-broken' },
  { name: 'slow', url: 'https://slow.example.com', token: 'tok-slow' },
  // same name as a Karmada member but another API server: a clash
  {
    name: 'member-eu',
    url: 'https://elsewhere.example.com:6443',
    token: 'tok-x',
  },
];

const server = setupKubernetesMocks();
const seen = new Map<string, string>();

function serveClusters() {
  server.use(
    http.get('https://ok.example.com/readyz', ({ request }) => {
      seen.set('ok', request.headers.get('authorization')!);
      return new HttpResponse('ok');
    }),
    http.get('https://broken.example.com/readyz', () =>
      HttpResponse.json(k8sStatus(500, 'InternalError', 'boom'), {
        status: 500,
      }),
    ),
    http.get('https://broken.example.com/healthz', () =>
      HttpResponse.json(k8sStatus(500, 'InternalError', 'boom'), {
        status: 500,
      }),
    ),
    // Up but not ready: discovery answers (the readiness probe asks it why).
    http.get('https://broken.example.com/api/v1', () =>
      HttpResponse.json({
        kind: 'APIResourceList',
        groupVersion: 'v1',
        resources: [],
      }),
    ),
    http.get('https://slow.example.com/readyz', async () => {
      await untilTestEnds();
      return new HttpResponse('ok');
    }),
    http.get(
      'https://elsewhere.example.com:6443/readyz',
      () => new HttpResponse('ok'),
    ),
    http.get(`${KARMADA}/apis/cluster.karmada.io/v1alpha1/clusters`, () =>
      HttpResponse.json(karmadaClusters),
    ),
    http.get(`${KARMADA}/apis/work.karmada.io/v1alpha2/resourcebindings`, () =>
      HttpResponse.json(resourceBindings),
    ),
    // The config clusters' Nodes (read for their topology).
    http.get('https://ok.example.com/api/v1/nodes', () =>
      HttpResponse.json(nodeList([workerA])),
    ),
    http.get('https://broken.example.com/api/v1/nodes', () =>
      HttpResponse.json(k8sStatus(500, 'InternalError', 'boom'), {
        status: 500,
      }),
    ),
    http.get('https://slow.example.com/api/v1/nodes', async () => {
      await untilTestEnds();
      return HttpResponse.json(nodeList([]));
    }),
    http.get('https://elsewhere.example.com:6443/api/v1/nodes', () =>
      HttpResponse.json(nodeList([])),
    ),
  );
}

/**
 * The slow cluster answers at once: for tests about something else, whose
 * refreshes would otherwise each wait out its timeouts.
 */
function slowClusterAnswers() {
  server.use(
    http.get('https://slow.example.com/readyz', () => new HttpResponse('ok')),
    http.get('https://slow.example.com/api/v1/nodes', () =>
      HttpResponse.json(nodeList([])),
    ),
  );
}

function nodeList(items: object[]) {
  return { kind: 'NodeList', apiVersion: 'v1', metadata: {}, items };
}

describe.each(databases.eachSupportedId())(
  'FleetInventory on %p',
  databaseId => {
    async function create() {
      const knex = await databases.init(databaseId);
      const store = await MultiClusterStore.create({
        database: { getClient: async () => knex },
      });
      const logger = mockServices.logger.mock();
      const clients = new ClusterClientFactory({
        configClusters,
        karmada: [{ name: 'global', url: KARMADA, token: KARMADA_TOKEN }],
        clusterApi: [],
        catalog: { enabled: false },
        clusterTimeoutMs: 1000,
      });
      const inventory = new FleetInventory({
        connectors: [
          new ConfigClusterConnector(configClusters),
          new KarmadaConnector({
            controlPlane: {
              name: 'global',
              url: KARMADA,
              token: KARMADA_TOKEN,
            },
            client: clients.forControlPlane('karmada', 'global')!,
            logger,
            conflictRetries: 1,
          }),
        ],
        store,
        clients,
        logger,
        // Long enough for a cluster that answers, on a loaded machine.
        healthTimeoutMs: 2000,
        connectorTimeoutMs: 1000,
        concurrency: 4,
        cacheTtlMs: 0,
      });
      return { inventory, store, knex, logger };
    }

    it('one slow or broken cluster never blocks or blanks the others', async () => {
      serveClusters();
      const { inventory } = await create();
      // Completes while the slow cluster's readyz still hangs.
      const summary = await inventory.refresh();
      expect(summary).toMatchObject({
        clusters: 5,
        conflicts: 1,
        connectorErrors: [],
      });

      const byName = Object.fromEntries(
        (await inventory.getClusters()).map(c => [c.name, c]),
      );
      expect(byName.ok.health).toMatchObject({
        status: 'healthy',
        via: 'readyz',
      });
      expect(byName.ok.stale).toBe(false);
      expect(seen.get('ok')).toBe('Bearer tok-ok');
      // What its Nodes show (workerA: aws:///eu-west-1a/..., zone eu-west-1a).
      expect(byName.ok).toMatchObject({
        provider: 'aws',
        zones: ['eu-west-1a'],
        labels: { 'flotilla.io/provider': 'aws', provider: 'aws' },
      });
      expect(byName.broken.health).toMatchObject({
        status: 'unhealthy',
        via: 'readyz',
      });
      expect(byName.slow).toMatchObject({
        health: { status: 'unhealthy', via: 'readyz' },
        stale: true,
        lastError: 'slow: readyz: timed out',
      });
      expect(byName['member-us'].health).toMatchObject({
        status: 'unhealthy',
        via: 'karmada',
      });
      // clash: config URL vs Karmada apiEndpoint
      expect(byName['member-eu'].conflicts).toEqual([
        expect.objectContaining({
          field: 'apiServerUrl',
          values: [
            { sourceId: 'config', value: 'https://elsewhere.example.com:6443' },
            {
              sourceId: 'karmada:global',
              value: 'https://member-eu.example.com:6443',
            },
          ],
        }),
      ]);
      expect(byName['member-eu'].apiServerUrl).toBe(
        'https://elsewhere.example.com:6443',
      );
      expect(JSON.stringify(byName)).not.toMatch(/tok-|karmada-admin-token/);
    });

    it('keeps the last good snapshot, marked stale, when a source fails', async () => {
      serveClusters();
      slowClusterAnswers();
      const { inventory, store } = await create();
      await inventory.refresh();

      server.use(
        http.get(`${KARMADA}/apis/cluster.karmada.io/v1alpha1/clusters`, () =>
          HttpResponse.json(
            k8sStatus(500, 'InternalError', 'karmada-apiserver overloaded'),
            {
              status: 500,
            },
          ),
        ),
      );
      const summary = await inventory.refresh();
      expect(summary.connectorErrors).toEqual([
        {
          connector: 'karmada:global',
          error:
            'karmada:global: list clusters.cluster.karmada.io/v1alpha1: karmada-apiserver overloaded',
        },
      ]);
      const us = await inventory.getCluster('member-us');
      expect(us).toMatchObject({
        stale: true,
        source: 'karmada',
        region: 'us-east1',
        lastError: expect.stringContaining('Source karmada:global failed'),
      });
      const eu = await inventory.getCluster('member-eu');
      expect(eu?.stale).toBe(true);
      expect((await inventory.getCluster('ok'))?.stale).toBe(false);

      // persisted: a second replica reading the DB sees the same
      const stored = await store.listSnapshots();
      expect(stored.map(s => s.cluster.name)).toEqual([
        'broken',
        'member-eu',
        'member-us',
        'ok',
        'slow',
      ]);
      expect(stored.find(s => s.cluster.name === 'member-us')?.access).toEqual({
        kind: 'karmada-proxy',
        controlPlane: 'global',
        cluster: 'member-us',
      });
    });

    it('removes clusters that a healthy source no longer reports', async () => {
      serveClusters();
      slowClusterAnswers();
      const { inventory } = await create();
      await inventory.refresh();
      server.use(
        http.get(`${KARMADA}/apis/cluster.karmada.io/v1alpha1/clusters`, () =>
          HttpResponse.json({
            ...karmadaClusters,
            items: [karmadaClusters.items[0]],
          }),
        ),
      );
      await inventory.refresh();
      expect(await inventory.getCluster('member-us')).toBeUndefined();
    });

    it('coalesces concurrent refreshes', async () => {
      serveClusters();
      slowClusterAnswers();
      const { inventory } = await create();
      let listed = 0;
      server.use(
        http.get(`${KARMADA}/apis/cluster.karmada.io/v1alpha1/clusters`, () => {
          listed++;
          return HttpResponse.json(karmadaClusters);
        }),
      );
      const results = await Promise.all([
        inventory.refresh(),
        inventory.refresh(),
        inventory.refresh(),
        inventory.refresh(),
      ]);
      expect(listed).toBe(2); // the running one + one queued
      expect(results.every(r => r.clusters === 5)).toBe(true);
    });

    it('filters and pages', async () => {
      serveClusters();
      const { inventory } = await create();
      await inventory.refresh();
      const page = await inventory.listClusters(undefined, {
        limit: 2,
        offset: 2,
      });
      expect(page.totalCount).toBe(5);
      expect(page.items.map(c => c.name)).toEqual(['member-us', 'ok']);
      const labelled = await inventory.listClusters({
        labels: { tier: 'gold' },
      });
      expect(labelled.items.map(c => c.name)).toEqual(['member-eu']);
      const stale = await inventory.listClusters({ stale: true });
      expect(stale.items.map(c => c.name)).toEqual(['slow']);
      const karmada = await inventory.listClusters({
        source: ['karmada'],
        health: ['healthy'],
      });
      expect(karmada.items.map(c => c.name)).toEqual(['member-eu']);
    });
  },
);

describe('FleetInventory connectivity inspection', () => {
  const PROXY = `${KARMADA}/apis/cluster.karmada.io/v1alpha1/clusters`;

  async function create(
    inspectTimeoutMs = 2000,
    logger = mockServices.logger.mock(),
    inspector: ClusterInspector = ConnectivityInspector.default(),
    census?: WorkloadCensus,
    connectivitySchedule?: ConnectivityScheduleOptions,
  ) {
    const knex = await databases.init('SQLITE_3');
    const store = await MultiClusterStore.create({
      database: { getClient: async () => knex },
    });
    const clients = new ClusterClientFactory({
      configClusters: [],
      karmada: [{ name: 'global', url: KARMADA, token: KARMADA_TOKEN }],
      clusterApi: [],
      catalog: { enabled: false },
      clusterTimeoutMs: 1000,
    });
    return new FleetInventory({
      connectors: [
        new KarmadaConnector({
          controlPlane: { name: 'global', url: KARMADA, token: KARMADA_TOKEN },
          client: clients.forControlPlane('karmada', 'global')!,
          logger,
          conflictRetries: 1,
        }),
      ],
      store,
      clients,
      logger,
      healthTimeoutMs: 2000,
      connectorTimeoutMs: 1000,
      concurrency: 4,
      cacheTtlMs: 0,
      inspector,
      inspectTimeoutMs,
      census,
      connectivitySchedule,
    });
  }

  /** member-eu's API through the Karmada proxy: one worker and a Liqo node lent by member-us. */
  function serveMemberApi(
    requested: string[],
    {
      clusters = karmadaClusters,
      extraNodes = [],
    }: { clusters?: object; extraNodes?: object[] } = {},
  ) {
    const lentByMemberUs = {
      ...liqoVirtualNode,
      metadata: {
        ...liqoVirtualNode.metadata,
        name: 'liqo-member-us',
        labels: {
          ...liqoVirtualNode.metadata.labels,
          'liqo.io/remote-cluster-id': 'member-us',
        },
      },
    };
    server.use(
      http.get(`${KARMADA}/apis/cluster.karmada.io/v1alpha1/clusters`, () =>
        HttpResponse.json(clusters),
      ),
      http.get(
        `${KARMADA}/apis/work.karmada.io/v1alpha2/resourcebindings`,
        () => HttpResponse.json(resourceBindings),
      ),
      http.get(`${PROXY}/member-eu/proxy/api/v1/nodes`, ({ request }) => {
        requested.push(new URL(request.url).pathname);
        return HttpResponse.json({
          kind: 'NodeList',
          apiVersion: 'v1',
          metadata: { resourceVersion: '812' },
          items: [workerA, lentByMemberUs, ...extraNodes],
        });
      }),
      // Nothing else is installed on the member.
      http.get(`${PROXY}/:cluster/proxy/*`, ({ request }) => {
        requested.push(new URL(request.url).pathname);
        return HttpResponse.json(
          k8sStatus(
            404,
            'NotFound',
            'the server could not find the requested resource',
          ),
          { status: 404 },
        );
      }),
    );
  }

  it('counts a Karmada member’s own nodes only, with the lent capacity resolved to its peer', async () => {
    const requested: string[] = [];
    serveMemberApi(requested);
    const inventory = await create();
    await inventory.refresh();
    const eu = (await inventory.getCluster('member-eu'))!;
    // Karmada's resourceSummary (48 CPUs) counts the virtual node too.
    expect(eu.capacity.allocatable).toMatchObject({
      cpu: workerA.status.allocatable.cpu,
      pods: workerA.status.allocatable.pods,
    });
    expect(eu.capacity.virtualNodes).toEqual([
      expect.objectContaining({
        name: 'liqo-member-us',
        kind: 'liqo',
        peer: 'member-us',
        peerCluster: 'member-us',
      }),
    ]);
    expect(eu.connectivity?.fabrics).toEqual([]);
    // member-us is not ready: its API is not inspected.
    expect(requested.some(path => path.includes('/member-us/'))).toBe(false);
    expect(requested).toContain(
      `/apis/cluster.karmada.io/v1alpha1/clusters/member-eu/proxy/api/v1/nodes`,
    );
  });

  it('stores and serves the fleet before the inspection pass, showing each cluster’s last inspection meanwhile', async () => {
    serveMemberApi([]);
    const fabric = (clusterSet: string) => ({
      connectivity: {
        clusterSets: [clusterSet],
        fabrics: [
          {
            kind: 'submariner' as const,
            clusterSet,
            detectedVia: 'api' as const,
            evidence: [],
          },
        ],
      },
      virtualNodes: [],
    });
    let release: () => void = () => undefined;
    let entered: () => void = () => undefined;
    let answer = fabric('set-a');
    let gate: Promise<void> = Promise.resolve();
    const inspector: ClusterInspector = {
      inspect: async () => {
        entered();
        await gate;
        return answer;
      },
    };
    const inventory = await create(2000, undefined, inspector);
    const first = await inventory.refresh();
    expect(first.inspectionDurationMs).toEqual(expect.any(Number));
    expect(
      (await inventory.getCluster('member-eu'))!.connectivity?.clusterSets,
    ).toEqual(['set-a']);

    // The next pass hangs in inspection, which starts once the fleet is stored.
    gate = new Promise(resolve => {
      release = resolve;
    });
    const inspecting = new Promise<void>(resolve => {
      entered = resolve;
    });
    answer = fabric('set-b');
    // Karmada now reports member-eu on a new version.
    serveMemberApi([], {
      clusters: {
        ...karmadaClusters,
        items: karmadaClusters.items.map(c =>
          c.metadata.name === 'member-eu'
            ? { ...c, status: { ...c.status, kubernetesVersion: 'v1.32.0' } }
            : c,
        ),
      },
    });
    const second = inventory.refresh();
    await inspecting;
    const meanwhile = (await inventory.getCluster('member-eu'))!;
    expect(meanwhile.kubernetesVersion).toBe('v1.32.0');
    expect(meanwhile.connectivity?.clusterSets).toEqual(['set-a']);
    release();
    await second;
    const after = (await inventory.getCluster('member-eu'))!;
    expect(after.connectivity?.clusterSets).toEqual(['set-b']);
    expect(after.kubernetesVersion).toBe('v1.32.0');
  });

  it('over a large fleet reads connectivity of its share of clusters per pass; the rest keep their last', async () => {
    const [eu] = karmadaClusters.items;
    const twin = { ...eu, metadata: { ...eu.metadata, name: 'member-eu-2' } };
    serveMemberApi([], {
      clusters: { ...karmadaClusters, items: [...karmadaClusters.items, twin] },
    });
    const inspected: string[] = [];
    let pass = 0;
    const inspector: ClusterInspector = {
      inspect: async name => {
        inspected.push(name);
        return {
          connectivity: { clusterSets: [`pass-${pass}`], fabrics: [] },
          virtualNodes: [],
        };
      },
    };
    const inventory = await create(2000, undefined, inspector, undefined, {
      passEveryMs: 60_000,
      largeFleetSize: 1,
      largeFleetIntervalMs: 3_600_000,
    });
    await inventory.refresh();
    const firstPass = [...inspected];
    expect(firstPass.length).toBeGreaterThan(1);
    inspected.length = 0;
    pass = 1;
    await inventory.refresh();
    // An hour's interval at one pass a minute: one cluster per pass.
    expect(inspected).toHaveLength(1);
    const sets = await Promise.all(
      firstPass.map(
        async n => (await inventory.getCluster(n))!.connectivity?.clusterSets,
      ),
    );
    expect(sets).toEqual(
      firstPass.map(n => [n === inspected[0] ? 'pass-1' : 'pass-0']),
    );
  });

  it('takes a workload census in the inspection pass of a fleet over the live-read limit', async () => {
    serveMemberApi([]);
    server.use(
      http.get(`${PROXY}/member-eu/proxy/apis/apps/v1/deployments`, () =>
        HttpResponse.json({
          kind: 'DeploymentList',
          apiVersion: 'apps/v1',
          metadata: { resourceVersion: '9' },
          items: [
            {
              metadata: {
                name: 'checkout',
                namespace: 'shop',
                labels: { 'backstage.io/kubernetes-id': 'checkout' },
              },
            },
          ],
        }),
      ),
      http.get(`${PROXY}/member-eu/proxy/apis/apps/v1/statefulsets`, () =>
        HttpResponse.json({
          kind: 'StatefulSetList',
          apiVersion: 'apps/v1',
          metadata: { resourceVersion: '9' },
          items: [],
        }),
      ),
    );
    const census = new WorkloadCensus({ liveReadLimit: 1, maxAgeMs: 60_000 });
    const inventory = await create(2000, undefined, undefined, census);
    await inventory.refresh();
    const fleet = await inventory.getClusters();
    expect(fleet.length).toBeGreaterThan(1);
    const names = (id: string) =>
      census.clustersToRead(fleet, id).read.map(c => c.name);
    // member-eu runs checkout only; the others answered 404 (no census: read).
    expect(names('checkout')).toContain('member-eu');
    expect(names('search')).not.toContain('member-eu');
    expect(names('search').length).toBe(fleet.length - 1);
    // And records what it read, for placements that take the census.
    expect(census.workloadsIn('member-eu', 'checkout')?.workloads).toEqual([
      expect.objectContaining({ name: 'checkout', namespace: 'shop' }),
    ]);
    // The census's read is timed: a first placement orders clusters by it.
    expect(census.readMs('member-eu')).toEqual(expect.any(Number));
    expect(census.readMs('no-such-cluster')).toBeUndefined();
  });

  it('keeps a member’s last inspection, with its age, when the next one times out through the proxy', async () => {
    serveMemberApi([]);
    const inventory = await create();
    await inventory.refresh();
    const before = (await inventory.getCluster('member-eu'))!;
    expect(before.capacity.virtualNodes).toHaveLength(1);
    // The Karmada proxy answers 504 (the member's answer did not come back in time).
    server.use(
      http.get(`${PROXY}/member-eu/proxy/api/v1/nodes`, () =>
        HttpResponse.json(k8sStatus(504, 'Timeout', 'proxy timeout'), {
          status: 504,
        }),
      ),
    );
    await inventory.refresh();
    const after = (await inventory.getCluster('member-eu'))!;
    expect(after.capacity.virtualNodes).toEqual(before.capacity.virtualNodes);
    expect(after.capacity.allocatable).toEqual(before.capacity.allocatable);
    // Both detectors that read Nodes say so.
    expect(after.connectivity?.errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^virtual-nodes: HTTP 504: .*proxy timeout \(showing what it saw \d+ s ago\)$/,
        ),
        expect.stringMatching(
          /^networks: HTTP 504: .*proxy timeout \(showing what it saw \d+ s ago\)$/,
        ),
      ]),
    );
    expect(after.connectivity?.earlierObservations).toEqual([
      { detector: 'networks', observedAt: expect.any(String) },
      { detector: 'virtual-nodes', observedAt: expect.any(String) },
    ]);
  });

  it('keeps the cluster and records the failure when inspection cannot run', async () => {
    serveMemberApi([]);
    const inventory = await create(0);
    const summary = await inventory.refresh();
    expect(summary.clusters).toBe(2);
    const eu = (await inventory.getCluster('member-eu'))!;
    expect(eu.health.status).toBe('healthy');
    expect(eu.capacity.allocatable?.cpu).toBe('48');
    expect(eu.connectivity?.errors).toEqual([
      'connectivity inspection failed: Connectivity inspection of member-eu: timeoutMs must be a positive number, got 0',
    ]);
  });

  it('lists a member reporting garbage quantities with its valid resources and the problems; the others are unaffected', async () => {
    serveMemberApi([], { clusters: karmadaClustersWithGarbage });
    const inventory = await create();
    const summary = await inventory.refresh();
    expect(summary).toMatchObject({ clusters: 3, connectorErrors: [] });

    const { items } = await inventory.listClusters();
    const byName = Object.fromEntries(items.map(c => [c.name, c]));
    expect(Object.keys(byName)).toEqual([
      'member-eu',
      'member-garbage',
      'member-us',
    ]);
    const garbage = byName['member-garbage'];
    expect(garbage.health.status).toBe('healthy');
    expect(garbage.stale).toBe(false);
    expect(garbage.capacity.allocatable).toEqual({ pods: '110' });
    expect(garbage.problems).toEqual([
      expect.stringMatching(
        /^karmada:global: annotation flotilla\.io\/capacity is not used: /,
      ),
      expect.stringMatching(
        /^karmada:global: resourceSummary\.allocatable: cpu 'abc' is not a quantity: /,
      ),
      expect.stringMatching(
        /^karmada:global: resourceSummary\.allocatable: memory '1e999999999' is not a quantity: /,
      ),
      expect.stringMatching(
        /^karmada:global: resourceSummary\.allocatable: "__proto__" is not a resource name: /,
      ),
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // member-eu is read, inspected and counted as without the garbage member.
    const eu = byName['member-eu'];
    expect(eu.problems).toBeUndefined();
    expect(eu.capacity.allocatable).toMatchObject({
      cpu: workerA.status.allocatable.cpu,
    });
    expect(eu.connectivity?.errors ?? []).not.toContainEqual(
      expect.stringMatching(/virtual-nodes|quantity/),
    );
  });

  it('records a member’s garbage Node values as connectivity errors and keeps the rest of the inspection', async () => {
    const garbageWorker = {
      ...workerA,
      metadata: { ...workerA.metadata, name: 'ip-10-0-9-99' },
      status: {
        ...workerA.status,
        allocatable: { ...workerA.status.allocatable, cpu: 'lots' },
      },
    };
    serveMemberApi([], { extraNodes: [garbageWorker] });
    const inventory = await create();
    await inventory.refresh();
    const eu = (await inventory.getCluster('member-eu'))!;
    // Both workers' pods, workerA's cpu only.
    expect(eu.capacity.allocatable).toMatchObject({
      cpu: workerA.status.allocatable.cpu,
      pods: '116',
    });
    expect(eu.capacity.virtualNodes).toEqual([
      expect.objectContaining({ name: 'liqo-member-us' }),
    ]);
    // (The fake member answers 404 to everything else: Istio says so.)
    expect(
      eu.connectivity?.errors?.filter(e => e.startsWith('virtual-nodes')),
    ).toEqual([
      expect.stringMatching(
        /^virtual-nodes: node ip-10-0-9-99 allocatable: cpu 'lots' is not a quantity: /,
      ),
    ]);
  });

  it('escapes a failing source’s error text in its log line', async () => {
    const logger = mockServices.logger.mock();
    server.use(
      http.get(`${KARMADA}/apis/cluster.karmada.io/v1alpha1/clusters`, () =>
        HttpResponse.json(
          k8sStatus(
            500,
            'InternalError',
            'overloaded\r\n2026-01-01T00:00:00Z info Fleet refreshed: forged\0',
          ),
          { status: 500 },
        ),
      ),
    );
    const inventory = await create(2000, logger);
    const summary = await inventory.refresh();
    expect(summary.connectorErrors).toHaveLength(1);
    const lines: string[] = (logger.warn as jest.Mock).mock.calls.map(
      call => call[0],
    );
    const line = lines.find(l => l.startsWith('Fleet source karmada:global'));
    expect(line).toContain(
      'overloaded\\r\\n2026-01-01T00:00:00Z info Fleet refreshed: forged\\0',
    );
    expect(line).not.toMatch(/[\r\n\0]/);
  });
});

describe('FleetInventory access paths and detected labels', () => {
  const MGMT = 'https://capi-mgmt.example.com:6443';
  const MGMT_TOKEN = 'capi-mgmt-token';

  /** A source that reports fixed records (here: what the catalog holds). */
  function staticSource(
    id: string,
    type: FleetConnector['type'],
    records: ClusterRecord[],
  ): FleetConnector {
    return { id, type, listClusters: async () => records };
  }

  /** A cluster entity as the catalog module writes it (api-server + serviceAccount). */
  function catalogEntity(
    name: string,
    annotations: Record<string, string>,
    labels: Record<string, string> = {},
  ) {
    return CatalogClusterConnector.toRecord({
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'Resource',
      metadata: { name, labels, annotations },
      spec: { type: 'kubernetes-cluster', owner: 'platform' },
    });
  }

  async function create(options: {
    connectors: (clients: ClusterClientFactory) => FleetConnector[];
    configClusters?: { name: string; url: string; token?: string }[];
  }) {
    const knex = await databases.init('SQLITE_3');
    const store = await MultiClusterStore.create({
      database: { getClient: async () => knex },
    });
    const clients = new ClusterClientFactory({
      configClusters: options.configClusters ?? [],
      karmada: [{ name: 'global', url: KARMADA, token: KARMADA_TOKEN }],
      clusterApi: [{ name: 'mgmt', url: MGMT, token: MGMT_TOKEN }],
      // The backend has a service account token for catalog clusters.
      catalog: { enabled: true, serviceAccountToken: 'backstage-sa-token' },
      clusterTimeoutMs: 2000,
    });
    const inventory = new FleetInventory({
      connectors: options.connectors(clients),
      store,
      clients,
      logger: mockServices.logger.mock(),
      healthTimeoutMs: 2000,
      connectorTimeoutMs: 2000,
      concurrency: 4,
      cacheTtlMs: 0,
    });
    return { inventory, knex, store };
  }

  it('stops only after a requested refresh in flight has stored its fleet', async () => {
    let release!: () => void;
    const released = new Promise<void>(resolve => {
      release = resolve;
    });
    const gated: FleetConnector = {
      id: 'gated',
      type: 'config',
      listClusters: async () => {
        await released;
        return [];
      },
    };
    const { inventory, store } = await create({ connectors: () => [gated] });
    const stored = jest.spyOn(store, 'replaceSnapshots');
    inventory.requestRefresh([60_000]);
    let stopped = false;
    const stopping = inventory.stop().then(() => {
      stopped = true;
    });
    // The refresh waits for the source, so stop cannot have finished.
    await new Promise(resolve => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    // The refresh wrote before stop returned, so the database may close now.
    expect(stored).toHaveBeenCalledTimes(1);
    await expect(stored.mock.results[0].value).resolves.toBeUndefined();
  });

  it('aborts the signal it passed to a source that does not answer in time', async () => {
    let passed: AbortSignal | undefined;
    const hanging: FleetConnector = {
      id: 'hanging',
      type: 'config',
      listClusters: options =>
        new Promise((_, reject) => {
          passed = options.signal;
          options.signal?.addEventListener('abort', () =>
            reject(options.signal?.reason),
          );
        }),
    };
    const { inventory } = await create({ connectors: () => [hanging] });
    const summary = await inventory.refresh();
    expect(passed?.aborted).toBe(true);
    expect(summary.connectorErrors).toEqual([
      { connector: 'hanging', error: expect.stringMatching(/timed out/) },
    ]);
  });

  it('keeps a Karmada member that the catalog module also knows on the Karmada proxy path', async () => {
    const directCalls: string[] = [];
    server.use(
      http.get(`${KARMADA}/apis/cluster.karmada.io/v1alpha1/clusters`, () =>
        HttpResponse.json(karmadaClusters),
      ),
      http.get(
        `${KARMADA}/apis/work.karmada.io/v1alpha2/resourcebindings`,
        () => HttpResponse.json(resourceBindings),
      ),
      // The member's own endpoint does not know the backend's token.
      http.get('https://member-eu.example.com:6443/*', ({ request }) => {
        directCalls.push(new URL(request.url).pathname);
        return HttpResponse.json(
          k8sStatus(401, 'Unauthorized', 'Unauthorized'),
          { status: 401 },
        );
      }),
    );
    const catalog = catalogEntity(
      'member-eu',
      {
        'kubernetes.io/api-server': 'https://member-eu.example.com:6443',
        'kubernetes.io/auth-provider': 'serviceAccount',
        'flotilla.io/tenant': 'payments',
      },
      { team: 'payments' },
    );
    const { inventory } = await create({
      connectors: clients => [
        staticSource('catalog', 'catalog', [catalog]),
        new KarmadaConnector({
          controlPlane: { name: 'global', url: KARMADA, token: KARMADA_TOKEN },
          client: clients.forControlPlane('karmada', 'global')!,
          logger: mockServices.logger.mock(),
          conflictRetries: 1,
        }),
      ],
    });
    await inventory.refresh();
    expect(await inventory.getAccess('member-eu')).toEqual({
      kind: 'karmada-proxy',
      controlPlane: 'global',
      cluster: 'member-eu',
    });
    expect(await inventory.getCluster('member-eu')).toMatchObject({
      health: { status: 'healthy', via: 'karmada' },
      stale: false,
      // The catalog's declared facts stay.
      tenant: 'payments',
      labels: expect.objectContaining({ team: 'payments', tier: 'gold' }),
    });
    expect(directCalls).toEqual([]);
  });

  it('reaches a Cluster API workload cluster with its kubeconfig Secret', async () => {
    const WC = 'https://wc-1.example.com:6443';
    const secretReads: (string | null)[] = [];
    const readyz: (string | null)[] = [];
    const capiCluster = {
      apiVersion: 'cluster.x-k8s.io/v1beta2',
      kind: 'Cluster',
      metadata: {
        name: 'wc-1',
        namespace: 'fleet-system',
        labels: { 'flotilla.io/region': 'us-east-1' },
      },
      spec: { infrastructureRef: { kind: 'AWSCluster', name: 'wc-1' } },
      status: {
        phase: 'Provisioned',
        conditions: [{ type: 'Available', status: 'True' }],
      },
    };
    const kubeconfig = [
      'apiVersion: v1',
      'kind: Config',
      'clusters:',
      '- name: wc-1',
      '  cluster:',
      `    server: ${WC}`,
      'users:',
      '- name: wc-1-admin',
      '  user:',
      '    token: wc-1-admin-token',
      'contexts:',
      '- name: wc-1-admin@wc-1',
      '  context: {cluster: wc-1, user: wc-1-admin}',
      'current-context: wc-1-admin@wc-1',
    ].join('\n');
    const empty = (kind: string) => ({
      apiVersion: 'v1',
      kind,
      metadata: {},
      items: [],
    });
    server.use(
      http.get(`${MGMT}/apis/cluster.x-k8s.io/v1beta2/clusters`, () =>
        HttpResponse.json({
          ...empty('ClusterList'),
          items: [
            capiCluster,
            {
              ...capiCluster,
              metadata: { ...capiCluster.metadata, name: 'wc-2' },
            },
          ],
        }),
      ),
      // The backend may not read wc-2's Secret.
      http.get(
        `${MGMT}/api/v1/namespaces/fleet-system/secrets/wc-2-kubeconfig`,
        () =>
          HttpResponse.json(
            k8sStatus(
              403,
              'Forbidden',
              'secrets "wc-2-kubeconfig" is forbidden',
            ),
            { status: 403 },
          ),
      ),
      http.get(
        `${MGMT}/apis/controlplane.cluster.x-k8s.io/v1beta2/kubeadmcontrolplanes`,
        () => HttpResponse.json(empty('KubeadmControlPlaneList')),
      ),
      http.get(`${MGMT}/apis/cluster.x-k8s.io/v1beta2/machinedeployments`, () =>
        HttpResponse.json(empty('MachineDeploymentList')),
      ),
      http.get(
        `${MGMT}/api/v1/namespaces/fleet-system/secrets/wc-1-kubeconfig`,
        ({ request }) => {
          secretReads.push(request.headers.get('authorization'));
          return HttpResponse.json({
            apiVersion: 'v1',
            kind: 'Secret',
            metadata: { name: 'wc-1-kubeconfig', namespace: 'fleet-system' },
            type: 'cluster.x-k8s.io/secret',
            data: { value: Buffer.from(kubeconfig).toString('base64') },
          });
        },
      ),
      http.get(`${WC}/readyz`, ({ request }) => {
        readyz.push(request.headers.get('authorization'));
        return new HttpResponse('ok');
      }),
    );
    const { inventory, knex } = await create({
      connectors: clients => [
        new ClusterApiConnector({
          management: { name: 'mgmt', url: MGMT, token: MGMT_TOKEN },
          client: clients.forControlPlane('cluster-api', 'mgmt')!,
          logger: mockServices.logger.mock(),
        }),
      ],
    });
    await inventory.refresh();
    expect(await inventory.getAccess('wc-1')).toEqual({
      kind: 'capi-kubeconfig',
      managementCluster: 'mgmt',
      namespace: 'fleet-system',
      secretName: 'wc-1-kubeconfig',
    });
    expect(await inventory.getCluster('wc-1')).toMatchObject({
      health: { status: 'healthy', via: 'readyz' },
      stale: false,
      region: 'us-east-1',
      provider: 'aws',
    });
    expect(secretReads).toEqual([`Bearer ${MGMT_TOKEN}`]);
    expect(readyz).toEqual(['Bearer wc-1-admin-token']);
    // Without its credentials, wc-2 keeps the health CAPI reports and says why.
    expect(await inventory.getCluster('wc-2')).toMatchObject({
      health: { status: 'healthy', via: 'cluster-api' },
      stale: false,
      lastError:
        'wc-2: cannot load credentials: cluster-api:mgmt: get secret fleet-system/wc-2-kubeconfig: secrets "wc-2-kubeconfig" is forbidden',
    });
    // Only the Secret's coordinates are stored.
    const rows = JSON.stringify(
      await knex.select().from('multi_cluster_snapshots'),
    );
    expect(rows).toContain('wc-1-kubeconfig');
    expect(rows).not.toMatch(/wc-1-admin-token|capi-mgmt-token/);
  });

  it('labels a cluster from the kubernetes config with what its Nodes show, over what the catalog declares', async () => {
    const API = 'https://staging-eu.example.com:6443';
    let nodesAnswer = true;
    const node = (name: string, zone: string) => ({
      ...workerA,
      metadata: {
        ...workerA.metadata,
        name,
        labels: {
          ...workerA.metadata.labels,
          'topology.kubernetes.io/region': 'eu-west-1',
          'topology.kubernetes.io/zone': zone,
        },
      },
    });
    server.use(
      http.get(`${API}/readyz`, () => new HttpResponse('ok')),
      http.get(`${API}/api/v1/nodes`, () =>
        nodesAnswer
          ? HttpResponse.json(
              nodeList([
                node('n-1', 'eu-west-1b'),
                node('n-2', 'eu-west-1a'),
                liqoVirtualNode,
              ]),
            )
          : HttpResponse.json(k8sStatus(503, 'ServiceUnavailable', 'busy'), {
              status: 503,
            }),
      ),
    );
    const stagingConfig = [
      { name: 'staging-eu', url: API, token: 'staging-eu-token' },
    ];
    const catalog = catalogEntity(
      'staging-eu',
      {
        'flotilla.io/region': 'eu-central-1',
        'flotilla.io/environment': 'staging',
      },
      { team: 'payments' },
    );
    const { inventory } = await create({
      configClusters: stagingConfig,
      connectors: () => [
        new ConfigClusterConnector(stagingConfig),
        staticSource('catalog', 'catalog', [catalog]),
      ],
    });
    const expected = {
      region: 'eu-west-1',
      zones: ['eu-west-1a', 'eu-west-1b'],
      provider: 'aws',
      environment: 'staging',
      health: { status: 'healthy', via: 'readyz' },
      labels: {
        'flotilla.io/region': 'eu-west-1',
        region: 'eu-west-1',
        'flotilla.io/zones': 'eu-west-1a,eu-west-1b',
        'flotilla.io/provider': 'aws',
        provider: 'aws',
        'flotilla.io/environment': 'staging',
        environment: 'staging',
        team: 'payments',
      },
    };
    await inventory.refresh();
    const cluster = (await inventory.getCluster('staging-eu'))!;
    expect(cluster).toMatchObject(expected);
    // The catalog's other region is a conflict to look at, not merged.
    expect(cluster.conflicts).toEqual([
      expect.objectContaining({ field: 'region' }),
    ]);
    expect(
      (
        await inventory.listClusters({
          region: ['eu-west-1'],
          provider: ['aws'],
          labels: { 'flotilla.io/region': 'eu-west-1' },
        })
      ).items.map(c => c.name),
    ).toEqual(['staging-eu']);

    // A refresh that cannot read the Nodes keeps what they showed last.
    nodesAnswer = false;
    await inventory.refresh();
    expect(await inventory.getCluster('staging-eu')).toMatchObject(expected);
  });
});
