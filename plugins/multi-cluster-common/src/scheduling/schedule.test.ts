import fc from 'fast-check';
import { PlacementError } from './errors';
import type { KarmadaPlacement } from './placement';
import { schedule } from './schedule';
import type { ClusterSnapshot, ScheduleRequest } from './types';

const ODD_UID = 'd43fdeeb-d750-4e2b-bee3-64eb94534f4c';
const EVEN_UID = '4858ca61-3ff8-4095-8267-f3d059d8074c';

const dynamicWeight: KarmadaPlacement = {
  replicaScheduling: {
    replicaSchedulingType: 'Divided',
    replicaDivisionPreference: 'Weighted',
    weightPreference: { dynamicWeight: 'AvailableReplicas' },
  },
};
const aggregated: KarmadaPlacement = {
  replicaScheduling: {
    replicaSchedulingType: 'Divided',
    replicaDivisionPreference: 'Aggregated',
  },
};
const staticWeights = (weights: Record<string, number>): KarmadaPlacement => ({
  replicaScheduling: {
    replicaSchedulingType: 'Divided',
    replicaDivisionPreference: 'Weighted',
    weightPreference: {
      staticWeightList: Object.entries(weights).map(([name, weight]) => ({
        targetCluster: { clusterNames: [name] },
        weight,
      })),
    },
  },
});

const clustersWith = (available: Record<string, number>): ClusterSnapshot[] =>
  Object.entries(available).map(([name, availableReplicas]) => ({
    name,
    availableReplicas,
  }));

function targetsOf(request: ScheduleRequest) {
  return schedule(request).targets;
}

function errorOf(request: ScheduleRequest): PlacementError {
  try {
    schedule(request);
  } catch (error) {
    if (error instanceof PlacementError) return error;
    throw error;
  }
  throw new Error('expected scheduling to fail');
}

describe('schedule: strategy resolution and Duplicated', () => {
  it('duplicates the full count to every feasible cluster without replicaScheduling', () => {
    expect(
      targetsOf({
        replicas: 3,
        placement: {},
        clusters: clustersWith({ b: 0, a: 0 }),
      }),
    ).toEqual([
      { name: 'a', replicas: 3 },
      { name: 'b', replicas: 3 },
    ]);
  });

  it('ignores capacity for Duplicated', () => {
    expect(
      targetsOf({
        replicas: 50,
        placement: {
          replicaScheduling: { replicaSchedulingType: 'Duplicated' },
        },
        clusters: clustersWith({ a: 1 }),
      }),
    ).toEqual([{ name: 'a', replicas: 50 }]);
  });

  it('returns nothing for replicas 0 with requirements (0-entries dropped)', () => {
    expect(
      targetsOf({
        replicas: 0,
        replicaRequirements: { resourceRequest: { cpu: '1' } },
        placement: {},
        clusters: clustersWith({ a: 5, b: 5 }),
      }),
    ).toEqual([]);
  });

  it('propagates non-workloads (replicas 0, no requirements) to every cluster without a count', () => {
    expect(
      targetsOf({
        replicas: 0,
        placement: aggregated,
        clusters: clustersWith({ b: 0, a: 0 }),
      }),
    ).toEqual([{ name: 'a' }, { name: 'b' }]);
  });

  it('defaults an empty replicaScheduling to Divided/Weighted (static, equal weights)', () => {
    expect(
      targetsOf({
        replicas: 5,
        placement: { replicaScheduling: {} },
        clusters: clustersWith({ a: 0, b: 0, c: 0 }),
      }),
    ).toEqual([
      { name: 'a', replicas: 2 },
      { name: 'b', replicas: 2 },
      { name: 'c', replicas: 1 },
    ]);
  });

  it("rejects an unknown replicaSchedulingType with Karmada's message", () => {
    const error = errorOf({
      replicas: 2,
      placement: {
        replicaScheduling: { replicaSchedulingType: 'Mirrored' as 'Divided' },
      },
      clusters: clustersWith({ a: 1 }),
    });
    expect(error.message).toBe(
      'failed to assign replicas: unsupported replica scheduling strategy, replicaSchedulingType: Mirrored, replicaDivisionPreference: , please try another scheduling strategy',
    );
    expect(error.reason).toBe('SchedulerError');
  });
});

