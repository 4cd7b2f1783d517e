/* eslint-disable no-console */
/**
 * What-if benchmark: `planWhatIf` over a synthetic fleet (seeded) losing one
 * region, against the targets of 2 s and 200 MB extra heap at 1,000
 * clusters and 2,000 services.
 *
 * Fleet: clusters in 8 regions and 3 providers (a cluster set per
 * provider), 5 to 40 nodes of 16 cores / 64Gi / 110 pods each, 40 to 75%
 * of the cores and memory allocated; 2% unhealthy, 5% tainted NoExecute.
 * Services: 2 to 12 replicas on 1 to 3 clusters, requests of 100m to 2
 * cores and 128Mi to 4Gi, tiers 0 to 3 (a fifth without), an RTO target on
 * most, a label affinity on a third, a toleration on some, a dependency on
 * another service for a quarter.
 *
 * Time is the median of a few runs; heap is the growth of `heapUsed` over
 * one run after a full GC (run with --expose-gc; otherwise n/a), garbage
 * included unless a collection ran meanwhile, so close to the run's peak.
 *
 * Run from plugins/multi-cluster-common:
 *   node --expose-gc --require @backstage/cli/config/nodeTransform.cjs bench/whatIf.bench.ts
 * Options: --clusters=1000 --services=2000 --runs=5
 * --smoke (100 clusters, 200 services, once)
 */
import { performance } from 'node:perf_hooks';
import type { ClusterProfile } from '../src/fleet/cluster';
import {
  planWhatIf,
  type WhatIfPlan,
  type WhatIfServiceInput,
} from '../src/dr/whatIf';
import {
  median,
  printTable,
  requireMeasured,
  runBench,
  sized,
} from '@flotilla/bench-kit';

const REGIONS = [
  'eu-west',
  'eu-central',
  'us-east',
  'us-west',
  'ap-south',
  'ap-east',
  'sa-east',
  'ca-central',
];
const PROVIDERS = ['aws', 'gcp', 'azure'];
const TARGET_MS = 2_000;
const TARGET_MB = 200;

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(next: () => number, items: readonly T[]): T =>
  items[Math.floor(next() * items.length)];

/** How full the fleet is: the share of cores and memory allocated, from `least` to `most`. */
interface Fullness {
  least: number;
  most: number;
}

function makeCluster(
  index: number,
  next: () => number,
  fullness: Fullness,
): ClusterProfile {
  const nodes = 5 + Math.floor(next() * 36);
  const provider = PROVIDERS[index % PROVIDERS.length];
  const region = REGIONS[Math.floor(index / PROVIDERS.length) % REGIONS.length];
  const used = fullness.least + next() * (fullness.most - fullness.least);
  const roll = next();
  return {
    name: `member-${String(index).padStart(5, '0')}`,
    provider,
    region,
    labels: { env: next() < 0.85 ? 'prod' : 'staging' },
    clusterSets: [`mesh-${provider}`],
    health: roll < 0.02 ? 'unhealthy' : 'healthy',
    ...(roll > 0.95
      ? { taints: [{ key: 'maintenance', effect: 'NoExecute' as const }] }
      : {}),
    resourceSummary: {
      allocatable: {
        cpu: String(nodes * 16),
        memory: `${nodes * 64}Gi`,
        pods: String(nodes * 110),
      },
      allocated: {
        cpu: `${Math.floor(nodes * 16_000 * used)}m`,
        memory: `${Math.floor(nodes * 64 * used)}Gi`,
        pods: String(Math.floor(nodes * 110 * used * 0.5)),
      },
    },
  };
}

export function makeFleet(
  count: number,
  fullness: Fullness = { least: 0.4, most: 0.75 },
): ClusterProfile[] {
  const next = random(count);
  return Array.from({ length: count }, (_, index) =>
    makeCluster(index, next, fullness),
  );
}

function placementOf(next: () => number, fleet: readonly ClusterProfile[]) {
  const replicas = 2 + Math.floor(next() * 11);
  const spread = 1 + Math.floor(next() * 3);
  const names = new Set<string>();
  while (names.size < spread) names.add(pick(next, fleet).name);
  const clusters = [...names];
  return clusters.map((name, position) => ({
    name,
    // Divided as evenly as the count allows.
    replicas:
      Math.floor(replicas / clusters.length) +
      (position < replicas % clusters.length ? 1 : 0),
  }));
}

