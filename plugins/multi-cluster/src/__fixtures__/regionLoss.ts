import type {
  DetectionDecision,
  RegionFailover,
  WhatIfClusterHeadroom,
  WhatIfPlan,
  WhatIfServiceResult,
} from '@flotilla/plugin-multi-cluster-common';

const GIB = 1024 ** 3;

/** A cluster's headroom: CPU in cores and memory in GiB, as the plan's units. */
function headroom(
  name: string,
  region: string,
  provider: string,
  lost: boolean,
  cpu: [allocatable: number, before: number, after: number],
  memory: [allocatable: number, before: number, after: number],
): WhatIfClusterHeadroom {
  const [cpuAlloc, cpuBefore, cpuAfter] = cpu.map(cores => cores * 1000);
  const [memAlloc, memBefore, memAfter] = memory.map(gib => gib * GIB);
  return {
    name,
    region,
    provider,
    lost,
    cpu: { allocatable: cpuAlloc, usedBefore: cpuBefore, usedAfter: cpuAfter },
    memory: {
      allocatable: memAlloc,
      usedBefore: memBefore,
      usedAfter: memAfter,
    },
  };
}

/**
 * eu-west (prod-eu-1, prod-eu-2) lost; us-east and ap-southeast survive.
 * CPU in cores: eu-west 64 allocatable, 24 used; us-east 96, 24 used before
 * and 54 after; ap-southeast 16, 4 used before and 15.5 after.
 */
export const lossClusters: WhatIfClusterHeadroom[] = [
  headroom(
    'prod-ap-1',
    'ap-southeast',
    'gcp',
    false,
    [16, 4, 15.5],
    [64, 16, 62],
  ),
  headroom('prod-eu-1', 'eu-west', 'aws', true, [32, 16, 0], [128, 64, 0]),
  headroom('prod-eu-2', 'eu-west', 'gcp', true, [32, 8, 0], [128, 32, 0]),
  headroom('prod-us-1', 'us-east', 'aws', false, [64, 16, 24], [256, 64, 96]),
  headroom('prod-us-2', 'us-east', 'gcp', false, [32, 8, 30], [128, 32, 60]),
];

const kept = { reachable: true, problems: [] };

/** payments-ledger moves whole; checkout in part; search-api not at all. */
export const lossServices: WhatIfServiceResult[] = [
  {
    entityRef: 'component:default/payments-ledger',
    priority: 1,
    tier: 0,
    outcome: 'moved',
    lostReplicas: 4,
    placedReplicas: 4,
    sources: [
      {
        from: 'prod-eu-1',
        replicas: 4,
        targets: [{ name: 'prod-us-1', replicas: 4 }],
      },
    ],
    placementAfter: [{ name: 'prod-us-1', replicas: 4 }],
    rto: { targetSeconds: 900, expectedSeconds: 120, kept: true },
    rpo: { targetSeconds: 60, expectedSeconds: 30, kept: true },
    quorum: { minReplicas: 2, replicasAfter: 4, kept: true },
    dependencies: kept,
  },
  {
    entityRef: 'component:default/checkout',
    priority: 2,
    tier: 1,
    outcome: 'partial',
    lostReplicas: 6,
    placedReplicas: 4,
    sources: [
      {
        from: 'prod-eu-1',
        replicas: 4,
        targets: [
          { name: 'prod-us-2', replicas: 3 },
          { name: 'prod-ap-1', replicas: 1 },
        ],
      },
      { from: 'prod-eu-2', replicas: 2, targets: [] },
    ],
    placementAfter: [
      { name: 'prod-us-1', replicas: 2 },
      { name: 'prod-us-2', replicas: 3 },
      { name: 'prod-ap-1', replicas: 1 },
    ],
    shortfall: {
      resource: 'cpu',
      requested: '2',
      available: '500m',
      replicasUnplaced: 2,
    },
    reason: 'no surviving cluster has 2 CPUs free for the last 2 replicas',
    rto: { targetSeconds: 60, expectedSeconds: 90, kept: false },
    rpo: { expectedSeconds: 0, kept: null },
    quorum: { minReplicas: 8, replicasAfter: 6, kept: false },
    dependencies: kept,
  },
  {
    entityRef: 'component:default/search-api',
    priority: 3,
    tier: 2,
    outcome: 'unplaceable',
    lostReplicas: 3,
    placedReplicas: 0,
    sources: [{ from: 'prod-eu-2', replicas: 3, targets: [] }],
    placementAfter: [],
    shortfall: {
      resource: 'memory',
      requested: '8Gi',
      available: '2Gi',
      replicasUnplaced: 3,
    },
    rto: { targetSeconds: 3600, expectedSeconds: 600, kept: true },
    rpo: { targetSeconds: 900, expectedSeconds: 300, kept: true },
    quorum: { minReplicas: 1, replicasAfter: 0, kept: false },
    dependencies: {
      reachable: false,
      problems: ['prod-us-1 cannot reach resource:default/search-index'],
    },
  },
  {
    entityRef: 'component:default/recommendations',
    priority: 4,
    outcome: 'unaffected',
    lostReplicas: 0,
    placedReplicas: 0,
    sources: [],
    placementAfter: [{ name: 'prod-us-1', replicas: 3 }],
    rto: { targetSeconds: 14400, expectedSeconds: 0, kept: true },
    rpo: { targetSeconds: 86400, expectedSeconds: 0, kept: true },
    quorum: { minReplicas: 1, replicasAfter: 3, kept: true },
    dependencies: kept,
  },
];