describe('schedule: StaticWeight (doc §4)', () => {
  const three = clustersWith({ member1: 0, member2: 0, member3: 0 });

  it('divides 14 over 3:2:1 as 7:5:2 (Webster, not largest remainder)', () => {
    expect(
      targetsOf({
        replicas: 14,
        placement: staticWeights({ member1: 3, member2: 2, member3: 1 }),
        clusters: three,
      }),
    ).toEqual([
      { name: 'member1', replicas: 7 },
      { name: 'member2', replicas: 5 },
      { name: 'member3', replicas: 2 },
    ]);
  });

  it('divides 12 over 3:2:1 as 6:4:2 and 12 over default weights as 4:4:4', () => {
    expect(
      targetsOf({
        replicas: 12,
        placement: staticWeights({ member1: 3, member2: 2, member3: 1 }),
        clusters: three,
      }),
    ).toEqual([
      { name: 'member1', replicas: 6 },
      { name: 'member2', replicas: 4 },
      { name: 'member3', replicas: 2 },
    ]);
    expect(
      targetsOf({
        replicas: 12,
        placement: {
          replicaScheduling: {
            replicaSchedulingType: 'Divided',
            replicaDivisionPreference: 'Weighted',
          },
        },
        clusters: three,
      }),
    ).toEqual([
      { name: 'member1', replicas: 4 },
      { name: 'member2', replicas: 4 },
      { name: 'member3', replicas: 4 },
    ]);
  });

  it('gives equal-weight extras in ascending name order for an empty UID: 5 over 1:1:1 -> 2:2:1', () => {
    expect(
      targetsOf({
        replicas: 5,
        placement: staticWeights({ A: 1, B: 1, C: 1 }),
        clusters: clustersWith({ A: 0, B: 0, C: 0 }),
      }),
    ).toEqual([
      { name: 'A', replicas: 2 },
      { name: 'B', replicas: 2 },
      { name: 'C', replicas: 1 },
    ]);
  });

  it('gives equal-weight extras in descending name order for an odd-hash UID: 5 over 1:1 -> A:2, B:3', () => {
    expect(
      targetsOf({
        replicas: 5,
        uid: ODD_UID,
        placement: staticWeights({ A: 1, B: 1 }),
        clusters: clustersWith({ A: 0, B: 0 }),
      }),
    ).toEqual([
      { name: 'A', replicas: 2 },
      { name: 'B', replicas: 3 },
    ]);
    expect(
      targetsOf({
        replicas: 5,
        uid: EVEN_UID,
        placement: staticWeights({ A: 1, B: 1 }),
        clusters: clustersWith({ A: 0, B: 0 }),
      }),
    ).toEqual([
      { name: 'A', replicas: 3 },
      { name: 'B', replicas: 2 },
    ]);
  });

  it('uses the maximum weight of all matching rules', () => {
    const placement: KarmadaPlacement = {
      replicaScheduling: {
        replicaSchedulingType: 'Divided',
        replicaDivisionPreference: 'Weighted',
        weightPreference: {
          staticWeightList: [
            { targetCluster: { clusterNames: ['member1'] }, weight: 1 },
            { targetCluster: { clusterNames: ['member2'] }, weight: 1 },
            { targetCluster: { clusterNames: ['member1'] }, weight: 2 },
          ],
        },
      },
    };
    expect(
      targetsOf({
        replicas: 3,
        placement,
        clusters: clustersWith({ member1: 0, member2: 0 }),
      }),
    ).toEqual([
      { name: 'member1', replicas: 2 },
      { name: 'member2', replicas: 1 },
    ]);
  });

  it('leaves clusters no rule matches out entirely', () => {
    expect(
      targetsOf({
        replicas: 2,
        placement: staticWeights({ member1: 1 }),
        clusters: clustersWith({ member1: 0, member2: 0 }),
      }),
    ).toEqual([{ name: 'member1', replicas: 2 }]);
  });

  it('weights every candidate 1 when no rule matches any candidate', () => {
    expect(
      targetsOf({
        replicas: 4,
        placement: staticWeights({ elsewhere: 5 }),
        clusters: clustersWith({ a: 0, b: 0 }),
      }),
    ).toEqual([
      { name: 'a', replicas: 2 },
      { name: 'b', replicas: 2 },
    ]);
  });

  it('matches rules by labelSelector, fieldSelector and exclude', () => {
    const clusters: ClusterSnapshot[] = [
      { name: 'eu-1', region: 'eu', labels: { tier: 'gold' } },
      { name: 'eu-2', region: 'eu' },
      { name: 'us-1', region: 'us', labels: { tier: 'gold' } },
    ];
    const placement: KarmadaPlacement = {
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
                    { key: 'region', operator: 'In', values: ['eu'] },
                  ],
                },
                exclude: ['eu-1'],
              },
              weight: 1,
            },
          ],
        },
      },
    };
    expect(targetsOf({ replicas: 7, placement, clusters })).toEqual([
      { name: 'eu-1', replicas: 3 },
      { name: 'eu-2', replicas: 1 },
      { name: 'us-1', replicas: 3 },
    ]);
  });

  it('ignores previous assignments, capacity and spread constraints', () => {
    const request: ScheduleRequest = {
      replicas: 6,
      placement: {
        ...staticWeights({ a: 1, b: 2 }),
        spreadConstraints: [
          { spreadByField: 'cluster', maxGroups: 1, minGroups: 1 },
        ],
      },
      clusters: clustersWith({ a: 0, b: 0 }),
      previous: [{ name: 'a', replicas: 6 }],
    };
    expect(targetsOf(request)).toEqual([
      { name: 'a', replicas: 2 },
      { name: 'b', replicas: 4 },
    ]);
  });

  it('runs spread selection (with its resource check) for a present-but-empty weightPreference', () => {
    const base: ScheduleRequest = {
      replicas: 4,
      placement: {
        replicaScheduling: {
          replicaSchedulingType: 'Divided',
          replicaDivisionPreference: 'Weighted',
          weightPreference: {},
        },
        spreadConstraints: [
          { spreadByField: 'cluster', maxGroups: 1, minGroups: 1 },
        ],
      },
      clusters: clustersWith({ a: 3, b: 10 }),
    };
    expect(targetsOf(base)).toEqual([{ name: 'b', replicas: 4 }]);
    expect(errorOf({ ...base, replicas: 11 }).message).toBe(
      'failed to select clusters: no enough resource when selecting 1 clusters',
    );
  });

  it('never takes a replica away when the total grows', () => {
    const placement = staticWeights({ a: 5, b: 3, c: 1 });
    const clusters = clustersWith({ a: 0, b: 0, c: 0 });
    let previous: Record<string, number> = {};
    for (let replicas = 1; replicas <= 40; replicas++) {
      const now = Object.fromEntries(
        targetsOf({ replicas, placement, clusters }).map(target => [
          target.name,
          target.replicas,
        ]),
      ) as Record<string, number>;
      for (const name of Object.keys(previous)) {
        expect(now[name] ?? 0).toBeGreaterThanOrEqual(previous[name]);
      }
      previous = now;
    }
  });
});

