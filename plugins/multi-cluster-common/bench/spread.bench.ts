/* eslint-disable no-console */
/**
 * Region spread benchmark: Karmada's group selection (`select_groups.go`)
 * without enumerating combinations.
 *
 * 1. The hostile shape: N clusters, each alone in its region, with a region
 *    spread constraint minGroups = maxGroups = N/2 (C(N, N/2) combinations
 *    for Karmada's depth-first search). For N = 24, 40, 200 and 1,000 it
 *    measures `schedule()` (dynamic weights) and `selectGroups` alone on the
 *    same shape, with the heap each run adds, next to the enumerating
 *    implementation (the test oracle) up to --old-up-to: at N = 24 it takes
 *    seconds and hundreds of MB; at N = 40 it ran the backend out of memory.
 * 2. The dynamic program: regions of 1 to 10 clusters and a cluster
 *    minGroups that only larger sets reach, up to the budget past which
 *    `selectGroups` refuses (the API answers 422).
 *
 * Heap is the growth of `heapUsed` over one run after a full GC (run with
 * --expose-gc; otherwise n/a): garbage made during the run counts unless a
 * collection ran meanwhile, so it is close to the run's peak.
 *
 * Run from plugins/multi-cluster-common:
 *   node --expose-gc --require @backstage/cli/config/nodeTransform.cjs bench/spread.bench.ts
 * Options: --sizes=24,40,200,1000 --budget-ms=1000 --old-up-to=24
 * --smoke (16 regions and the first dynamic-program case, once)
 */
import { performance } from 'node:perf_hooks';
import {
  ClusterSnapshot,
  KarmadaPlacement,
  schedule,
  ScheduleRequest,
} from '../src/scheduling';
import {
  GroupInfo,
  GroupSelectionLimitError,
  selectGroups,
} from '../src/scheduling/spread/selectGroups';
import { selectGroupsByEnumeration } from '../src/scheduling/spread/selectGroups.oracle';
import {
  measure,
  median,
  printTable,
  requireMeasured,
  runBench,
  sized,
} from '@flotilla/bench-kit';

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

const pad = (index: number) => String(index).padStart(5, '0');

/** N clusters, each alone in its region, with 0 to 9 available replicas. */
function oneClusterPerRegion(count: number): ClusterSnapshot[] {
  const next = random(count);
  return Array.from({ length: count }, (_, index) => ({
    name: `member-${pad(index)}`,
    region: `region-${pad(index)}`,
    availableReplicas: Math.floor(next() * 10),
  }));
}

const dynamicWeight: KarmadaPlacement['replicaScheduling'] = {
  replicaSchedulingType: 'Divided',
  replicaDivisionPreference: 'Weighted',
  weightPreference: { dynamicWeight: 'AvailableReplicas' },
};

function halfOfRegionsRequest(count: number): ScheduleRequest {
  return {
    replicas: count,
    placement: {
      replicaScheduling: dynamicWeight,
      spreadConstraints: [
        {
          spreadByField: 'region',
          minGroups: Math.floor(count / 2),
          maxGroups: Math.floor(count / 2),
        },
      ],
    },
    clusters: oneClusterPerRegion(count),
  };
}

/** Groups as region selection builds them: value = clusters, weight = score. */
function makeGroups(
  count: number,
  clustersPerRegion: () => number,
  seed: number,
): GroupInfo[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, index) => ({
    name: `region-${pad(index)}`,
    value: clustersPerRegion(),
    // Units of 1000 (what the region holds) plus an average score: ties.
    weight: Math.floor(next() * 3) * 1000 + (next() < 0.2 ? 100 : 0),
  }));
}

/** C(n, k) in scientific notation: the combinations Karmada's DFS walks. */
function combinations(n: number, k: number): string {
  let log10 = 0;
  for (let index = 1; index <= k; index++) {
    log10 += Math.log10(n - k + index) - Math.log10(index);
  }
  const exponent = Math.floor(log10);
  return `${(10 ** (log10 - exponent)).toFixed(1)}e${exponent}`;
}

const heapUsed = () => process.memoryUsage().heapUsed;
const collect = (globalThis as { gc?: () => void }).gc;

/** Time (ms) and heap growth (MB) of a single run. */
function once(task: () => unknown): { ms: number; heapMb?: number } {
  collect?.();
  const before = heapUsed();
  const start = performance.now();
  task();
  const ms = performance.now() - start;
  const heapMb = collect ? (heapUsed() - before) / 1e6 : undefined;
  return { ms, heapMb };
}

const formatMs = (ms: number) => (ms < 10 ? ms.toFixed(3) : ms.toFixed(0));
const formatMb = (mb?: number) =>
  mb === undefined ? 'n/a' : Math.max(0, mb).toFixed(mb < 10 ? 2 : 0);

