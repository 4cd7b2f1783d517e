/* eslint-disable no-console */
/**
 * Placement engine benchmark.
 *
 * For 100 / 1,000 / 10,000 / 50,000 clusters and each strategy it measures
 * `schedule()` decisions per second and median latency, with a label and
 * field affinity, tolerations and spread constraints in play, next to the
 * "floor": a bare loop over the same clusters that only computes each
 * cluster's available-replica estimate from its resource summary (cpu,
 * memory and nvidia.com/gpu requests; no cluster reports availableReplicas).
 *
 * Engine and floor runs alternate, so both see the same machine load.
 * Columns: decisions/s (1000 / mean), median and minimum latency, the floor's
 * median, median / floor median, min / floor min, the median when the
 * (lazily built) explanation is read as well, and the number of targets.
 *
 * Run from plugins/multi-cluster-common:
 *   node --require @backstage/cli/config/nodeTransform.cjs bench/schedule.bench.ts
 * Options: --sizes=100,1000 --budget-ms=1500 --strategies=Duplicated,Aggregated
 * --smoke (every strategy once at 100 clusters)
 */
import {
  estimateAvailableReplicas,
  KarmadaPlacement,
  schedule,
  ScheduleRequest,
} from '../src/scheduling';
import type { ClusterSnapshot } from '../src/scheduling';
import {
  measure,
  measurePaired,
  median,
  printTable,
  requireMeasured,
  runBench,
  sized,
} from '@flotilla/bench-kit';

export type StrategyName =
  | 'Duplicated'
  | 'StaticWeight'
  | 'DynamicWeight'
  | 'Aggregated';

const REGIONS = [
  'eu-west',
  'eu-central',
  'us-east',
  'us-west',
  'ap-south',
  'ap-east',
  'sa-east',
  'af-south',
  'me-central',
  'ca-central',
];
const PROVIDERS = ['aws', 'gcp', 'azure'];

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

export function makeClusters(count: number): ClusterSnapshot[] {
  const next = random(count);
  const clusters: ClusterSnapshot[] = [];
  for (let index = 0; index < count; index++) {
    const region = REGIONS[index % REGIONS.length];
    const nodes = 3 + Math.floor(next() * 60);
    const cpuUsed = Math.floor(next() * nodes * 16 * 1000 * 0.8);
    const memoryUsedGi = Math.floor(next() * nodes * 64 * 0.8);
    const podsUsed = Math.floor(next() * nodes * 110 * 0.7);
    const roll = next();
    const cluster: ClusterSnapshot = {
      name: `member-${String(index).padStart(6, '0')}`,
      labels: {
        env: roll < 0.9 ? 'prod' : 'dev',
        tier: next() < 0.5 ? 'gold' : 'silver',
      },
      provider: PROVIDERS[index % PROVIDERS.length],
      region,
      zones: [`${region}-a`, `${region}-b`],
      resourceSummary: {
        allocatable: {
          cpu: String(nodes * 16),
          memory: `${nodes * 64}Gi`,
          pods: String(nodes * 110),
          'nvidia.com/gpu': String(nodes),
        },
        allocated: {
          cpu: `${cpuUsed}m`,
          memory: `${memoryUsedGi}Gi`,
          pods: String(podsUsed),
        },
        allocating: { pods: String(Math.floor(next() * 5)) },
      },
    };
    if (roll > 0.95) {
      cluster.taints = [
        { key: 'cluster.karmada.io/not-ready', effect: 'NoSchedule' },
      ];
    } else if (roll > 0.9) {
      cluster.taints = [
        { key: 'maintenance', value: 'planned', effect: 'NoExecute' },
      ];
    } else if (roll > 0.85) {
      cluster.taints = [{ key: 'spot', effect: 'PreferNoSchedule' }];
    }
    clusters.push(cluster);
  }
  return clusters;
}

