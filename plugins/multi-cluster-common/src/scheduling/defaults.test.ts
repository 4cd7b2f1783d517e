import { applyPlacementDefaults } from './defaults';

describe('applyPlacementDefaults', () => {
  it('defaults replicaSchedulingType to Divided and the preference to Weighted', () => {
    expect(
      applyPlacementDefaults({ replicaScheduling: {} }).replicaScheduling,
    ).toEqual({
      replicaSchedulingType: 'Divided',
      replicaDivisionPreference: 'Weighted',
    });
  });

  it('does not add a preference to Duplicated or touch an explicit one', () => {
    expect(
      applyPlacementDefaults({
        replicaScheduling: { replicaSchedulingType: 'Duplicated' },
      }).replicaScheduling,
    ).toEqual({ replicaSchedulingType: 'Duplicated' });
    expect(
      applyPlacementDefaults({
        replicaScheduling: { replicaDivisionPreference: 'Aggregated' },
      }).replicaScheduling,
    ).toEqual({
      replicaSchedulingType: 'Divided',
      replicaDivisionPreference: 'Aggregated',
    });
  });

  it('leaves a missing replicaScheduling missing (Duplicated)', () => {
    expect(applyPlacementDefaults({}).replicaScheduling).toBeUndefined();
  });

  it('defaults spread constraints like the webhook', () => {
    expect(
      applyPlacementDefaults({
        spreadConstraints: [{ maxGroups: 2 }, { spreadByLabel: 'team' }],
      }).spreadConstraints,
    ).toEqual([
      { maxGroups: 2, spreadByField: 'cluster', minGroups: 1 },
      { spreadByLabel: 'team', spreadByField: undefined, minGroups: 1 },
    ]);
  });

  it('does not modify its input', () => {
    const placement = { replicaScheduling: {}, spreadConstraints: [{}] };
    applyPlacementDefaults(placement);
    expect(placement).toEqual({
      replicaScheduling: {},
      spreadConstraints: [{}],
    });
  });
});