function parseArgs() {
  let sizes = sized([24, 40, 200, 1_000], [16]);
  let budgetMs = sized(1_000, 10);
  let oldUpTo = sized(24, 16);
  for (const arg of process.argv.slice(2)) {
    if (arg.startsWith('--sizes=')) sizes = arg.slice(8).split(',').map(Number);
    if (arg.startsWith('--budget-ms=')) budgetMs = Number(arg.slice(12));
    if (arg.startsWith('--old-up-to=')) oldUpTo = Number(arg.slice(12));
  }
  return { sizes, budgetMs, oldUpTo };
}

function hostileShape(sizes: number[], budgetMs: number, oldUpTo: number) {
  const rows: string[][] = [];
  for (const size of sizes) {
    const request = halfOfRegionsRequest(size);
    const scheduled = schedule(request);
    requireMeasured(
      scheduled.targets.length > 0,
      `N = ${size}: schedule placed no replica`,
    );
    const scheduleTimes = measure(() => schedule(request), budgetMs / 2);
    const scheduleRun = once(() => schedule(request));

    const groups = makeGroups(size, () => 1, size);
    const half = Math.floor(size / 2);
    const chosen = selectGroups(groups, half, half, 0);
    const selectTimes = measure(
      () => selectGroups(groups, half, half, 0),
      budgetMs / 2,
    );
    const selectRun = once(() => selectGroups(groups, half, half, 0));
    const newMs = median(selectTimes);

    let oldMs = 'not run';
    let oldHeap = '';
    let ratio = '';
    if (size <= oldUpTo) {
      let oldChosen: GroupInfo[] = [];
      const oldRun = once(() => {
        oldChosen = selectGroupsByEnumeration(groups.slice(), half, half, 0);
      });
      if (JSON.stringify(oldChosen) !== JSON.stringify(chosen)) {
        throw new Error(`N = ${size}: the implementations disagree`);
      }
      oldMs = formatMs(oldRun.ms);
      oldHeap = formatMb(oldRun.heapMb);
      ratio = `${Math.round(oldRun.ms / newMs).toLocaleString('en-US')}x`;
    }
    rows.push([
      size.toLocaleString('en-US'),
      half.toLocaleString('en-US'),
      combinations(size, half),
      formatMs(median(scheduleTimes)),
      formatMb(scheduleRun.heapMb),
      String(scheduled.targets.length),
      formatMs(newMs),
      formatMb(selectRun.heapMb),
      oldMs,
      oldHeap,
      ratio,
    ]);
  }
  console.log(
    'Each cluster its own region, region minGroups = maxGroups = N/2 (Divided, dynamic weights)',
  );
  printTable(
    [
      'N regions',
      'chosen',
      'C(N, N/2)',
      'schedule ms',
      'schedule heap MB',
      'targets',
      'selectGroups ms',
      'heap MB',
      'enumerating ms',
      'enumerating heap MB',
      'speed-up',
    ],
    rows,
  );
}

function dynamicProgram(budgetMs: number) {
  const allCases = [
    { regions: 200, most: 10, target: 200 },
    { regions: 1_000, most: 4, target: 300 },
    { regions: 1_000, most: 10, target: 1_000 },
    { regions: 2_000, most: 20, target: 3_000 },
  ];
  const cases = sized(allCases, allCases.slice(0, 1));
  const rows: string[][] = [];
  for (const { regions, most, target } of cases) {
    const next = random(regions + most);
    const groups = makeGroups(
      regions,
      () => 1 + Math.floor(next() * most),
      regions * most,
    );
    const clusters = groups.reduce((sum, group) => sum + group.value, 0);
    const run = () => {
      try {
        return `${selectGroups(groups, 1, regions, target).length} regions`;
      } catch (error) {
        if (error instanceof GroupSelectionLimitError) return 'refused (422)';
        throw error;
      }
    };
    const outcome = run();
    const times = measure(run, budgetMs, 3);
    const single = once(run);
    rows.push([
      regions.toLocaleString('en-US'),
      `1-${most}`,
      clusters.toLocaleString('en-US'),
      target.toLocaleString('en-US'),
      outcome,
      formatMs(median(times)),
      formatMb(single.heapMb),
    ]);
  }
  console.log('');
  console.log(
    'Dynamic program: regions of 1 to k clusters, region minGroups 1, maxGroups = N, cluster minGroups = target',
  );
  printTable(
    [
      'N regions',
      'clusters each',
      'clusters',
      'target',
      'answer',
      'selectGroups ms',
      'heap MB',
    ],
    rows,
  );
}

function main() {
  const { sizes, budgetMs, oldUpTo } = parseArgs();
  if (!collect) console.log('(heap: n/a; run node with --expose-gc)');
  hostileShape(sizes, budgetMs, oldUpTo);
  dynamicProgram(budgetMs);
}

if (require.main === module) runBench('spread', main);
