/*
 * Benchmark: entity placement across 200 clusters served by real local HTTP
 * servers (2 slow, 1 refusing connections), and inventory memory with a
 * 10,000-cluster fleet.
 *
 * Run from plugins/multi-cluster-backend:
 *   node --expose-gc --require @backstage/cli/config/nodeTransform.cjs bench/placement.bench.ts
 * BENCH_CLUSTERS and BENCH_FLEET set the sizes; --smoke runs 10 clusters,
 * one timeout, and a 100-cluster fleet.
 */
/* eslint-disable no-console */
import http from 'node:http';
import { AddressInfo } from 'node:net';
import { requireMeasured, runBench, sized } from '@flotilla/bench-kit';
import { getVoidLogger } from './voidLogger';
import {
  ClusterClientFactory,
  ClusterAccess,
  ClusterRecord,
  FleetCluster,
  FleetConnector,
} from '@flotilla/plugin-multi-cluster-node';
import { WorkloadService } from '../src/workloads/WorkloadService';
import { EntityPlacementService } from '../src/placement/EntityPlacementService';
import {
  FleetInventory,
  FleetInventoryService,
} from '../src/inventory/FleetInventory';
import { MultiClusterStore } from '../src/database/MultiClusterStore';

const CLUSTERS = Number(process.env.BENCH_CLUSTERS ?? sized(200, 10));
const SLOW = 2;
const SLOW_DELAY_MS = 2000;
const FLEET_SIZE = Number(process.env.BENCH_FLEET ?? sized(10_000, 100));
const TOKEN = 'bench-token';

const logger = getVoidLogger();

function deploymentList(cluster: string, replicas: number) {
  return JSON.stringify({
    apiVersion: 'apps/v1',
    kind: 'DeploymentList',
    metadata: { resourceVersion: '1' },
    items: [
      {
        metadata: {
          name: 'checkout',
          namespace: 'shop',
          labels: { 'backstage.io/kubernetes-id': 'checkout', cluster },
        },
        spec: { replicas },
        status: {
          replicas,
          readyReplicas: replicas,
          availableReplicas: replicas,
        },
      },
    ],
  });
}

const emptyStatefulSets = JSON.stringify({
  apiVersion: 'apps/v1',
  kind: 'StatefulSetList',
  metadata: {},
  items: [],
});

async function startServers() {
  const servers: http.Server[] = [];
  const endpoints: {
    name: string;
    url: string;
    slow: boolean;
    refused: boolean;
  }[] = [];
  for (let i = 0; i < CLUSTERS; i++) {
    const name = `bench-${String(i).padStart(3, '0')}`;
    const slow = i < SLOW;
    const refused = i === SLOW;
    const server = http.createServer((req, res) => {
      if (req.headers.authorization !== `Bearer ${TOKEN}`) {
        res.writeHead(401).end();
        return;
      }
      const url = new URL(req.url!, 'http://x');
      const send = () => {
        if (url.pathname === '/apis/apps/v1/namespaces/shop/deployments') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(deploymentList(name, 2));
        } else if (
          url.pathname === '/apis/apps/v1/namespaces/shop/statefulsets'
        ) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(emptyStatefulSets);
        } else if (url.pathname === '/readyz') {
          res.writeHead(200).end('ok');
        } else {
          res.writeHead(404).end();
        }
      };
      if (slow) {
        setTimeout(send, SLOW_DELAY_MS);
      } else {
        send();
      }
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    if (refused) {
      // keep the port but refuse connections
      await new Promise(resolve => server.close(resolve));
    } else {
      servers.push(server);
    }
    endpoints.push({ name, url: `http://127.0.0.1:${port}`, slow, refused });
  }
  return { servers, endpoints };
}

function fleetCluster(name: string): FleetCluster {
  return {
    name,
    source: 'config',
    sources: [{ type: 'config', id: 'config' }],
    labels: {},
    capacity: {},
    health: { status: 'healthy', via: 'readyz' },
    stale: false,
    refreshedAt: new Date().toISOString(),
  };
}

