/*
 * Benchmark: a region failover storm.
 *
 * 500 services over 200 clusters (20 regions of 10) lose region r0: every
 * service runs replicas on one or two of its clusters, and the survivors
 * have some room (48 cores each, 30 to 39 taken; three of 1,000
 * cores). One region failover
 * plans them with the what-if planner and executes them with the real
 * storm orchestrator and the real failover worker on PostgreSQL: runs,
 * steps, leases, child admission under the caps N (maxConcurrentRuns) and
 * M (maxRunsPerTargetCluster), re-planning as children end. What plays the
 * clusters is an in-memory fleet model (bench/stormFleetModel.ts; the
 * fleet simulator drives real API servers only): the inventory, the
 * placement reader and the what-if inputs read it, and the shift step
 * applies each run's moves to it after a short wait, counting how many
 * shifts run at once and whether a cluster ever holds more than it can.
 *
 * Run from plugins/multi-cluster-backend (PostgreSQL on 127.0.0.1:5432):
 *   node --require @backstage/cli/config/nodeTransform.cjs bench/storm.bench.ts
 * Env: BENCH_PG (connection string), BENCH_SERVICES (500), BENCH_REGIONS (20).
 */
/* eslint-disable no-console */
import { ConfigReader } from '@backstage/config';
import { mockCredentials } from '@backstage/backend-test-utils';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  isSmokeRun,
  median,
  printTable,
  requireMeasured,
  runBench,
  sized,
} from '@flotilla/bench-kit';
import { planWhatIf } from '@flotilla/plugin-multi-cluster-common';
import { knex as createKnex, Knex } from 'knex';
import { MultiClusterStore } from '../src/database/MultiClusterStore';
import { createFailoverModule } from '../src/failover';
import { StepExecutor, StepExecutors } from '../src/failover/steps';
import { createStormModule } from '../src/storm';
import { Storm } from '../src/storm/types';
import { buildModel, FleetModel } from './stormFleetModel';
import { getVoidLogger } from './voidLogger';

const PG = process.env.BENCH_PG ?? 'postgresql://postgres@127.0.0.1:5432';
const SERVICES = Number(process.env.BENCH_SERVICES ?? sized(500, 20));
const REGIONS = Number(process.env.BENCH_REGIONS ?? sized(20, 2));
const PER_REGION = 10;
const LIMITS = { maxConcurrentRuns: 10, maxRunsPerTargetCluster: 3 };
/** How long a shift takes in the model. */
const SHIFT_MS = 200;
const DB = 'flotilla_storm_bench';
const logger = getVoidLogger();
const platform = mockCredentials.user('user:default/platform-admin');
/** How long each call of the what-if planner took (the dry run's first). */
const plans: number[] = [];

async function freshPg(): Promise<Knex> {
  const admin = createKnex({ client: 'pg', connection: PG });
  await admin.raw(`DROP DATABASE IF EXISTS ${DB}`);
  await admin.raw(`CREATE DATABASE ${DB}`);
  await admin.destroy();
  const url = new URL(PG);
  url.pathname = `/${DB}`;
  return createKnex({
    client: 'pg',
    connection: url.toString(),
    pool: { min: 0, max: 20 },
  });
}

/** Every step instant but the shift, which moves the model's replicas. */
function executors(model: FleetModel): StepExecutors {
  const instant: StepExecutor = async () => ({});
  return {
    'precheck-source': instant,
    'precheck-target': instant,
    'gitops-pause': instant,
    'state-restore': instant,
    'shift-replicas': async ctx => {
      const moves = ctx.run.plan.moves;
      model.enter(moves);
      await new Promise(resolve => setTimeout(resolve, SHIFT_MS));
      model.apply(ctx.run.context.kubernetesId!, moves);
      return { output: { moves } };
    },
    'gitops-sync': instant,
    'traffic-shift': instant,
    verify: instant,
    'gitops-resume': instant,
    notify: instant,
  };
}

async function modules(knex: Knex, model: FleetModel) {
  const allow = async (reqs: unknown[]) =>
    reqs.map(() => ({ result: AuthorizeResult.ALLOW }));
  const event = { success: async () => {}, fail: async () => {} };
  const auditor = { createEvent: async () => event };
  const store = await MultiClusterStore.create({
    database: { getClient: async () => knex } as any,
  });
  const inventory = {
    getClusters: async () => model.fleetClusters(),
    getCluster: async (name: string) =>
      model.fleetClusters().find(c => c.name === name),
  } as any;
  const failover = await createFailoverModule({
    config: new ConfigReader({}) as any,
    logger,
    database: { getClient: async () => knex } as any,
    permissions: { authorize: allow, authorizeConditional: allow } as any,
    auditor: auditor as any,
    catalog: catalogServiceMock({
      entities: model.services.map(s => model.entity(s)),
    }),
    services: {
      inventory,
      workloads: {} as any,
      placement: {
        getPlacement: async (ref: { name: string }) =>
          model.placement(ref.name),
      },
      karmada: [],
      store,
    },
    executors: executors(model),
    overrides: {
      pollIntervalMs: 50,
      leaseMs: 10_000,
      concurrency: LIMITS.maxConcurrentRuns,
      stepPollIntervalMs: 10,
      retryBackoffMs: 10,
    },
  });
  const storms = createStormModule({
    config: new ConfigReader({}),
    logger,
    auditor: auditor as any,
    auth: { getOwnServiceCredentials: async () => mockCredentials.service() },
    failover,
    services: {
      inventory,
      store,
      permissions: {
        authorizeBasic: async () => {},
        clusterFilter: async () => () => true,
      },
    },
    whatIfInputs: {
      read: async () => ({
        fleet: model.profiles(),
        services: model.whatIfServices(),
      }),
    },
    overrides: {
      limits: LIMITS,
      leaseMs: 10_000,
      pollIntervalMs: 100,
      planner: request => {
        const t0 = performance.now();
        try {
          return planWhatIf(request);
        } finally {
          plans.push(performance.now() - t0);
        }
      },
    },
  });
  return { failover, storms };
}