describe('schedule: DynamicWeight (doc §5)', () => {
  it('scales 12 -> 6 in proportion to the previous 2:4:6 split (1:2:3)', () => {
    expect(
      targetsOf({
        replicas: 6,
        placement: dynamicWeight,
        clusters: clustersWith({ member1: 1, member2: 1, member3: 1 }),
        previous: [
          { name: 'member1', replicas: 2 },
          { name: 'member2', replicas: 4 },
          { name: 'member3', replicas: 6 },
        ],
      }),
    ).toEqual([
      { name: 'member1', replicas: 1 },
      { name: 'member2', replicas: 2 },
      { name: 'member3', replicas: 3 },
    ]);
  });

  it('scales 12 -> 24 by adding the delta over allocatable 10:10:10 (6:8:10)', () => {
    expect(
      targetsOf({
        replicas: 24,
        placement: dynamicWeight,
        clusters: clustersWith({ member1: 10, member2: 10, member3: 10 }),
        previous: [
          { name: 'member1', replicas: 2 },
          { name: 'member2', replicas: 4 },
          { name: 'member3', replicas: 6 },
        ],
      }),
    ).toEqual([
      { name: 'member1', replicas: 6 },
      { name: 'member2', replicas: 8 },
      { name: 'member3', replicas: 10 },
    ]);
  });

  it("fails to scale 12 -> 24 over allocatable 1:1:1 with Karmada's text", () => {
    const error = errorOf({
      replicas: 24,
      placement: dynamicWeight,
      clusters: clustersWith({ member1: 1, member2: 1, member3: 1 }),
      previous: [
        { name: 'member1', replicas: 2 },
        { name: 'member2', replicas: 4 },
        { name: 'member3', replicas: 6 },
      ],
    });
    expect(error.message).toBe(
      'failed to assign replicas: failed to scale up: Clusters available replicas 3 are not enough to schedule.',
    );
    expect(error.detail).toBe(
      'Clusters available replicas 3 are not enough to schedule.',
    );
    expect(error.reason).toBe('Unschedulable');
    expect(error.code).toBe('InsufficientReplicas');
  });

  it('divides a first schedule by allocatable (6:12:18 -> 2:4:6)', () => {
    expect(
      targetsOf({
        replicas: 12,
        placement: dynamicWeight,
        clusters: clustersWith({ A: 6, B: 12, C: 18 }),
      }),
    ).toEqual([
      { name: 'A', replicas: 2 },
      { name: 'B', replicas: 4 },
      { name: 'C', replicas: 6 },
    ]);
  });

  it('keeps the previous result untouched when it already sums to the replicas', () => {
    expect(
      targetsOf({
        replicas: 5,
        placement: dynamicWeight,
        clusters: clustersWith({ a: 0, b: 0 }),
        previous: [
          { name: 'a', replicas: 5 },
          { name: 'b', replicas: 0 },
        ],
      }),
    ).toEqual([{ name: 'a', replicas: 5 }]);
  });

  it('re-places replicas of clusters that are no longer candidates as a scale-up (v1.17+)', () => {
    // gone had 4; only the delta 4 is divided over free capacity 3:1.
    expect(
      targetsOf({
        replicas: 10,
        placement: dynamicWeight,
        clusters: clustersWith({ a: 3, b: 1 }),
        previous: [
          { name: 'a', replicas: 6 },
          { name: 'gone', replicas: 4 },
        ],
      }),
    ).toEqual([
      { name: 'a', replicas: 9 },
      { name: 'b', replicas: 1 },
    ]);
  });

  it('scales down using only previous clusters that are still candidates (v1.17+, not v1.16)', () => {
    // v1.16 would have weighted a:2, gone:6 -> 3 over {a, gone}; v1.17+ only a.
    expect(
      targetsOf({
        replicas: 1,
        placement: dynamicWeight,
        clusters: clustersWith({ a: 0, b: 0 }),
        previous: [
          { name: 'gone', replicas: 6 },
          { name: 'a', replicas: 2 },
        ],
      }),
    ).toEqual([{ name: 'a', replicas: 1 }]);
  });

  it('recomputes from scratch in Fresh mode, counting own replicas as capacity', () => {
    expect(
      targetsOf({
        replicas: 12,
        fresh: true,
        placement: dynamicWeight,
        clusters: clustersWith({ a: 4, b: 2, c: 0 }),
        previous: [
          { name: 'c', replicas: 6 },
          { name: 'a', replicas: 0 },
        ],
      }),
    ).toEqual([
      // weights a 4, b 2, c 0+6 = 6 -> 12 over 4:2:6
      { name: 'a', replicas: 4 },
      { name: 'b', replicas: 2 },
      { name: 'c', replicas: 6 },
    ]);
  });

  it('reports fresh-scale capacity failures', () => {
    expect(
      errorOf({
        replicas: 9,
        fresh: true,
        placement: dynamicWeight,
        clusters: clustersWith({ a: 4, b: 4 }),
      }).message,
    ).toBe(
      'failed to assign replicas: failed to do fresh scale: Clusters available replicas 8 are not enough to schedule.',
    );
  });
});

