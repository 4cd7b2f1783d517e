import {
  constraintsByField,
  effectiveSpreadConstraints,
  selectionIgnoresResources,
  spreadIgnoredForPlacement,
} from './constraints';

describe('effectiveSpreadConstraints', () => {
  it('defaults the field to cluster and minGroups to 1, but not maxGroups', () => {
    expect(
      effectiveSpreadConstraints([
        {},
        { spreadByLabel: 'team', minGroups: 2, maxGroups: 3 },
      ]),
    ).toEqual([
      { field: 'cluster', label: undefined, minGroups: 1, maxGroups: 0 },
      { field: '', label: 'team', minGroups: 2, maxGroups: 3 },
    ]);
    expect(effectiveSpreadConstraints(undefined)).toEqual([]);
  });

  it('keeps the last constraint per field', () => {
    const byField = constraintsByField(
      effectiveSpreadConstraints([
        { spreadByField: 'cluster', maxGroups: 1 },
        { spreadByField: 'cluster', maxGroups: 2 },
      ]),
    );
    expect(byField.get('cluster')?.maxGroups).toBe(2);
  });
});

describe('spreadIgnoredForPlacement', () => {
  const weighted = (weightPreference?: object) => ({
    replicaScheduling: {
      replicaSchedulingType: 'Divided' as const,
      replicaDivisionPreference: 'Weighted' as const,
      weightPreference,
    },
  });

  it('ignores spread constraints for static weights', () => {
    expect(spreadIgnoredForPlacement(weighted(undefined))).toBe(true);
    expect(
      spreadIgnoredForPlacement(
        weighted({ staticWeightList: [{ targetCluster: {}, weight: 1 }] }),
      ),
    ).toBe(true);
  });

  it('keeps them for dynamic weights, an empty preference, Aggregated and Duplicated', () => {
    expect(
      spreadIgnoredForPlacement(
        weighted({ dynamicWeight: 'AvailableReplicas' }),
      ),
    ).toBe(false);
    expect(spreadIgnoredForPlacement(weighted({}))).toBe(false);
    expect(
      spreadIgnoredForPlacement({
        replicaScheduling: {
          replicaSchedulingType: 'Divided',
          replicaDivisionPreference: 'Aggregated',
        },
      }),
    ).toBe(false);
    expect(spreadIgnoredForPlacement({})).toBe(false);
  });
});

describe('selectionIgnoresResources', () => {
  it('is true for Duplicated and missing replicaScheduling only', () => {
    expect(selectionIgnoresResources({})).toBe(true);
    expect(
      selectionIgnoresResources({
        replicaScheduling: { replicaSchedulingType: 'Duplicated' },
      }),
    ).toBe(true);
    expect(
      selectionIgnoresResources({
        replicaScheduling: { replicaSchedulingType: 'Divided' },
      }),
    ).toBe(false);
  });
});
