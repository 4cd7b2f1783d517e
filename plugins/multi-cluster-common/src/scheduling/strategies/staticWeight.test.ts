import type { KarmadaPlacement } from '../placement';
import { candidate } from '../__testUtils__/testCandidates';
import { assignStaticWeight } from './staticWeight';
import { NOT_A_PARTY } from './types';

const input = (
  placement: KarmadaPlacement,
  replicas: number,
  names = ['a', 'b', 'c'],
) => ({
  candidates: names.map(name => candidate(name)),
  ordered: false,
  replicas,
  placement,
  fresh: false,
  tieBreak: 'ascending' as const,
});

const weighted = (
  staticWeightList?: { targetCluster: object; weight: number }[],
): KarmadaPlacement => ({
  replicaScheduling: {
    replicaSchedulingType: 'Divided',
    replicaDivisionPreference: 'Weighted',
    weightPreference: staticWeightList ? { staticWeightList } : undefined,
  },
});

describe('assignStaticWeight', () => {
  it('divides by the matching weights and reports them', () => {
    const outcome = assignStaticWeight(
      input(
        weighted([
          { targetCluster: { clusterNames: ['a'] }, weight: 3 },
          { targetCluster: { clusterNames: ['b'] }, weight: 2 },
          { targetCluster: { clusterNames: ['c'] }, weight: 1 },
        ]),
        14,
      ),
    );
    expect(outcome).toEqual({
      mode: 'static-weight',
      replicas: [7, 5, 2],
      weights: [3, 2, 1],
      weightTotal: 6,
    });
  });

  it('weighs every candidate 1 without a weightPreference', () => {
    expect(assignStaticWeight(input(weighted(undefined), 5)).replicas).toEqual([
      2, 2, 1,
    ]);
  });

  it('marks unmatched candidates as non-parties', () => {
    const outcome = assignStaticWeight(
      input(
        weighted([{ targetCluster: { clusterNames: ['b'] }, weight: 4 }]),
        3,
      ),
    );
    expect(outcome.replicas).toEqual([0, 3, 0]);
    expect(outcome.weights).toEqual([NOT_A_PARTY, 4, NOT_A_PARTY]);
  });

  it('falls back to equal weights when nothing matches', () => {
    const outcome = assignStaticWeight(
      input(
        weighted([{ targetCluster: { clusterNames: ['z'] }, weight: 4 }]),
        3,
      ),
    );
    expect(outcome.replicas).toEqual([1, 1, 1]);
    expect(outcome.weightTotal).toBe(3);
  });

  it('gives nothing for zero replicas', () => {
    expect(assignStaticWeight(input(weighted(undefined), 0)).replicas).toEqual([
      0, 0, 0,
    ]);
  });
});