async function placementRun(
  endpoints: Awaited<ReturnType<typeof startServers>>['endpoints'],
  clusterTimeoutMs: number,
  concurrency: number,
) {
  const accesses = new Map<string, ClusterAccess>(
    endpoints.map(e => [
      e.name,
      {
        kind: 'direct',
        url: e.url,
        skipTLSVerify: true,
        credentialRef: `config:${e.name}`,
      },
    ]),
  );
  const clusters = endpoints.map(e => fleetCluster(e.name));
  const inventory: FleetInventoryService = {
    getClusters: async () => clusters,
    getCluster: async n => clusters.find(c => c.name === n),
    getAccess: async n => accesses.get(n),
    listClusters: async () => ({
      items: clusters,
      totalCount: clusters.length,
    }),
    refresh: async () => ({} as any),
  };
  const clients = new ClusterClientFactory({
    // The bench's servers speak plain HTTP, which the Kubernetes client
    // only accepts without TLS verification.
    configClusters: endpoints.map(e => ({
      name: e.name,
      url: e.url,
      token: TOKEN,
      skipTLSVerify: true,
    })),
    karmada: [],
    clusterApi: [],
    catalog: { enabled: false },
    clusterTimeoutMs,
  });
  const entity = {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: {
      name: 'checkout',
      namespace: 'default',
      annotations: {
        'backstage.io/kubernetes-id': 'checkout',
        'backstage.io/kubernetes-namespace': 'shop',
      },
    },
    spec: {},
  };
  const service = new EntityPlacementService({
    catalog: { getEntityByRef: async () => entity } as any,
    inventory,
    workloads: new WorkloadService({ inventory, clients }),
    karmada: [],
    concurrency,
    clusterTimeoutMs,
    logger,
  });
  const started = process.hrtime.bigint();
  const result = await service.getPlacement(
    { kind: 'component', namespace: 'default', name: 'checkout' },
    {
      $$type: '@backstage/BackstageCredentials',
      principal: { type: 'user', userEntityRef: 'user:default/bench' },
    } as any,
  );
  const totalMs = Number(process.hrtime.bigint() - started) / 1e6;
  const timedOut = result.errors.filter(e => e.timeout).length;
  const failed = result.errors.filter(e => !e.timeout).length;
  assertMeasured(result, endpoints.length, clusterTimeoutMs);
  const slowest = Math.max(...result.actual.clusters.map(c => c.latencyMs));
  // when slow clusters are cut, the best possible response is the timeout
  const bound = timedOut > 0 ? Math.max(slowest, clusterTimeoutMs) : slowest;
  return {
    'per-cluster timeout (ms)': clusterTimeoutMs,
    concurrency,
    'clusters ok': result.actual.clusters.length,
    'timed out': timedOut,
    'failed (refused)': failed,
    'total (ms)': Math.round(totalMs),
    'slowest healthy (ms)': slowest,
    'ratio total/slowest healthy': +(totalMs / slowest).toFixed(2),
    'ratio total/max(slowest,timeout)': +(totalMs / bound).toFixed(2),
  };
}

/**
 * Fails the bench unless the case it measures happened: every fast cluster
 * answered, the one refusing connections failed, and the slow ones answered
 * or timed out. A table of refusals (a setup that reached no server) is not
 * a measurement.
 */
function assertMeasured(
  result: { actual: { clusters: unknown[] }; errors: { message: string }[] },
  endpoints: number,
  clusterTimeoutMs: number,
) {
  const fast = endpoints - SLOW - 1;
  const slowAnswer = clusterTimeoutMs > SLOW_DELAY_MS ? SLOW : 0;
  requireMeasured(
    result.actual.clusters.length === fast + slowAnswer,
    `${result.actual.clusters.length} of ${
      fast + slowAnswer
    } clusters answered; first error: ${result.errors[0]?.message ?? 'none'}`,
  );
}

/**
 * A large Cluster API fleet as its connector reports it: each cluster with
 * its lifecycle, its CAPI health and its kubeconfig Secret as access. The
 * management cluster is not configured in the bench's client factory, so
 * the inventory cannot reach any of them (no network call): it keeps the
 * source's health and measures listing, merging, storing and serving.
 */
class SyntheticConnector implements FleetConnector {
  readonly id = 'cluster-api:mgmt';
  readonly type = 'cluster-api' as const;
  constructor(private readonly size: number) {}
  async listClusters(): Promise<ClusterRecord[]> {
    const regions = [
      'eu-west-1',
      'eu-central-1',
      'us-east-1',
      'us-west-2',
      'ap-south-1',
    ];
    return Array.from({ length: this.size }, (_, i) => ({
      name: `fleet-${String(i).padStart(5, '0')}`,
      source: 'cluster-api' as const,
      sourceId: this.id,
      access: {
        kind: 'capi-kubeconfig' as const,
        managementCluster: 'mgmt',
        namespace: 'fleet',
        secretName: `fleet-${i}-kubeconfig`,
      },
      health: { source: 'cluster-api' as const, status: 'healthy' as const },
      fields: {
        region: regions[i % regions.length],
        provider: i % 2 ? 'aws' : 'gcp',
        environment: i % 3 ? 'prod' : 'staging',
        zones: ['a', 'b', 'c'],
        labels: {
          environment: i % 3 ? 'prod' : 'staging',
          tenant: `t${i % 50}`,
        },
        capacity: {
          allocatable: { cpu: '64', memory: '256Gi', pods: '1100' },
          allocated: { cpu: String(i % 64), memory: '64Gi', pods: '200' },
        },
        lifecycle: {
          managementCluster: 'mgmt',
          namespace: 'fleet',
          name: `fleet-${i}`,
          apiVersion: 'cluster.x-k8s.io/v1beta2',
          version: 'v1.31.4',
          machineDeployments: [
            { name: 'md-0', namespace: 'fleet', replicas: 3, readyReplicas: 3 },
          ],
        },
      },
    }));
  }
}

