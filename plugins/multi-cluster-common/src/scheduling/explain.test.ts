import { PlacementError } from './errors';
import type { KarmadaPlacement } from './placement';
import { schedule } from './schedule';
import type { ClusterSnapshot } from './types';

const clusters: ClusterSnapshot[] = [
  { name: 'a', availableReplicas: 6 },
  { name: 'b', availableReplicas: 2 },
  { name: 'c', availableReplicas: 0 },
];

const reasonsOf = (
  placement: KarmadaPlacement,
  replicas: number,
  previous?: { name: string; replicas: number }[],
) =>
  schedule({ replicas, placement, clusters, previous }).explanation.map(
    entry => [entry.cluster, entry.verdict, ...entry.reasons],
  );

describe('explanation', () => {
  it('explains static weights, including clusters no rule matches', () => {
    expect(
      reasonsOf(
        {
          replicaScheduling: {
            replicaSchedulingType: 'Divided',
            replicaDivisionPreference: 'Weighted',
            weightPreference: {
              staticWeightList: [
                { targetCluster: { clusterNames: ['a'] }, weight: 2 },
                { targetCluster: { clusterNames: ['b'] }, weight: 3 },
              ],
            },
          },
        },
        5,
      ),
    ).toEqual([
      ['a', 'selected', 'assigned 2 replicas (weight 2 of 5)'],
      ['b', 'selected', 'assigned 3 replicas (weight 3 of 5)'],
      [
        'c',
        'not-selected',
        'assigned 0 replicas (no staticWeightList rule matches this cluster)',
      ],
    ]);
  });

  it('explains a dynamic scale-up with kept and added replicas', () => {
    expect(
      reasonsOf(
        {
          replicaScheduling: {
            replicaSchedulingType: 'Divided',
            weightPreference: { dynamicWeight: 'AvailableReplicas' },
          },
        },
        6,
        [{ name: 'a', replicas: 2 }],
      ),
    ).toEqual([
      [
        'a',
        'selected',
        'assigned 5 replicas (2 kept, 3 added; weight 6 of 8 by available replicas)',
      ],
      [
        'b',
        'selected',
        'assigned 1 replica (weight 2 of 8 by available replicas)',
      ],
      [
        'c',
        'not-selected',
        'assigned 0 replicas (weight 0 of 8 by available replicas)',
      ],
    ]);
  });

  it('explains scale-down, unchanged and aggregated outcomes', () => {
    const aggregated: KarmadaPlacement = {
      replicaScheduling: {
        replicaSchedulingType: 'Divided',
        replicaDivisionPreference: 'Aggregated',
      },
    };
    expect(
      reasonsOf(aggregated, 2, [
        { name: 'a', replicas: 3 },
        { name: 'b', replicas: 1 },
      ]),
    ).toEqual([
      [
        'a',
        'selected',
        'assigned 2 replicas (scaled down in proportion to the previous 3 of 3)',
        'previously ran 3 replicas',
      ],
      [
        'b',
        'not-selected',
        'assigned 0 replicas (scaled down: not kept by the aggregated division)',
        'previously ran 1 replica',
      ],
      [
        'c',
        'not-selected',
        'assigned 0 replicas (scaled down: not kept by the aggregated division)',
      ],
    ]);
    expect(reasonsOf(aggregated, 4, [{ name: 'b', replicas: 4 }])[1]).toEqual([
      'b',
      'selected',
      'assigned 4 replicas (unchanged: the previous result already sums to the desired replicas)',
      'previously ran 4 replicas',
    ]);
    expect(reasonsOf(aggregated, 3)[1]).toEqual([
      'b',
      'not-selected',
      'assigned 0 replicas (outside the aggregated selection)',
    ]);
  });

  it('notes untolerated taints on clusters kept from the previous result', () => {
    const result = schedule({
      replicas: 2,
      placement: {},
      clusters: [
        {
          name: 'down',
          taints: [
            { key: 'cluster.karmada.io/unreachable', effect: 'NoExecute' },
          ],
        },
      ],
      previous: [{ name: 'down', replicas: 2 }],
    });
    expect(result.targets).toEqual([{ name: 'down', replicas: 2 }]);
    expect(result.explanation[0].reasons).toEqual([
      'assigned 2 replicas (duplicated: every cluster runs all replicas)',
      'previously ran 2 replicas',
      'kept despite untolerated taint cluster.karmada.io/unreachable:NoExecute: already placed here, eviction is up to the taint manager',
    ]);
  });

  it('explains non-workloads', () => {
    expect(reasonsOf({}, 0)[0]).toEqual([
      'a',
      'selected',
      'selected (not a workload: propagated without a replica count)',
    ]);
  });

  it('is computed lazily but behaves like a plain property', () => {
    const result = schedule({ replicas: 1, placement: {}, clusters });
    expect(Object.keys(result)).toEqual(['targets', 'explanation']);
    const parsed = JSON.parse(JSON.stringify(result));
    expect(parsed.explanation).toHaveLength(3);
    expect(result.explanation).toBe(result.explanation);
    result.explanation = [];
    expect(result.explanation).toEqual([]);
  });

  it('is attached to errors', () => {
    let failure: unknown;
    try {
      schedule({
        replicas: 100,
        placement: {
          replicaScheduling: {
            replicaSchedulingType: 'Divided',
            replicaDivisionPreference: 'Aggregated',
          },
        },
        clusters,
      });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(PlacementError);
    expect((failure as PlacementError).explanation).toEqual([
      {
        cluster: 'a',
        verdict: 'not-selected',
        reasons: ['feasible and selected, but replica assignment failed'],
      },
      {
        cluster: 'b',
        verdict: 'not-selected',
        reasons: ['feasible and selected, but replica assignment failed'],
      },
      {
        cluster: 'c',
        verdict: 'not-selected',
        reasons: ['feasible and selected, but replica assignment failed'],
      },
    ]);
  });
});