describe('schedule: Aggregated (doc §5)', () => {
  it('scales 12 -> 6 keeping the clusters holding the most replicas (m2:6)', () => {
    expect(
      targetsOf({
        replicas: 6,
        placement: aggregated,
        clusters: clustersWith({ member1: 1, member2: 1, member3: 1 }),
        previous: [
          { name: 'member1', replicas: 4 },
          { name: 'member2', replicas: 8 },
        ],
      }),
    ).toEqual([{ name: 'member2', replicas: 6 }]);
  });

  it('scales 12 -> 8 onto m2 alone', () => {
    expect(
      targetsOf({
        replicas: 8,
        placement: aggregated,
        clusters: clustersWith({ member1: 100, member2: 100 }),
        previous: [
          { name: 'member1', replicas: 4 },
          { name: 'member2', replicas: 8 },
        ],
      }),
    ).toEqual([{ name: 'member2', replicas: 8 }]);
  });

  it('scales 12 -> 24 filling used clusters first: m1:7 m2:12 m3:5', () => {
    expect(
      targetsOf({
        replicas: 24,
        placement: aggregated,
        clusters: clustersWith({ member1: 4, member2: 6, member3: 8 }),
        previous: [
          { name: 'member1', replicas: 4 },
          { name: 'member2', replicas: 8 },
        ],
      }),
    ).toEqual([
      { name: 'member1', replicas: 7 },
      { name: 'member2', replicas: 12 },
      { name: 'member3', replicas: 5 },
    ]);
  });

  it('places a first schedule on the fewest, largest clusters', () => {
    expect(
      targetsOf({
        replicas: 10,
        placement: aggregated,
        clusters: clustersWith({ a: 4, b: 9, c: 6 }),
      }),
    ).toEqual([
      // b (9) then c (6) reach 10; 10 over 9:6 -> 6:4
      { name: 'b', replicas: 6 },
      { name: 'c', replicas: 4 },
    ]);
  });

  it('reports scale-up capacity failures with the summed allocatable', () => {
    const error = errorOf({
      replicas: 20,
      placement: aggregated,
      clusters: clustersWith({ a: 4, b: 9 }),
    });
    expect(error.message).toBe(
      'failed to assign replicas: failed to scale up: Clusters available replicas 13 are not enough to schedule.',
    );
  });
});

