/*
 * Benchmark: failover orchestration.
 *
 *  1. The wake path, per run with instant steps: on PostgreSQL a run is
 *     created on one backend replica and executed by another (two
 *     connection pools), which hears of it through LISTEN/NOTIFY; the
 *     creating replica hears it finished the same way. On SQLite (one
 *     process) both happen in-process. Workers poll only as the safety net
 *     (the default 30 s), so every run is found by the notice.
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
import { knex as createKnex, Knex } from 'knex';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { FailoverModule, WorkSignal } from '../src/failover';
import { defaultStepExecutors, StepExecutors } from '../src/failover/steps';
import { requireMeasured, runBench, sized } from '@flotilla/bench-kit';
import {
  dropPg,
  failoverOf,
  freshPg,
  instant,
  pct,
  replica,
  startFleet,
  TARGET,
  user,
} from './failoverReplicas';

const RUNS = Number(process.env.BENCH_RUNS ?? sized(50, 3));
const SERVICES = Number(process.env.BENCH_SERVICES ?? sized(100, 4));
/** The orchestration p50 to stay under, and what it was with polling. */
const TARGET_MS = 50;
const BEFORE_MS = 97;
/** The poll interval the figure before was measured with. */
const POLL_MS = 50;
const WAKE_DB = 'flotilla_failover_bench_wake';
const CONCURRENT_DB = 'flotilla_failover_bench_concurrent';

