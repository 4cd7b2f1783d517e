/*
 * Benchmark: failover orchestration.
 *
 *  1. Overhead per run with instant steps (SQLite in memory and PostgreSQL):
 *     create → claim → 7 step transitions → finish, sequentially.
 *  2. 100 concurrent failovers of distinct services on PostgreSQL, executed
 *     by two workers (two backend replicas, two connection pools) with the
 *     real steps against a fleet of in-memory Kubernetes API servers over
 *     HTTPS on 127.0.0.1 (the tests' InMemoryFleet: Deployments with
 *     resourceVersions, ready replicas following spec at once): all
 *     complete, none duplicated, total time.
 *
 * Run from plugins/multi-cluster-backend (PostgreSQL on 127.0.0.1:5432):
 *   node --require @backstage/cli/config/nodeTransform.cjs bench/failover.bench.ts
 * Env: BENCH_PG (connection string), BENCH_RUNS (default 50), BENCH_SERVICES (100).
 */
/* eslint-disable no-console */
import { ConfigReader } from '@backstage/config';
import { Entity } from '@backstage/catalog-model';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { knex as createKnex, Knex } from 'knex';
import {
  readMultiClusterConfig,
  ClusterClientFactory,
} from '@flotilla/plugin-multi-cluster-node';
import { MultiClusterStore } from '../src/database/MultiClusterStore';
import { FleetInventory } from '../src/inventory/FleetInventory';
import { EntityPlacementService } from '../src/placement/EntityPlacementService';
import { WorkloadService } from '../src/workloads/WorkloadService';
import { createFailoverModule } from '../src/failover';
import { defaultStepExecutors, StepExecutors } from '../src/failover/steps';
import { InMemoryFleet } from '../src/__testUtils__/InMemoryFleet';
import { requireMeasured, runBench, sized } from '@flotilla/bench-kit';
import { getVoidLogger } from './voidLogger';

const PG = process.env.BENCH_PG ?? 'postgresql://postgres@127.0.0.1:5432';
const RUNS = Number(process.env.BENCH_RUNS ?? sized(50, 3));
const SERVICES = Number(process.env.BENCH_SERVICES ?? sized(100, 4));
const logger = getVoidLogger();
const SOURCE = 'eu-west';
const TARGET = 'us-east';
const user = {
  $$type: '@backstage/BackstageCredentials',
  principal: { type: 'user', userEntityRef: 'user:default/owner' },
} as any;

function entity(name: string): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: {
      name,
      namespace: 'default',
      annotations: {
        'backstage.io/kubernetes-id': name,
        'backstage.io/kubernetes-namespace': 'shop',
      },
    },
    spec: { type: 'service', owner: 'user:default/owner', lifecycle: 'x' },
  };
}

/** Two clusters, each service a Deployment in `shop`: 2 replicas on the source, 0 on the target. */
function startFleet(services: string[]): Promise<InMemoryFleet> {
  return InMemoryFleet.start({
    clusters: [
      { name: SOURCE, region: 'eu-west-1', provider: 'aws' },
      { name: TARGET, region: 'us-east-1', provider: 'gcp' },
    ].map(c => ({
      ...c,
      capacity: { cpu: '100000', memory: '100000Gi', pods: '100000' },
    })),
    workloads: services.map(s => ({
      kubernetesId: s,
      namespace: 'shop',
      replicas: { [SOURCE]: 2, [TARGET]: 0 },
    })),
  });
}

