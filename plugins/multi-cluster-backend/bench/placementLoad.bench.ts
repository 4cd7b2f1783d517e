/*
 * Benchmark: /health latency while a burst of the heaviest valid simulations
 * (4,950 clusters in 900 regions, a region and cluster spread) runs, with
 * the scheduler on the event loop and in the worker pool.
 *
 * Run from plugins/multi-cluster-backend:
 *   node --require @backstage/cli/config/nodeTransform.cjs bench/placementLoad.bench.ts
 */
/* eslint-disable no-console */
import http from 'node:http';
import { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  inProcessCompute,
  PlacementCompute,
  PlacementWorkerPool,
} from '../src/placement/compute/PlacementWorkerPool';
import { heaviestSimulation } from '../src/hostile/__testUtils__/heaviestSimulation';
import { statusOf } from '../src/service/errorResponder';
import { requireMeasured, runBench, sized } from '@flotilla/bench-kit';
import { getVoidLogger } from './voidLogger';

const BURST = Number(process.env.BENCH_BURST ?? sized(8, 2));

/** A server with /health and /simulate (the scheduler through `compute`). */
async function serve(compute: PlacementCompute): Promise<http.Server> {
  const request = heaviestSimulation();
  const server = http.createServer((req, res) => {
    if (req.url === '/health') {
      res.end('{"status":"ok"}');
      return;
    }
    const caller = req.headers['x-caller'] as string;
    compute.run(caller, 'schedule', request).then(
      () => res.end('{}'),
      error => {
        res.statusCode = statusOf(error);
        res.end();
      },
    );
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

async function measure(name: string, compute: PlacementCompute) {
  const server = await serve(compute);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const started = performance.now();
  let done = false;
  const burst = Promise.all(
    Array.from({ length: BURST }, (_, i) =>
      fetch(`${base}/simulate`, {
        method: 'POST',
        headers: { 'x-caller': `user:default/caller-${i % 4}` },
      }).then(res => res.status),
    ),
  ).finally(() => {
    done = true;
  });
  const health: number[] = [];
  while (!done) {
    const at = performance.now();
    await fetch(`${base}/health`);
    health.push(performance.now() - at);
    await new Promise(resolve => setTimeout(resolve, 10));
  }
  const statuses = await burst;
  const seconds = (performance.now() - started) / 1000;
  server.close();
  requireMeasured(
    health.length > 0 && statuses.includes(200),
    `${name}: ${health.length} /health answers, burst answered ${statuses.join(
      ', ',
    )}`,
  );
  const sorted = [...health].sort((a, b) => a - b);
  const count = (status: number) => statuses.filter(s => s === status).length;
  return {
    name,
    health: sorted.length,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1],
    ran: count(200),
    refused: count(429) + count(503),
    seconds,
  };
}

async function main() {
  const pool = new PlacementWorkerPool({
    threads: 1,
    queueLimit: 2,
    perCallerLimit: 1,
    taskTimeoutMs: 60_000,
    logger: getVoidLogger(),
  });
  // The worker loads the scheduler once, before the measured burst.
  await pool.run('warm-up', 'schedule', {
    replicas: 1,
    placement: {},
    clusters: [{ name: 'a' }],
  });
  const rows = [
    await measure('on the event loop', inProcessCompute),
    await measure('worker pool (1 thread, queue 2, 1 per caller)', pool),
  ];
  await pool.close();
  console.log(
    `/health while ${BURST} of the heaviest simulations run (4 callers):`,
  );
  console.table(
    rows.map(r => ({
      compute: r.name,
      '/health answers': r.health,
      'p50 ms': r.p50.toFixed(1),
      'p99 ms': r.p99.toFixed(1),
      'max ms': r.max.toFixed(1),
      ran: r.ran,
      'refused (429/503)': r.refused,
      'burst s': r.seconds.toFixed(1),
    })),
  );
  console.log(
    `p99 ratio, event loop / worker pool: ${(rows[0].p99 / rows[1].p99).toFixed(
      0,
    )}x`,
  );
}

runBench('placement load', main);