describe('schedule: filtering (doc §7)', () => {
  const tainted: ClusterSnapshot[] = [
    { name: 'ok', availableReplicas: 1 },
    {
      name: 'down',
      availableReplicas: 1,
      taints: [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }],
    },
    {
      name: 'cordoned',
      availableReplicas: 1,
      taints: [{ key: 'cluster.karmada.io/not-ready', effect: 'NoSchedule' }],
    },
    {
      name: 'soft',
      availableReplicas: 1,
      taints: [
        { key: 'maintenance', value: 'soon', effect: 'PreferNoSchedule' },
      ],
    },
  ];

  it('filters NoSchedule and NoExecute taints but not PreferNoSchedule', () => {
    const result = schedule({ replicas: 1, placement: {}, clusters: tainted });
    expect(result.targets.map(target => target.name)).toEqual(['ok', 'soft']);
    expect(result.explanation).toEqual([
      {
        cluster: 'ok',
        verdict: 'selected',
        reasons: [
          'assigned 1 replica (duplicated: every cluster runs all replicas)',
        ],
      },
      {
        cluster: 'down',
        verdict: 'filtered',
        reasons: ['untolerated taint node.kubernetes.io/unreachable:NoExecute'],
      },
      {
        cluster: 'cordoned',
        verdict: 'filtered',
        reasons: ['untolerated taint cluster.karmada.io/not-ready:NoSchedule'],
      },
      {
        cluster: 'soft',
        verdict: 'selected',
        reasons: [
          'assigned 1 replica (duplicated: every cluster runs all replicas)',
        ],
      },
    ]);
  });

  it('admits tainted clusters that are tolerated', () => {
    expect(
      targetsOf({
        replicas: 1,
        placement: {
          clusterTolerations: [
            {
              key: 'node.kubernetes.io/unreachable',
              operator: 'Exists',
              effect: 'NoExecute',
              tolerationSeconds: 300,
            },
            { key: 'cluster.karmada.io/not-ready', operator: 'Exists' },
          ],
        },
        clusters: tainted,
      }).map(target => target.name),
    ).toEqual(['cordoned', 'down', 'ok', 'soft']);
  });

  it('does not filter tainted clusters that are already in the previous result', () => {
    expect(
      targetsOf({
        replicas: 1,
        placement: {},
        clusters: tainted,
        previous: [{ name: 'down', replicas: 1 }],
      }).map(target => target.name),
    ).toEqual(['down', 'ok', 'soft']);
  });

  it('filters by clusterAffinity and explains it', () => {
    const result = schedule({
      replicas: 2,
      placement: {
        clusterAffinity: { labelSelector: { matchLabels: { env: 'prod' } } },
      },
      clusters: [
        { name: 'prod', labels: { env: 'prod' } },
        { name: 'dev', labels: { env: 'dev' } },
      ],
    });
    expect(result.targets).toEqual([{ name: 'prod', replicas: 2 }]);
    expect(result.explanation[1]).toEqual({
      cluster: 'dev',
      verdict: 'filtered',
      reasons: ['does not match clusterAffinity'],
    });
  });

  it('filters clusters missing a property a spread constraint spreads by', () => {
    const result = schedule({
      replicas: 1,
      placement: {
        spreadConstraints: [
          { spreadByField: 'zone', minGroups: 1, maxGroups: 5 },
          { spreadByField: 'cluster', minGroups: 1, maxGroups: 5 },
        ],
      },
      clusters: [{ name: 'zoned', zones: ['z1'] }, { name: 'flat' }],
    });
    expect(result.targets).toEqual([{ name: 'zoned', replicas: 1 }]);
    expect(result.explanation[1].reasons).toEqual([
      'has no zones (required by spread constraint zone)',
    ]);
  });

  it('filters clusters with a graceful eviction task', () => {
    expect(
      targetsOf({
        replicas: 1,
        placement: {},
        clusters: clustersWith({ a: 1, b: 1 }),
        evictingClusters: ['a'],
      }),
    ).toEqual([{ name: 'b', replicas: 1 }]);
  });

  it('fails with the FitError histogram when nothing fits', () => {
    const error = errorOf({
      replicas: 1,
      placement: { clusterAffinity: { clusterNames: ['ok'] } },
      clusters: tainted.slice(1).concat([
        {
          name: 'x',
          taints: [{ key: 'k', value: 'v', effect: 'NoSchedule' }],
        },
      ]),
    });
    expect(error.message).toBe(
      '0/4 clusters are available: 1 cluster(s) did not match the placement cluster affinity constraint, 1 cluster(s) had untolerated taint {cluster.karmada.io/not-ready:NoSchedule}, 1 cluster(s) had untolerated taint {k=v:NoSchedule}, 1 cluster(s) had untolerated taint {node.kubernetes.io/unreachable:NoExecute}.',
    );
    expect(error.reason).toBe('NoClusterFit');
    expect(error.clearsPlacement).toBe(true);
    expect(error.explanation?.map(entry => entry.verdict)).toEqual([
      'filtered',
      'filtered',
      'filtered',
      'filtered',
    ]);
  });

  it('reports an empty fleet as "no cluster exists"', () => {
    expect(errorOf({ replicas: 1, placement: {}, clusters: [] }).message).toBe(
      '0/0 clusters are available: no cluster exists.',
    );
  });
});

describe('schedule: clusterAffinities fallback (doc §7.4)', () => {
  const placement: KarmadaPlacement = {
    clusterAffinities: [
      { affinityName: 'primary', clusterNames: ['p1'] },
      { affinityName: 'backup', clusterNames: ['b1'] },
    ],
    replicaScheduling: dynamicWeight.replicaScheduling,
  };

  it('uses the first term that schedules', () => {
    const result = schedule({
      replicas: 4,
      placement,
      clusters: clustersWith({ p1: 4, b1: 10 }),
    });
    expect(result.targets).toEqual([{ name: 'p1', replicas: 4 }]);
    expect(result.affinityName).toBe('primary');
  });

  it('falls back when the term fails for any reason (here capacity)', () => {
    const result = schedule({
      replicas: 6,
      placement,
      clusters: clustersWith({ p1: 4, b1: 10 }),
    });
    expect(result.targets).toEqual([{ name: 'b1', replicas: 6 }]);
    expect(result.affinityName).toBe('backup');
  });

  it('starts at the observed term and never goes back by itself', () => {
    const result = schedule({
      replicas: 4,
      placement,
      observedAffinityName: 'backup',
      clusters: clustersWith({ p1: 4, b1: 10 }),
    });
    expect(result.affinityName).toBe('backup');
    expect(result.targets).toEqual([{ name: 'b1', replicas: 4 }]);
  });

  it('starts at the first term again in Fresh mode', () => {
    expect(
      schedule({
        replicas: 4,
        placement,
        fresh: true,
        observedAffinityName: 'backup',
        clusters: clustersWith({ p1: 4, b1: 10 }),
      }).affinityName,
    ).toBe('primary');
  });

  it('reports the first error when every term fails', () => {
    const error = errorOf({
      replicas: 20,
      placement,
      clusters: clustersWith({ p1: 4, b1: 10 }),
    });
    expect(error.message).toBe(
      'failed to assign replicas: failed to scale up: Clusters available replicas 4 are not enough to schedule.',
    );
  });
});