export function makeServices(
  count: number,
  fleet: readonly ClusterProfile[],
): WhatIfServiceInput[] {
  const next = random(count * 7);
  const services: WhatIfServiceInput[] = [];
  for (let index = 0; index < count; index++) {
    const placement = placementOf(next, fleet);
    const tier = next() < 0.2 ? undefined : Math.floor(next() * 4);
    const dependsOn =
      index > 0 && next() < 0.25 ? pick(next, services) : undefined;
    services.push({
      spec: {
        entityRef: `component:default/service-${String(index).padStart(
          5,
          '0',
        )}`,
        strategy: pick(next, ['active-active', 'active-passive-warm'] as const),
        tier,
        rtoSeconds: next() < 0.8 ? pick(next, [30, 60, 300, 900]) : undefined,
        rpoSeconds: next() < 0.5 ? pick(next, [0, 5, 60]) : undefined,
        minReplicas: next() < 0.5 ? 2 : undefined,
        resourceRequest: {
          cpu: pick(next, ['100m', '250m', '500m', '1', '2']),
          memory: pick(next, ['128Mi', '512Mi', '1Gi', '2Gi', '4Gi']),
        },
        placement: {
          ...(next() < 0.33
            ? {
                clusterAffinity: {
                  labelSelector: { matchLabels: { env: 'prod' } },
                },
              }
            : {}),
          ...(next() < 0.2
            ? {
                clusterTolerations: [
                  { key: 'maintenance', operator: 'Exists' as const },
                ],
              }
            : {}),
        },
      },
      placement,
      ...(dependsOn
        ? {
            dependencies: [
              {
                ref: dependsOn.spec.entityRef,
                clusters: dependsOn.placement.map(p => ({
                  name: p.name,
                  clusterSets: fleet.find(c => c.name === p.name)?.clusterSets,
                })),
              },
            ],
          }
        : {}),
    });
  }
  return services;
}

const heapUsed = () => process.memoryUsage().heapUsed;
const collect = (globalThis as { gc?: () => void }).gc;

/** Time (ms) and heap growth (MB) of a single run. */
function once<T>(task: () => T): { ms: number; heapMb?: number; value: T } {
  collect?.();
  const before = heapUsed();
  const start = performance.now();
  const value = task();
  const ms = performance.now() - start;
  const heapMb = collect ? (heapUsed() - before) / 1e6 : undefined;
  return { ms, heapMb, value };
}

function parseArgs() {
  let clusters = sized(1_000, 100);
  let services = sized(2_000, 200);
  let runs = sized(5, 1);
  for (const arg of process.argv.slice(2)) {
    if (arg.startsWith('--clusters=')) clusters = Number(arg.slice(11));
    if (arg.startsWith('--services=')) services = Number(arg.slice(11));
    if (arg.startsWith('--runs=')) runs = Number(arg.slice(7));
  }
  return { clusters, services, runs };
}

const ratio = (value: number, target: number) =>
  `${(value / target).toFixed(2)}x`;

const SCENARIOS: { name: string; fullness: Fullness }[] = [
  // Survivors absorb the region: every service moves.
  { name: 'roomy (40-75% used)', fullness: { least: 0.4, most: 0.75 } },
  // Survivors nearly full: the services placed last find no room (partial
  // and unplaceable placements: the estimator bound's and binary search's path).
  { name: 'full (99.5-100% used)', fullness: { least: 0.995, most: 1 } },
];

function scenarioRow(
  scenario: (typeof SCENARIOS)[number],
  sizes: ReturnType<typeof parseArgs>,
): string[] {
  const fleet = makeFleet(sizes.clusters, scenario.fullness);
  const services = makeServices(sizes.services, fleet);
  const request = { fleet, services, loss: { regions: [REGIONS[0]] } };
  const results = Array.from({ length: sizes.runs }, () =>
    once(() => planWhatIf(request)),
  );
  const plan: WhatIfPlan = results[0].value;
  const placed = plan.services.reduce((sum, s) => sum + s.placedReplicas, 0);
  requireMeasured(
    placed > 0,
    `${scenario.name}: the what-if placed no replica`,
  );
  const ms = median(results.map(r => r.ms));
  const heaps = results
    .map(r => r.heapMb)
    .filter((mb): mb is number => mb !== undefined);
  const heapMb = heaps.length > 0 ? Math.max(0, median(heaps)) : undefined;
  const { summary } = plan;
  return [
    scenario.name,
    sizes.clusters.toLocaleString('en-US'),
    sizes.services.toLocaleString('en-US'),
    String(plan.lostClusters.length),
    String(summary.affected),
    String(summary.moved),
    String(summary.partial),
    String(summary.unplaceable),
    String(summary.atRisk),
    placed.toLocaleString('en-US'),
    ms.toFixed(0),
    ratio(ms, TARGET_MS),
    heapMb === undefined ? 'n/a' : heapMb.toFixed(1),
    heapMb === undefined ? 'n/a' : ratio(heapMb, TARGET_MB),
  ];
}

function main() {
  const sizes = parseArgs();
  if (!collect) console.log('(heap: n/a; run node with --expose-gc)');
  const rows = SCENARIOS.map(scenario => scenarioRow(scenario, sizes));
  console.log(
    `Losing region ${REGIONS[0]}; median of ${
      sizes.runs
    } run(s); targets ${TARGET_MS.toLocaleString(
      'en-US',
    )} ms and ${TARGET_MB} MB extra heap`,
  );
  printTable(
    [
      'fleet',
      'clusters',
      'services',
      'lost',
      'affected',
      'moved',
      'partial',
      'unplaceable',
      'at risk',
      'replicas placed',
      'median ms',
      'x 2 s',
      'heap MB',
      'x 200 MB',
    ],
    rows,
  );
}

if (require.main === module) runBench('whatIf', main);
