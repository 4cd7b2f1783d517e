import { PlacementError } from '../errors';
import { resolveStrategy, strategyOf } from './index';

describe('strategyOf', () => {
  it('resolves the four strategies like Karmada', () => {
    expect(strategyOf({})).toBe('Duplicated');
    expect(
      strategyOf({
        replicaScheduling: { replicaSchedulingType: 'Duplicated' },
      }),
    ).toBe('Duplicated');
    expect(
      strategyOf({
        replicaScheduling: {
          replicaSchedulingType: 'Divided',
          replicaDivisionPreference: 'Aggregated',
        },
      }),
    ).toBe('Aggregated');
    expect(
      strategyOf({
        replicaScheduling: {
          replicaSchedulingType: 'Divided',
          replicaDivisionPreference: 'Weighted',
          weightPreference: {
            dynamicWeight: 'AvailableReplicas',
            staticWeightList: [{ targetCluster: {}, weight: 1 }],
          },
        },
      }),
    ).toBe('DynamicWeight');
    expect(
      strategyOf({
        replicaScheduling: {
          replicaSchedulingType: 'Divided',
          replicaDivisionPreference: 'Weighted',
        },
      }),
    ).toBe('StaticWeight');
  });

  it('has no strategy for Divided without a preference (before defaulting)', () => {
    expect(
      strategyOf({ replicaScheduling: { replicaSchedulingType: 'Divided' } }),
    ).toBeUndefined();
    expect(() =>
      resolveStrategy({
        replicaScheduling: { replicaSchedulingType: 'Divided' },
      }),
    ).toThrow(
      new PlacementError(
        'UnsupportedStrategy',
        'unsupported replica scheduling strategy, replicaSchedulingType: Divided, replicaDivisionPreference: , please try another scheduling strategy',
      ),
    );
  });
});