/** The plan of losing eu-west: 3 of 4 services affected, 2 of them at risk. */
export function euWestPlan(): WhatIfPlan {
  return {
    lostClusters: ['prod-eu-1', 'prod-eu-2'],
    services: lossServices,
    clusters: lossClusters,
    regions: [
      {
        region: 'ap-southeast',
        clusters: 1,
        lostClusters: 0,
        cpu: { allocatable: 16000, usedBefore: 4000, usedAfter: 15500 },
        memory: {
          allocatable: 64 * GIB,
          usedBefore: 16 * GIB,
          usedAfter: 62 * GIB,
        },
      },
      {
        region: 'eu-west',
        clusters: 2,
        lostClusters: 2,
        cpu: { allocatable: 64000, usedBefore: 24000, usedAfter: 0 },
        memory: { allocatable: 256 * GIB, usedBefore: 96 * GIB, usedAfter: 0 },
      },
      {
        region: 'us-east',
        clusters: 2,
        lostClusters: 0,
        cpu: { allocatable: 96000, usedBefore: 24000, usedAfter: 54000 },
        memory: {
          allocatable: 384 * GIB,
          usedBefore: 96 * GIB,
          usedAfter: 156 * GIB,
        },
      },
    ],
    summary: {
      services: 4,
      affected: 3,
      moved: 1,
      partial: 1,
      unplaceable: 1,
      atRisk: 2,
    },
  };
}

/** The region failover of the eu-west loss, midway. */
export function euWestStorm(
  overrides: Partial<RegionFailover> = {},
): RegionFailover {
  return {
    id: 'storm-1',
    kind: 'failover',
    status: 'running',
    lostClusters: ['prod-eu-1', 'prod-eu-2'],
    reason: 'eu-west is down',
    actor: 'user:default/platform-admin',
    createdAt: '2026-12-02T16:05:00.000Z',
    limits: { maxConcurrentRuns: 10, maxRunsPerTargetCluster: 3 },
    children: [
      {
        entityRef: 'component:default/search-api',
        priority: 3,
        from: 'prod-eu-2',
        to: [],
        replicas: 3,
        status: 'queued',
      },
      {
        entityRef: 'component:default/checkout',
        priority: 2,
        from: 'prod-eu-2',
        to: [],
        replicas: 2,
        status: 'waiting-capacity',
        reason: 'waiting for 2 CPUs on a target',
      },
      {
        entityRef: 'component:default/checkout',
        priority: 2,
        from: 'prod-eu-1',
        to: ['prod-us-2', 'prod-ap-1'],
        replicas: 4,
        status: 'running',
        runId: 'run-12',
      },
      {
        entityRef: 'component:default/payments-ledger',
        priority: 1,
        from: 'prod-eu-1',
        to: ['prod-us-1'],
        replicas: 4,
        status: 'succeeded',
        runId: 'run-11',
      },
    ],
    counts: { queued: 1, 'waiting-capacity': 1, running: 1, succeeded: 1 },
    ...overrides,
  };
}

/** Detection held checkout's failover for a person to decide (manual policy). */
export function checkoutDecision(
  overrides: Partial<DetectionDecision> = {},
): DetectionDecision {
  return {
    id: 'decision-1',
    createdAt: '2026-12-02T16:05:00.000Z',
    entityRef: 'component:default/checkout',
    clusters: ['prod-eu-1'],
    kind: 'would-fail-over',
    reason: 'prod-eu-1 has failed for 300s, its whole toleration',
    policy: 'manual',
    evidence: [
      {
        cluster: 'prod-eu-1',
        source: 'karmada',
        status: 'unhealthy',
        reason: 'Ready=False: cluster is not reachable',
        since: '2026-12-02T16:00:00.000Z',
      },
    ],
    stormId: 'storm-1',
    ...overrides,
  };
}