export function placementFor(strategy: StrategyName): KarmadaPlacement {
  const common: KarmadaPlacement = {
    clusterAffinity: {
      labelSelector: {
        matchExpressions: [
          { key: 'env', operator: 'In', values: ['prod', 'dev'] },
        ],
      },
      fieldSelector: {
        matchExpressions: [
          { key: 'provider', operator: 'In', values: PROVIDERS },
        ],
      },
    },
    clusterTolerations: [
      { key: 'maintenance', operator: 'Exists', effect: 'NoExecute' },
    ],
    spreadConstraints: [
      { spreadByField: 'region', minGroups: 2, maxGroups: 4 },
      { spreadByField: 'cluster', minGroups: 2, maxGroups: 64 },
    ],
  };
  switch (strategy) {
    case 'Duplicated':
      return {
        ...common,
        replicaScheduling: { replicaSchedulingType: 'Duplicated' },
      };
    case 'StaticWeight':
      return {
        ...common,
        replicaScheduling: {
          replicaSchedulingType: 'Divided',
          replicaDivisionPreference: 'Weighted',
          weightPreference: {
            staticWeightList: [
              {
                targetCluster: {
                  labelSelector: { matchLabels: { tier: 'gold' } },
                },
                weight: 3,
              },
              {
                targetCluster: {
                  fieldSelector: {
                    matchExpressions: [
                      {
                        key: 'region',
                        operator: 'In',
                        values: ['eu-west', 'us-east'],
                      },
                    ],
                  },
                },
                weight: 2,
              },
              {
                targetCluster: {
                  labelSelector: { matchLabels: { tier: 'silver' } },
                },
                weight: 1,
              },
            ],
          },
        },
      };
    case 'DynamicWeight':
      return {
        ...common,
        spreadConstraints: [
          { spreadByField: 'cluster', minGroups: 2, maxGroups: 1_000_000 },
        ],
        replicaScheduling: {
          replicaSchedulingType: 'Divided',
          replicaDivisionPreference: 'Weighted',
          weightPreference: { dynamicWeight: 'AvailableReplicas' },
        },
      };
    default:
      return {
        ...common,
        spreadConstraints: [
          { spreadByField: 'cluster', minGroups: 1, maxGroups: 64 },
        ],
        replicaScheduling: {
          replicaSchedulingType: 'Divided',
          replicaDivisionPreference: 'Aggregated',
        },
      };
  }
}

const ALL_STRATEGIES: StrategyName[] = [
  'Duplicated',
  'StaticWeight',
  'DynamicWeight',
  'Aggregated',
];

function parseArgs(): {
  sizes: number[];
  budgetMs: number;
  strategies: StrategyName[];
} {
  let sizes = sized([100, 1_000, 10_000, 50_000], [100]);
  let budgetMs = sized(1_500, 10);
  let strategies = ALL_STRATEGIES;
  for (const arg of process.argv.slice(2)) {
    if (arg.startsWith('--sizes=')) sizes = arg.slice(8).split(',').map(Number);
    if (arg.startsWith('--budget-ms=')) budgetMs = Number(arg.slice(12));
    if (arg.startsWith('--strategies=')) {
      strategies = arg.slice(13).split(',') as StrategyName[];
    }
  }
  return { sizes, budgetMs, strategies };
}

function main() {
  const { sizes, budgetMs, strategies } = parseArgs();
  const replicaRequirements = {
    resourceRequest: { cpu: '500m', memory: '1Gi', 'nvidia.com/gpu': '1' },
  };
  const rows: string[][] = [];
  for (const size of sizes) {
    const clusters = makeClusters(size);
    const floorTask = () => {
      let total = 0;
      for (let index = 0; index < clusters.length; index++) {
        total += estimateAvailableReplicas(
          clusters[index],
          replicaRequirements,
        );
      }
      return total;
    };
    for (const strategy of strategies) {
      const request: ScheduleRequest = {
        replicas: 1_000,
        placement: placementFor(strategy),
        clusters,
        replicaRequirements,
        previous: clusters
          .slice(0, 8)
          .map(cluster => ({ name: cluster.name, replicas: 50 })),
        uid: 'd43fdeeb-d750-4e2b-bee3-64eb94534f4c',
      };
      const result = schedule(request);
      requireMeasured(
        result.targets.length > 0,
        `${strategy} placed no replica on ${size} clusters`,
      );
      const [times, floorTimes] = measurePaired(
        () => schedule(request),
        floorTask,
        budgetMs,
      );
      const latency = median(times);
      const floor = median(floorTimes);
      const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
      // The explanation is built on first access; measure that separately.
      const explained = median(
        measure(() => schedule(request).explanation.length, budgetMs / 3),
      );
      rows.push([
        size.toLocaleString('en-US'),
        strategy,
        Math.round(1000 / mean).toLocaleString('en-US'),
        latency.toFixed(3),
        Math.min(...times).toFixed(3),
        floor.toFixed(3),
        (latency / floor).toFixed(2),
        (Math.min(...times) / Math.min(...floorTimes)).toFixed(2),
        explained.toFixed(3),
        String(result.targets.length),
      ]);
    }
  }
  const header = [
    'clusters',
    'strategy',
    'decisions/s',
    'median ms',
    'min ms',
    'floor ms',
    'x floor',
    'x floor (min)',
    '+explanation ms',
    'targets',
  ];
  printTable(header, rows);
}

if (require.main === module) runBench('schedule', main);