async function replica(
  knex: Knex,
  fleet: InMemoryFleet,
  services: string[],
  id: string,
  executors?: Partial<StepExecutors>,
) {
  const root = new ConfigReader({
    multiCluster: {
      catalog: { enabled: false },
      // 200 concurrent runs share 2 cores with the API servers: a request
      // timeout there would be the machine, not the orchestration.
      timeouts: { clusterRequest: 30_000 },
    },
  });
  const config = readMultiClusterConfig(root);
  const store = await MultiClusterStore.create({
    database: { getClient: async () => knex } as any,
  });
  const clients = new ClusterClientFactory({
    ...config,
    configClusters: fleet.configClusters,
  });
  const inventory = new FleetInventory({
    connectors: [fleet],
    store,
    clients,
    logger,
    healthTimeoutMs: 1000,
    connectorTimeoutMs: 5000,
    concurrency: 20,
  });
  await inventory.refresh();
  const workloads = new WorkloadService({ inventory, clients });
  const catalog = catalogServiceMock({ entities: services.map(entity) });
  const placement = new EntityPlacementService({
    catalog,
    inventory,
    workloads,
    karmada: [],
    concurrency: 20,
    clusterTimeoutMs: config.clusterTimeoutMs,
    logger,
  });
  const event = { success: async () => {}, fail: async () => {} };
  return createFailoverModule({
    config: root as any,
    logger,
    database: { getClient: async () => knex } as any,
    permissions: {
      authorize: async (reqs: any[]) =>
        reqs.map(() => ({ result: AuthorizeResult.ALLOW })),
      authorizeConditional: async () => [],
    } as any,
    auditor: { createEvent: async () => event } as any,
    catalog,
    services: { inventory, workloads, placement, karmada: [], store, clients },
    executors,
    workerId: id,
    overrides: {
      pollIntervalMs: 50,
      leaseMs: 10_000,
      concurrency: 50,
      stepPollIntervalMs: 10,
      retryBackoffMs: 10,
    },
  });
}

async function freshPg(name: string): Promise<Knex> {
  const admin = createKnex({ client: 'pg', connection: PG });
  await admin.raw(`DROP DATABASE IF EXISTS ${name}`);
  await admin.raw(`CREATE DATABASE ${name}`);
  await admin.destroy();
  const url = new URL(PG);
  url.pathname = `/${name}`;
  return createKnex({
    client: 'pg',
    connection: url.toString(),
    pool: { min: 0, max: 10 },
  });
}

const instant: Partial<StepExecutors> = Object.fromEntries(
  Object.keys(defaultStepExecutors).map(k => [k, async () => ({})]),
);

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

async function waitDone(m: any, ids: string[], timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await m.store
      .db('multi_cluster_failover_runs')
      .whereIn('id', ids)
      .select('id', 'status');
    if (rows.every((r: any) => r.status === 'succeeded')) return;
    if (rows.some((r: any) => ['failed', 'cancelled'].includes(r.status))) {
      throw new Error(
        `runs failed: ${JSON.stringify(
          rows.filter((r: any) => r.status !== 'succeeded').slice(0, 3),
        )}`,
      );
    }
    if (Date.now() > deadline) throw new Error('timeout');
    await new Promise(r => setTimeout(r, 5));
  }
}

async function overhead(db: string, knex: Knex) {
  const services = Array.from({ length: RUNS }, (_, i) => `svc-${i}`);
  const fleet = await startFleet(services);
  const m = await replica(knex, fleet, services, 'bench-a', instant);
  m.worker.start();
  const createMs: number[] = [];
  const totalMs: number[] = [];
  for (const s of services) {
    const t0 = performance.now();
    const r: any = await m.service.create(
      {
        entityRef: `component:default/${s}`,
        from: SOURCE,
        to: TARGET,
        reason: 'bench',
        force: true,
      },
      user,
    );
    createMs.push(performance.now() - t0);
    await waitDone(m, [r.run.id]);
    totalMs.push(performance.now() - t0);
  }
  await m.stop();
  await fleet.stop();
  const c = [...createMs].sort((a, b) => a - b);
  const t = [...totalMs].sort((a, b) => a - b);
  const f = (n: number) => +n.toFixed(1);
  return {
    database: db,
    runs: RUNS,
    'create p50 ms': f(pct(c, 0.5)),
    'create p95 ms': f(pct(c, 0.95)),
    'run p50 ms': f(pct(t, 0.5)),
    'run p95 ms': f(pct(t, 0.95)),
    'orchestration p50 ms': f(pct(t, 0.5) - pct(c, 0.5)),
  };
}