describe('schedule: spread constraints (doc §8)', () => {
  it('selects the first maxGroups clusters in candidate order for Duplicated', () => {
    expect(
      targetsOf({
        replicas: 2,
        placement: {
          spreadConstraints: [
            { spreadByField: 'cluster', minGroups: 1, maxGroups: 2 },
          ],
        },
        clusters: clustersWith({ a: 1, b: 9, c: 5 }),
      }),
    ).toEqual([
      { name: 'b', replicas: 2 },
      { name: 'c', replicas: 2 },
    ]);
  });

  it('prefers clusters from the previous result (locality score)', () => {
    expect(
      targetsOf({
        replicas: 2,
        placement: {
          spreadConstraints: [
            { spreadByField: 'cluster', minGroups: 1, maxGroups: 1 },
          ],
        },
        clusters: clustersWith({ a: 1, b: 9 }),
        previous: [{ name: 'a', replicas: 2 }],
      }),
    ).toEqual([{ name: 'a', replicas: 2 }]);
  });

  it('fails when fewer clusters than minGroups are feasible', () => {
    expect(
      errorOf({
        replicas: 2,
        placement: {
          spreadConstraints: [
            { spreadByField: 'cluster', minGroups: 3, maxGroups: 3 },
          ],
        },
        clusters: clustersWith({ a: 1, b: 1 }),
      }).message,
    ).toBe(
      'failed to select clusters: the number of feasible clusters is less than spreadConstraint.MinGroups',
    );
  });

  it('treats an absent maxGroups as zero clusters', () => {
    expect(
      errorOf({
        replicas: 2,
        placement: {
          ...dynamicWeight,
          spreadConstraints: [{ spreadByField: 'cluster', minGroups: 1 }],
        },
        clusters: clustersWith({ a: 5 }),
      }).message,
    ).toBe(
      'failed to select clusters: no enough resource when selecting 0 clusters',
    );
    expect(
      errorOf({
        replicas: 2,
        placement: {
          spreadConstraints: [{ spreadByField: 'cluster', minGroups: 1 }],
        },
        clusters: clustersWith({ a: 5 }),
      }).message,
    ).toBe('failed to assign replicas: no clusters available to schedule');
  });

  it('rejects label-only spread constraints', () => {
    expect(
      errorOf({
        replicas: 1,
        placement: { spreadConstraints: [{ spreadByLabel: 'team' }] },
        clusters: clustersWith({ a: 1 }),
      }).message,
    ).toBe(
      'failed to select clusters: just support cluster and region spread constraint',
    );
  });

  it('explains clusters dropped by a spread constraint', () => {
    const result = schedule({
      replicas: 1,
      placement: {
        spreadConstraints: [
          { spreadByField: 'cluster', minGroups: 1, maxGroups: 1 },
        ],
      },
      clusters: clustersWith({ a: 1, b: 2 }),
    });
    expect(result.explanation[0]).toEqual({
      cluster: 'a',
      verdict: 'not-selected',
      reasons: ['not chosen by spread constraint cluster'],
    });
  });

  it('spreads over regions: best cluster per region, then fills up to maxGroups', () => {
    const clusters: ClusterSnapshot[] = [
      { name: 'eu-1', region: 'eu', availableReplicas: 10 },
      { name: 'eu-2', region: 'eu', availableReplicas: 8 },
      { name: 'us-1', region: 'us', availableReplicas: 9 },
      { name: 'ap-1', region: 'ap', availableReplicas: 1 },
    ];
    const result = schedule({
      replicas: 6,
      placement: {
        ...dynamicWeight,
        spreadConstraints: [
          { spreadByField: 'region', minGroups: 2, maxGroups: 2 },
          { spreadByField: 'cluster', minGroups: 2, maxGroups: 3 },
        ],
      },
      clusters,
    });
    // Regions eu (score 6000, 2 clusters) and us (6000, 1) beat ap (1000);
    // eu-1 and us-1 lead, eu-2 fills the third slot. 6 over 10:8:9.
    expect(result.targets).toEqual([
      { name: 'eu-1', replicas: 2 },
      { name: 'eu-2', replicas: 2 },
      { name: 'us-1', replicas: 2 },
    ]);
    expect(result.explanation[3]).toEqual({
      cluster: 'ap-1',
      verdict: 'not-selected',
      reasons: ['not chosen by spread constraint region'],
    });
  });

  it("fails region selection with Karmada's messages", () => {
    const clusters: ClusterSnapshot[] = [
      { name: 'eu-1', region: 'eu', availableReplicas: 10 },
      { name: 'us-1', region: 'us', availableReplicas: 9 },
    ];
    const withConstraints = (
      regionMin: number,
      clusterMin: number,
    ): ScheduleRequest => ({
      replicas: 2,
      placement: {
        spreadConstraints: [
          { spreadByField: 'region', minGroups: regionMin, maxGroups: 3 },
          { spreadByField: 'cluster', minGroups: clusterMin, maxGroups: 3 },
        ],
      },
      clusters,
    });
    expect(errorOf(withConstraints(3, 1)).message).toBe(
      'failed to select clusters: the number of feasible region is less than spreadConstraint.MinGroups',
    );
    expect(errorOf(withConstraints(1, 3)).message).toBe(
      'failed to select clusters: the number of clusters is less than the cluster spreadConstraint.MinGroups',
    );
  });
});