async function main() {
  const model = buildModel({
    regions: REGIONS,
    perRegion: PER_REGION,
    services: SERVICES,
  });
  const knex = await freshPg();
  const { failover, storms } = await modules(knex, model);
  await failover.start();
  await storms.start();
  const request = { regions: ['r0'], reason: 'bench: r0 is dark' };
  try {
    const t0 = performance.now();
    const dry = await storms.service.start(
      { ...request, dryRun: true },
      platform,
    );
    const planMs = performance.now() - t0;
    requireMeasured(dry.dryRun, 'the dry run answered no plan');
    const t1 = performance.now();
    const started = await storms.service.start(request, platform);
    requireMeasured(!started.dryRun, 'the region failover was not created');
    const createMs = performance.now() - t1;
    let storm = started.storm;
    while (['running', 'paused'].includes(storm.status)) {
      await new Promise(resolve => setTimeout(resolve, 50));
      storm = (await storms.store.records.get(storm.id))!;
    }
    const totalMs = performance.now() - t1;
    // How long a child's run held its slot, from its start to its end.
    const runs: { started_at: string; finished_at: string }[] = await knex(
      'multi_cluster_failover_runs',
    ).select('started_at', 'finished_at');
    const runMs = median(
      runs.map(r => Date.parse(r.finished_at) - Date.parse(r.started_at)),
    );
    report(model, dry.plan.summary, storm, {
      planMs,
      createMs,
      totalMs,
      runMs,
    });
  } finally {
    await storms.stop();
    await failover.stop();
    await knex.destroy();
    const admin = createKnex({ client: 'pg', connection: PG });
    await admin.raw(`DROP DATABASE IF EXISTS ${DB}`);
    await admin.destroy();
  }
}

function report(
  model: FleetModel,
  summary: {
    affected: number;
    moved: number;
    partial: number;
    unplaceable: number;
  },
  storm: Storm,
  times: { planMs: number; createMs: number; totalMs: number; runMs: number },
) {
  const count = (status: string) =>
    storm.children.filter(c => c.status === status).length;
  const succeeded = count('succeeded');
  requireMeasured(
    succeeded > 0 && count('failed') === 0,
    `${succeeded} children succeeded, ${count('failed')} failed`,
  );
  requireMeasured(
    model.overcommitted.size === 0,
    `overcommitted clusters: ${[...model.overcommitted].join(', ')}`,
  );
  const clusters = model.clusters.length;
  console.log(
    `\nRegion failover storm: ${SERVICES} services over ${clusters} clusters (in-memory fleet model plays the clusters; real orchestrator, failover worker and PostgreSQL 15; shift ${SHIFT_MS} ms)${
      isSmokeRun() ? ' [smoke]' : ''
    }`,
  );
  console.log(
    `plan: ${summary.affected} affected, ${summary.moved} moved, ${
      summary.partial
    } partial, ${summary.unplaceable} unplaceable; children ${
      storm.children.length
    }: ${succeeded} succeeded, ${count('skipped')} skipped; storm ${
      storm.status
    }`,
  );
  const row = (
    name: string,
    value: number,
    limit: number | undefined,
    unit = '',
  ) => [
    name,
    `${Math.round(value)}${unit}`,
    limit === undefined ? '' : `${limit}${unit}`,
    limit ? (value / limit).toFixed(2) : '',
  ];
  printTable(
    ['measure', 'value', 'limit', 'ratio'],
    [
      row('plan (dry run) ms', times.planMs, undefined),
      row('create ms', times.createMs, undefined),
      row('run p50 ms (start to end)', times.runMs, undefined),
      // The least a storm can take: its children, N at a time, each as
      // long as a run takes.
      row(
        'total ms (vs children x run p50 / N)',
        times.totalMs,
        Math.round(
          (storm.children.length * times.runMs) / LIMITS.maxConcurrentRuns,
        ),
      ),
      row(
        'children/s',
        (storm.children.length * 1000) / times.totalMs,
        undefined,
      ),
      row('re-plans', plans.length - 2, undefined),
      row('re-plan p50 ms', median(plans.slice(2)), undefined),
      row(
        'max running at once (N)',
        model.maxInFlight,
        LIMITS.maxConcurrentRuns,
      ),
      row(
        'max onto one cluster (M)',
        model.maxOntoOneCluster,
        LIMITS.maxRunsPerTargetCluster,
      ),
      row('overcommitted clusters', model.overcommitted.size, 0),
    ],
  );
}

runBench('storm', main);