async function concurrent() {
  const knex = await freshPg('flotilla_failover_bench_concurrent');
  const knex2 = createKnex((knex.client as any).config);
  const services = Array.from({ length: SERVICES }, (_, i) => `svc-${i}`);
  const calls = new Map<string, number>();
  const counting = Object.fromEntries(
    Object.entries(defaultStepExecutors).map(([k, exec]) => [
      k,
      async (ctx: any) => {
        const key = `${ctx.run.id}/${k}`;
        calls.set(key, (calls.get(key) ?? 0) + 1);
        return exec(ctx);
      },
    ]),
  ) as Partial<StepExecutors>;
  // two backend replicas see one fleet
  const fleet = await startFleet(services);
  const a = await replica(knex, fleet, services, 'replica-a', counting);
  const b = await replica(knex2, fleet, services, 'replica-b', counting);
  a.worker.start();
  b.worker.start();
  const t0 = performance.now();
  // every request sent twice (once per replica): duplicates must get 409
  const results = await Promise.allSettled(
    services.flatMap(s =>
      [a, b].map(m =>
        m.service.create(
          {
            entityRef: `component:default/${s}`,
            from: SOURCE,
            to: TARGET,
            reason: 'bench',
            force: true,
          },
          user,
        ),
      ),
    ),
  );
  const createdIds = results
    .filter(r => r.status === 'fulfilled' && (r.value as any).created)
    .map(r => (r as any).value.run.id);
  const rejected = results.filter(
    (r): r is PromiseRejectedResult => r.status === 'rejected',
  );
  // a duplicate is a 409; anything else (e.g. a placement read that failed)
  // is counted apart, not as a duplicate
  const duplicates = rejected.filter(r => r.reason?.name === 'ConflictError');
  const otherRejections = rejected.length - duplicates.length;
  if (otherRejections > 0) {
    console.error(
      'rejected other than 409:',
      rejected
        .filter(r => r.reason?.name !== 'ConflictError')
        .slice(0, 3)
        .map(r => String(r.reason)),
    );
  }
  const accepted = performance.now() - t0;
  await waitDone(a, createdIds);
  const total = performance.now() - t0;
  const rows = await knex('multi_cluster_failover_runs').select(
    'claims',
    'lease_owner',
    'status',
  );
  const duplicatedSteps = [...calls.values()].filter(n => n > 1).length;
  // what the target cluster's API server holds after the runs
  const moved = services.map(s => fleet.replicas(TARGET, s));
  await Promise.all([a.stop(), b.stop()]);
  await fleet.stop();
  const succeeded = rows.filter((r: any) => r.status === 'succeeded').length;
  requireMeasured(
    createdIds.length === SERVICES && succeeded === SERVICES,
    `${createdIds.length} of ${SERVICES} failovers were created and ${succeeded} succeeded`,
  );
  const claimsTotal = rows.reduce(
    (s: number, r: any) => s + Number(r.claims),
    0,
  );
  await knex2.destroy();
  await knex.destroy();
  return {
    services: SERVICES,
    requests: results.length,
    'runs created': createdIds.length,
    '409 duplicates': duplicates.length,
    'other rejections': otherRejections,
    succeeded,
    'claims (1/run)': claimsTotal,
    'steps executed': calls.size,
    'steps executed twice': duplicatedSteps,
    'targets at 2 replicas': moved.filter(n => n === 2).length,
    'all accepted ms': Math.round(accepted),
    'total ms': Math.round(total),
    'runs/s': +(SERVICES / (total / 1000)).toFixed(1),
  };
}

async function main() {
  console.log(
    `Failover bench: ${RUNS} sequential runs with instant steps, ${SERVICES} concurrent failovers`,
  );
  const sqlite = createKnex({
    client: 'better-sqlite3',
    connection: ':memory:',
    useNullAsDefault: true,
  });
  const rows = [await overhead('sqlite (memory)', sqlite)];
  await sqlite.destroy();
  const pg = await freshPg('flotilla_failover_bench_overhead');
  rows.push(await overhead('postgres 15', pg));
  await pg.destroy();
  console.log(
    '\nOrchestration overhead per run (instant steps, one worker, poll 50ms + kick on create)',
  );
  console.table(rows);
  console.log(
    `\n${SERVICES} concurrent failovers of distinct services, 2 replicas on one PostgreSQL, in-memory API servers over HTTPS`,
  );
  console.table([await concurrent()]);
  const admin = createKnex({ client: 'pg', connection: PG });
  for (const name of [
    'flotilla_failover_bench_overhead',
    'flotilla_failover_bench_concurrent',
  ]) {
    await admin.raw(`DROP DATABASE IF EXISTS ${name}`);
  }
  await admin.destroy();
}

runBench('failover', main);