describe('schedule: estimator integration (doc §9)', () => {
  it('estimates allocatable from resourceSummary when availableReplicas is absent', () => {
    const cluster: ClusterSnapshot = {
      name: 'summary',
      resourceSummary: {
        allocatable: { cpu: '4', memory: '8Gi', pods: '100' },
        allocated: { cpu: '1', memory: '2Gi', pods: '20' },
      },
    };
    expect(() =>
      schedule({
        replicas: 7,
        placement: dynamicWeight,
        replicaRequirements: {
          resourceRequest: { cpu: '500m', memory: '1Gi' },
        },
        clusters: [cluster],
      }),
    ).toThrow(
      'failed to assign replicas: failed to scale up: Clusters available replicas 6 are not enough to schedule.',
    );
    expect(
      targetsOf({
        replicas: 6,
        placement: dynamicWeight,
        replicaRequirements: {
          resourceRequest: { cpu: '500m', memory: '1Gi' },
        },
        clusters: [cluster],
      }),
    ).toEqual([{ name: 'summary', replicas: 6 }]);
  });

  it('ignores an unauthentic (-1) estimator answer', () => {
    expect(
      targetsOf({
        replicas: 3,
        placement: dynamicWeight,
        clusters: [
          {
            name: 'a',
            availableReplicas: -1,
            resourceSummary: { allocatable: { pods: '3' } },
          },
        ],
      }),
    ).toEqual([{ name: 'a', replicas: 3 }]);
  });
});

describe('schedule: request validation', () => {
  it('rejects duplicate cluster names and bad replica counts', () => {
    expect(
      errorOf({
        replicas: 1,
        placement: {},
        clusters: clustersWith({ a: 1 }).concat(clustersWith({ a: 2 })),
      }).code,
    ).toBe('InvalidRequest');
    expect(errorOf({ replicas: -1, placement: {}, clusters: [] }).code).toBe(
      'InvalidRequest',
    );
    expect(errorOf({ replicas: 1.5, placement: {}, clusters: [] }).code).toBe(
      'InvalidRequest',
    );
  });

  it.each([
    [
      { cpu: 'abc' },
      'replicaRequirements.resourceRequest.cpu: quantities must match',
    ],
    [
      { cpu: '-1' },
      'replicaRequirements.resourceRequest.cpu: must be greater than or equal to 0',
    ],
    [
      { cpu: '1e10000000' },
      'replicaRequirements.resourceRequest.cpu: quantity exponents must be',
    ],
    [
      { constructor: '1' },
      "replicaRequirements.resourceRequest.constructor: 'constructor' is reserved",
    ],
  ])('rejects the request %p naming the field', (resourceRequest, message) => {
    for (const placement of [{}, dynamicWeight]) {
      const error = errorOf({
        replicas: 2,
        placement,
        clusters: clustersWith({ a: 5 }),
        replicaRequirements: { resourceRequest },
      });
      expect(error.code).toBe('InvalidRequest');
      expect(error.message).toContain(message);
    }
  });

  it('schedules around a cluster that reports garbage quantities', () => {
    const healthy = { cpu: '4', memory: '8Gi', pods: '110' };
    const result = schedule({
      replicas: 6,
      placement: dynamicWeight,
      clusters: [
        { name: 'good', resourceSummary: { allocatable: healthy } },
        {
          name: 'bad-cpu',
          resourceSummary: { allocatable: { ...healthy, cpu: '1e10000000' } },
        },
        {
          name: 'bad-pods',
          resourceSummary: {
            allocatable: healthy,
            allocated: { pods: 'NaN' },
          },
        },
      ],
      replicaRequirements: { resourceRequest: { cpu: '500m' } },
    });
    expect(result.targets).toEqual([{ name: 'good', replicas: 6 }]);
  });

  it('does not modify its input', () => {
    const request: ScheduleRequest = {
      replicas: 4,
      placement: {
        replicaScheduling: {},
        spreadConstraints: [{ maxGroups: 2 }],
      },
      clusters: clustersWith({ a: 2, b: 3 }),
      previous: [{ name: 'a', replicas: 1 }],
    };
    const copy = JSON.parse(JSON.stringify(request));
    schedule(request);
    expect(request).toEqual(copy);
  });
});