function mem() {
  (global as any).gc?.();
  const m = process.memoryUsage();
  return { heapUsed: m.heapUsed, rss: m.rss };
}

const mb = (n: number) => +(n / 1024 / 1024).toFixed(1);

async function memoryRun() {
  // eslint-disable-next-line @backstage/no-undeclared-imports
  const knexFactory = (await import('knex')).default;
  const knex = knexFactory({
    client: 'better-sqlite3',
    connection: ':memory:',
    useNullAsDefault: true,
  });
  const store = await MultiClusterStore.create({
    database: { getClient: async () => knex },
  });
  const before = mem();
  const inventory = new FleetInventory({
    connectors: [new SyntheticConnector(FLEET_SIZE)],
    store,
    clients: new ClusterClientFactory({
      configClusters: [],
      karmada: [],
      clusterApi: [],
      catalog: { enabled: false },
      clusterTimeoutMs: 1000,
    }),
    logger,
    healthTimeoutMs: 1000,
    connectorTimeoutMs: 60_000,
    concurrency: 20,
    cacheTtlMs: 60_000,
  });
  const t0 = Date.now();
  await inventory.refresh();
  const refreshMs = Date.now() - t0;
  const after = mem();
  const t1 = Date.now();
  const page = await inventory.listClusters(
    { labels: { environment: 'prod' }, region: ['eu-west-1'] },
    { limit: 50, offset: 100 },
  );
  const listMs = Date.now() - t1;
  // a second replica (cold cache) reads all snapshots from the DB
  const cold = new FleetInventory({
    connectors: [],
    store,
    clients: new ClusterClientFactory({
      configClusters: [],
      karmada: [],
      clusterApi: [],
      catalog: { enabled: false },
      clusterTimeoutMs: 1000,
    }),
    logger,
    healthTimeoutMs: 1000,
    connectorTimeoutMs: 1000,
    concurrency: 1,
  });
  const t2 = Date.now();
  const loaded = await cold.getClusters();
  const coldMs = Date.now() - t2;
  requireMeasured(
    page.totalCount > 0 && loaded.length === FLEET_SIZE,
    `the inventory kept ${loaded.length} of ${FLEET_SIZE} clusters (filtered page: ${page.totalCount})`,
  );
  await knex.destroy();
  return {
    clusters: FLEET_SIZE,
    'refresh (ms)': refreshMs,
    'heapUsed delta (MB)': mb(after.heapUsed - before.heapUsed),
    'RSS delta (MB)': mb(after.rss - before.rss),
    'heapUsed total (MB)': mb(after.heapUsed),
    'RSS total (MB)': mb(after.rss),
    'filtered page (ms)': listMs,
    'page totalCount': page.totalCount,
    'cold load from DB (ms)': coldMs,
  };
}

async function main() {
  if (!(global as any).gc) {
    console.warn('run with --expose-gc for stable memory figures');
  }
  const { servers, endpoints } = await startServers();
  console.log(
    `\nEntity placement across ${CLUSTERS} clusters on 127.0.0.1 (${SLOW} slow = ${SLOW_DELAY_MS} ms, 1 refusing connections)`,
  );
  // warm-up (JIT, module init)
  await placementRun(endpoints, 500, 20);
  const rows = [];
  const settings = [
    [3000, 20],
    [500, 20],
    [3000, 50],
    [500, 50],
  ];
  for (const [timeout, concurrency] of sized(settings, settings.slice(0, 1))) {
    rows.push(await placementRun(endpoints, timeout, concurrency));
  }
  console.table(rows);
  await Promise.all(servers.map(s => new Promise(r => s.close(r))));

  console.log(
    `\nInventory with a ${FLEET_SIZE}-cluster fleet (SQLite in memory)`,
  );
  console.table([await memoryRun()]);
}

runBench('placement', main);
