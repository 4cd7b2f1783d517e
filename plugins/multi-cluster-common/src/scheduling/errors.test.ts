import {
  notEnoughReplicasMessage,
  PlacementError,
  unsupportedStrategyMessage,
} from './errors';

describe('PlacementError', () => {
  it('maps codes to Karmada condition reasons', () => {
    expect(new PlacementError('NoClusterFit', 'x').reason).toBe('NoClusterFit');
    expect(new PlacementError('InsufficientReplicas', 'x').reason).toBe(
      'Unschedulable',
    );
    expect(
      new PlacementError('SpreadConstraintUnsatisfiable', 'x').reason,
    ).toBe('SchedulerError');
    expect(new PlacementError('NoClusterFit', 'x').clearsPlacement).toBe(true);
    expect(
      new PlacementError('InsufficientReplicas', 'x').clearsPlacement,
    ).toBe(false);
  });

  it('wraps like Go error wrapping and keeps the innermost detail', () => {
    const inner = new PlacementError(
      'InsufficientReplicas',
      notEnoughReplicasMessage(5),
    );
    const wrapped = inner
      .wrap('failed to scale up')
      .wrap('failed to assign replicas');
    expect(wrapped).toBeInstanceOf(Error);
    expect(wrapped.name).toBe('PlacementError');
    expect(wrapped.message).toBe(
      'failed to assign replicas: failed to scale up: Clusters available replicas 5 are not enough to schedule.',
    );
    expect(wrapped.detail).toBe(
      'Clusters available replicas 5 are not enough to schedule.',
    );
    expect(wrapped.code).toBe('InsufficientReplicas');
  });

  it('formats the unsupported strategy text', () => {
    expect(unsupportedStrategyMessage('Divided', '')).toBe(
      'unsupported replica scheduling strategy, replicaSchedulingType: Divided, replicaDivisionPreference: , please try another scheduling strategy',
    );
  });
});