describe('schedule: cluster set reachability (Flotilla)', () => {
  const clusters: ClusterSnapshot[] = [
    { name: 'eu-1', availableReplicas: 10, clusterSets: ['mesh-eu'] },
    { name: 'eu-2', availableReplicas: 10, clusterSets: ['mesh-eu'] },
    { name: 'us-1', availableReplicas: 10, clusterSets: ['mesh-us'] },
    { name: 'edge', availableReplicas: 10 },
  ];
  const paymentsDb = {
    ref: 'component:default/payments-db',
    clusters: [{ name: 'eu-1', clusterSets: ['mesh-eu'] }],
  };

  it('refuses a cluster that cannot reach a dependency and explains why', () => {
    const result = schedule({
      replicas: 4,
      placement: dynamicWeight,
      clusters,
      reachability: { dependencies: [paymentsDb] },
    });
    expect(result.targets).toEqual([
      { name: 'eu-1', replicas: 2 },
      { name: 'eu-2', replicas: 2 },
    ]);
    const byCluster = Object.fromEntries(
      result.explanation.map(entry => [entry.cluster, entry]),
    );
    expect(byCluster['us-1']).toEqual({
      cluster: 'us-1',
      verdict: 'filtered',
      reasons: [
        'shares no cluster set with component:default/payments-db (runs on eu-1)',
      ],
    });
    expect(byCluster.edge.verdict).toBe('filtered');
    expect(byCluster['eu-1'].reasons).toContain(
      'runs beside component:default/payments-db',
    );
    expect(byCluster['eu-2'].reasons).toContain(
      'reaches component:default/payments-db through cluster set mesh-eu',
    );
  });

  it('counts unreachable clusters in the FitError histogram', () => {
    const error = errorOf({
      replicas: 2,
      placement: {
        clusterAffinity: { clusterNames: ['us-1', 'edge'] },
      },
      clusters,
      reachability: { dependencies: [paymentsDb] },
    });
    expect(error.code).toBe('NoClusterFit');
    expect(error.message).toBe(
      "0/4 clusters are available: 2 cluster(s) cannot reach the workload's dependencies, 2 cluster(s) did not match the placement cluster affinity constraint.",
    );
    expect(
      error.explanation?.find(entry => entry.cluster === 'eu-1')?.reasons,
    ).toEqual(['does not match clusterAffinity']);
  });

  it('falls through clusterAffinities terms whose clusters cannot reach', () => {
    const result = schedule({
      replicas: 2,
      placement: {
        ...aggregated,
        clusterAffinities: [
          { affinityName: 'us', clusterNames: ['us-1'] },
          { affinityName: 'eu', clusterNames: ['eu-2'] },
        ],
      },
      clusters,
      reachability: { dependencies: [paymentsDb] },
    });
    expect(result.affinityName).toBe('eu');
    expect(result.targets).toEqual([{ name: 'eu-2', replicas: 2 }]);
  });

  it('places anywhere when the dependencies run nowhere yet', () => {
    const free = schedule({
      replicas: 4,
      placement: dynamicWeight,
      clusters,
      reachability: {
        dependencies: [{ ref: 'component:default/new-db', clusters: [] }],
      },
    });
    expect(free.targets).toEqual(
      targetsOf({ replicas: 4, placement: dynamicWeight, clusters }),
    );
    expect(free.targets).toHaveLength(4);
  });

  it('rejects a malformed requirement before scheduling', () => {
    const error = errorOf({
      replicas: 1,
      placement: {},
      clusters,
      reachability: {
        dependencies: [{ clusters: [] } as unknown as typeof paymentsDb],
      },
    });
    expect(error.code).toBe('InvalidRequest');
    expect(error.message).toBe(
      'reachability.dependencies.0.ref: dependency ref is required',
    );
  });

  it('matches the unconstrained result whenever every cluster reaches (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20 }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.integer({ min: 0, max: 40 }),
        fc.constantFrom(dynamicWeight, aggregated, {}),
        (available, replicas, placement) => {
          const snapshots = available.map((availableReplicas, index) => ({
            name: `c${index}`,
            availableReplicas,
            clusterSets: ['shared', `own-${index}`],
          }));
          const outcome = (request: ScheduleRequest) => {
            try {
              return schedule(request).targets;
            } catch (error) {
              return (error as PlacementError).message;
            }
          };
          const base = { replicas, placement, clusters: snapshots };
          expect(
            outcome({
              ...base,
              reachability: {
                dependencies: [
                  {
                    ref: 'component:default/db',
                    clusters: [{ name: 'db-1', clusterSets: ['shared'] }],
                  },
                ],
              },
            }),
          ).toEqual(outcome(base));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never places on a cluster that cannot reach (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            available: fc.integer({ min: 0, max: 20 }),
            sets: fc.subarray(['a', 'b', 'c']),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.subarray(['a', 'b', 'c'], { minLength: 1 }),
        fc.integer({ min: 1, max: 30 }),
        (specs, dependencySets, replicas) => {
          const snapshots = specs.map((spec, index) => ({
            name: `c${index}`,
            availableReplicas: spec.available,
            clusterSets: spec.sets,
          }));
          let targets: { name: string }[] = [];
          let failure: unknown;
          try {
            targets = schedule({
              replicas,
              placement: dynamicWeight,
              clusters: snapshots,
              reachability: {
                dependencies: [
                  {
                    ref: 'component:default/db',
                    clusters: [{ name: 'db', clusterSets: dependencySets }],
                  },
                ],
              },
            }).targets;
          } catch (error) {
            failure = error;
          }
          expect(
            failure === undefined || failure instanceof PlacementError,
          ).toBe(true);
          for (const target of targets) {
            const sets = snapshots.find(
              c => c.name === target.name,
            )!.clusterSets;
            expect(sets.some(set => dependencySets.includes(set))).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
