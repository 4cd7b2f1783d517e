import fc from 'fast-check';
import { PlacementError } from './errors';
import type { KarmadaPlacement } from './placement';
import { schedule } from './schedule';
import type { ClusterSnapshot, ScheduleRequest } from './types';

const names = [
  'alpha',
  'bravo',
  'charlie',
  'delta',
  'echo',
  'foxtrot',
  'golf',
  'hotel',
];

const clusterArbitrary = (name: string): fc.Arbitrary<ClusterSnapshot> =>
  fc.record({
    name: fc.constant(name),
    availableReplicas: fc.integer({ min: 0, max: 60 }),
    region: fc.constantFrom('eu', 'us', 'ap'),
    labels: fc.record({ tier: fc.constantFrom('gold', 'silver') }),
  });

const fleetArbitrary = fc
  .subarray(names, { minLength: 1 })
  .chain(chosen => fc.tuple(...chosen.map(clusterArbitrary)));

const uidArbitrary = fc.constantFrom(
  undefined,
  '4858ca61-3ff8-4095-8267-f3d059d8074c',
  'd43fdeeb-d750-4e2b-bee3-64eb94534f4c',
);

const strategies: Record<string, KarmadaPlacement> = {
  duplicated: { replicaScheduling: { replicaSchedulingType: 'Duplicated' } },
  staticWeight: {
    replicaScheduling: {
      replicaSchedulingType: 'Divided',
      replicaDivisionPreference: 'Weighted',
      weightPreference: {
        staticWeightList: [
          {
            targetCluster: { labelSelector: { matchLabels: { tier: 'gold' } } },
            weight: 3,
          },
          {
            targetCluster: {
              fieldSelector: {
                matchExpressions: [
                  { key: 'region', operator: 'In', values: ['eu'] },
                ],
              },
            },
            weight: 2,
          },
          { targetCluster: { clusterNames: ['alpha', 'echo'] }, weight: 1 },
        ],
      },
    },
  },
  dynamicWeight: {
    replicaScheduling: {
      replicaSchedulingType: 'Divided',
      replicaDivisionPreference: 'Weighted',
      weightPreference: { dynamicWeight: 'AvailableReplicas' },
    },
  },
  aggregated: {
    replicaScheduling: {
      replicaSchedulingType: 'Divided',
      replicaDivisionPreference: 'Aggregated',
    },
  },
};

function outcome(request: ScheduleRequest): string {
  try {
    return JSON.stringify(schedule(request).targets);
  } catch (error) {
    if (error instanceof PlacementError) return `error: ${error.message}`;
    throw error;
  }
}

function total(request: ScheduleRequest): number {
  return schedule(request).targets.reduce(
    (sum, target) => sum + (target.replicas ?? 0),
    0,
  );
}