/** Waits for a run's `run-finished` notice; answers when it came. */
function finishLine(signal: WorkSignal) {
  const at = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  signal.subscribe(notice => {
    if (notice.kind !== 'run-finished' || !notice.runId) return;
    at.set(notice.runId, performance.now());
    waiting.get(notice.runId)?.();
  });
  return async (runId: string): Promise<number> => {
    if (!at.has(runId)) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no notice that run ${runId} finished`)),
          60_000,
        );
        waiting.set(runId, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return at.get(runId)!;
  };
}

async function statuses(m: FailoverModule, ids: string[]) {
  const rows: { status: string }[] = await m.store
    .db('multi_cluster_failover_runs')
    .whereIn('id', ids)
    .select('status');
  return rows.filter(r => r.status === 'succeeded').length;
}

/** How the executing replica learns of a run created on the other. */
type Wake = 'in-process' | 'notify' | 'poll';

const WAKE_LABELS: Record<Wake, string> = {
  'in-process': 'in-process, 1 replica',
  notify: 'LISTEN/NOTIFY, 2 replicas',
  poll: `not told: polls every ${POLL_MS} ms, 2 replicas`,
};

interface TimedRun {
  create: number;
  firstStep: number;
  total: number;
}

/** Creates one run per service on `creator`, one after the other, timed. */
async function timeRuns(
  creator: FailoverModule,
  services: string[],
  firstStep: Map<string, number>,
): Promise<{ runs: TimedRun[]; ids: string[] }> {
  const finished = finishLine(creator.signal);
  const runs: TimedRun[] = [];
  const ids: string[] = [];
  for (const [i, service] of services.entries()) {
    // Requests come when they come, not in step with a poller: a pause
    // spread evenly over one poll interval before each (untimed).
    await sleep(((i * 0.618034) % 1) * POLL_MS);
    const t0 = performance.now();
    const r: any = await creator.service.create(failoverOf(service), user);
    const create = performance.now() - t0;
    const done = await finished(r.run.id);
    ids.push(r.run.id);
    runs.push({
      create,
      firstStep: firstStep.get(r.run.id)! - t0,
      total: done - t0,
    });
  }
  return { runs, ids };
}

/**
 * Sequential runs with instant steps, created on the first replica and
 * executed by the second (or by the one replica when there is no second),
 * which hears of them by `wake`. The creating replica hears that they
 * finished through the signal in every case.
 */
async function wakePath(
  database: string,
  wake: Wake,
  knex: Knex,
  second?: Knex,
) {
  const services = Array.from({ length: RUNS }, (_, i) => `svc-${i}`);
  const fleet = await startFleet(services);
  const firstStep = new Map<string, number>();
  const executors: Partial<StepExecutors> = {
    ...instant,
    'precheck-source': async ctx => {
      firstStep.set(ctx.run.id, performance.now());
      return {};
    },
  };
  const creator = await replica(knex, fleet, services, 'bench-a', executors);
  const executor = second
    ? await replica(second, fleet, services, 'bench-b', executors, {
        // Polling as the worker did before it was told: 50 ms, as measured.
        ...(wake === 'poll' ? { pollIntervalMs: POLL_MS } : {}),
      })
    : creator;
  await creator.signal.start();
  if (wake === 'poll') {
    executor.worker.start(); // its signal never listens: it only polls
  } else {
    await executor.start();
  }
  let queries = 0;
  const counted = () => {
    queries++;
  };
  for (const pool of new Set([knex, second ?? knex])) pool.on('query', counted);
  const { runs, ids } = await timeRuns(creator, services, firstStep);
  const queriesPerRun = queries / RUNS;
  const succeeded = await statuses(creator, ids);
  await executor.stop();
  await creator.stop();
  await fleet.stop();
  requireMeasured(
    succeeded === RUNS,
    `${succeeded} of ${RUNS} runs succeeded on ${database} (${wake})`,
  );
  return figures(database, wake, runs, queriesPerRun);
}

function figures(
  database: string,
  wake: Wake,
  runs: TimedRun[],
  queriesPerRun: number,
) {
  const p = (f: (r: TimedRun) => number, share: number) =>
    +pct(
      runs.map(f).sort((a, b) => a - b),
      share,
    ).toFixed(1);
  const orchestration = (r: TimedRun) => r.total - r.create;
  return {
    database,
    wake: WAKE_LABELS[wake],
    runs: RUNS,
    'queries/run': Math.round(queriesPerRun),
    'create p50 ms': p(r => r.create, 0.5),
    'first step p50 ms': p(r => r.firstStep, 0.5),
    'orchestration p50 ms': p(orchestration, 0.5),
    'orchestration p95 ms': p(orchestration, 0.95),
    target: `< ${TARGET_MS} ms`,
    ratio: +(p(orchestration, 0.5) / TARGET_MS).toFixed(2),
  };
}

async function concurrent() {
  const knex = await freshPg(CONCURRENT_DB);
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
  const finished = finishLine(a.signal);
  await Promise.all([a.start(), b.start()]);
  const t0 = performance.now();
  // every request sent twice (once per replica): duplicates must get 409
  const results = await Promise.allSettled(
    services.flatMap(s =>
      [a, b].map(m => m.service.create(failoverOf(s), user)),
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
  await Promise.all(createdIds.map(finished));
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
  const rows = [await wakePath('sqlite (memory)', 'in-process', sqlite)];
  await sqlite.destroy();
  for (const wake of ['notify', 'poll'] as const) {
    const pg = await freshPg(WAKE_DB);
    const pg2 = createKnex((pg.client as any).config);
    rows.push(await wakePath('postgres 15', wake, pg, pg2));
    await pg2.destroy();
    await pg.destroy();
  }
  const [, told, polled] = rows;
  console.log(
    `\nOrchestration per run, instant steps (${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map(l => l.toFixed(1))
      .join(
        ' ',
      )}): from the create's answer to the creating replica hearing the run finished. Before, one replica polled every ${POLL_MS} ms and was kicked on create: p50 ${BEFORE_MS} ms. Told instead of polling: ${(
      polled['orchestration p50 ms'] / told['orchestration p50 ms']
    ).toFixed(1)}x faster (p50) and ${(
      polled['queries/run'] / told['queries/run']
    ).toFixed(1)}x fewer queries per run.`,
  );
  console.table(rows);
  console.log(
    `\n${SERVICES} concurrent failovers of distinct services, 2 replicas on one PostgreSQL, in-memory API servers over HTTPS`,
  );
  console.table([await concurrent()]);
  await dropPg([WAKE_DB, CONCURRENT_DB]);
}

runBench('failover', main);