describe('scheduling properties', () => {
  it('divided strategies place exactly the replicas when capacity allows', () => {
    fc.assert(
      fc.property(
        fleetArbitrary,
        fc.integer({ min: 1, max: 200 }),
        fc.constantFrom('staticWeight', 'dynamicWeight', 'aggregated'),
        uidArbitrary,
        (clusters, replicas, strategy, uid) => {
          const capacity = clusters.reduce(
            (sum, cluster) => sum + (cluster.availableReplicas ?? 0),
            0,
          );
          fc.pre(strategy === 'staticWeight' || capacity >= replicas);
          expect(
            total({ replicas, clusters, placement: strategies[strategy], uid }),
          ).toBe(replicas);
        },
      ),
    );
  });

  it("fails with Karmada's capacity error instead when capacity does not allow", () => {
    fc.assert(
      fc.property(
        fleetArbitrary,
        fc.constantFrom('dynamicWeight', 'aggregated'),
        (clusters, strategy) => {
          const capacity = clusters.reduce(
            (sum, cluster) => sum + (cluster.availableReplicas ?? 0),
            0,
          );
          expect(
            outcome({
              replicas: capacity + 1,
              clusters,
              placement: strategies[strategy],
            }),
          ).toBe(
            `error: failed to assign replicas: failed to scale up: Clusters available replicas ${capacity} are not enough to schedule.`,
          );
        },
      ),
    );
  });

  it('does not depend on the order of the input clusters', () => {
    fc.assert(
      fc.property(
        fleetArbitrary.chain(clusters =>
          fc.tuple(
            fc.constant(clusters),
            fc.shuffledSubarray(clusters, { minLength: clusters.length }),
          ),
        ),
        fc.integer({ min: 0, max: 150 }),
        fc.constantFrom(...Object.keys(strategies)),
        uidArbitrary,
        fc.boolean(),
        ([clusters, shuffled], replicas, strategy, uid, withSpread) => {
          const placement: KarmadaPlacement = {
            ...strategies[strategy],
            spreadConstraints: withSpread
              ? [
                  { spreadByField: 'region', minGroups: 1, maxGroups: 2 },
                  { spreadByField: 'cluster', minGroups: 1, maxGroups: 3 },
                ]
              : undefined,
          };
          const previous = clusters
            .slice(0, 2)
            .map(cluster => ({ name: cluster.name, replicas: 3 }));
          expect(
            outcome({ replicas, clusters: shuffled, placement, uid, previous }),
          ).toBe(outcome({ replicas, clusters, placement, uid, previous }));
        },
      ),
    );
  });

  it('static weights never take a replica away when the total grows', () => {
    fc.assert(
      fc.property(
        fleetArbitrary,
        fc.integer({ min: 1, max: 150 }),
        uidArbitrary,
        (clusters, replicas, uid) => {
          const before = schedule({
            replicas,
            clusters,
            placement: strategies.staticWeight,
            uid,
          }).targets;
          const after = new Map(
            schedule({
              replicas: replicas + 1,
              clusters,
              placement: strategies.staticWeight,
              uid,
            }).targets.map(target => [target.name, target.replicas ?? 0]),
          );
          for (const target of before) {
            expect(after.get(target.name) ?? 0).toBeGreaterThanOrEqual(
              target.replicas ?? 0,
            );
          }
        },
      ),
    );
  });

  it('Duplicated gives every feasible cluster the full count', () => {
    fc.assert(
      fc.property(
        fleetArbitrary,
        fc.integer({ min: 1, max: 500 }),
        (clusters, replicas) => {
          const request: ScheduleRequest = {
            replicas,
            clusters,
            placement: {
              ...strategies.duplicated,
              clusterAffinity: {
                labelSelector: { matchLabels: { tier: 'gold' } },
              },
            },
          };
          const gold = clusters
            .filter(cluster => cluster.labels?.tier === 'gold')
            .map(cluster => cluster.name)
            .sort();
          const expected =
            gold.length === 0
              ? `error: 0/${clusters.length} clusters are available: ${clusters.length} cluster(s) did not match the placement cluster affinity constraint.`
              : JSON.stringify(gold.map(name => ({ name, replicas })));
          expect(outcome(request)).toBe(expected);
        },
      ),
    );
  });

  it('steady scale-up never takes replicas from clusters that keep running', () => {
    fc.assert(
      fc.property(
        fleetArbitrary,
        fc.array(fc.integer({ min: 0, max: 20 }), {
          minLength: 8,
          maxLength: 8,
        }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom('dynamicWeight', 'aggregated'),
        (clusters, previousCounts, extra, strategy) => {
          const previous = clusters.map((cluster, index) => ({
            name: cluster.name,
            replicas: previousCounts[index],
          }));
          const assigned = previous.reduce(
            (sum, entry) => sum + entry.replicas,
            0,
          );
          const capacity = clusters.reduce(
            (sum, cluster) => sum + (cluster.availableReplicas ?? 0),
            0,
          );
          fc.pre(extra <= capacity && assigned + extra > 0);
          const targets = new Map(
            schedule({
              replicas: assigned + extra,
              clusters,
              previous,
              placement: strategies[strategy],
            }).targets.map(target => [target.name, target.replicas ?? 0]),
          );
          for (const entry of previous) {
            expect(targets.get(entry.name) ?? 0).toBeGreaterThanOrEqual(
              entry.replicas,
            );
          }
        },
      ),
    );
  });

  it('returns name-sorted targets without zero entries, and one explanation per cluster', () => {
    fc.assert(
      fc.property(
        fleetArbitrary,
        fc.integer({ min: 1, max: 100 }),
        fc.constantFrom(...Object.keys(strategies)),
        (clusters, replicas, strategy) => {
          const request = {
            replicas,
            clusters,
            placement: strategies[strategy],
          };
          // Only PlacementErrors may escape (outcome() rethrows anything else).
          fc.pre(!outcome(request).startsWith('error: '));
          const result = schedule(request);
          const targetNames = result.targets.map(target => target.name);
          expect(targetNames).toEqual(targetNames.slice().sort());
          expect(
            result.targets.every(target => (target.replicas ?? 0) > 0),
          ).toBe(true);
          expect(result.explanation.map(entry => entry.cluster)).toEqual(
            clusters.map(cluster => cluster.name),
          );
          const selected = result.explanation
            .filter(entry => entry.verdict === 'selected')
            .map(entry => entry.cluster);
          expect(selected.sort()).toEqual(targetNames);
        },
      ),
    );
  });
});
