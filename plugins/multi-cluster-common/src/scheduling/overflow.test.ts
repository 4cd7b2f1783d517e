import { candidate } from './__testUtils__/testCandidates';
import { assignByOverflowTiers, overflowOrderOf } from './overflow';
import { schedule } from './schedule';
import { STRATEGIES } from './strategies';
import type { AssignmentInput } from './strategies';

describe('overflowOrderOf', () => {
  it('is the first matching tier, or 1000', () => {
    const tiers = [(c: { name: string }) => c.name === 'p', () => true];
    expect(overflowOrderOf({ name: 'p' }, tiers)).toBe(0);
    expect(overflowOrderOf({ name: 'x' }, tiers)).toBe(1);
    expect(overflowOrderOf({ name: 'x' }, [() => false])).toBe(1000);
  });
});

describe('assignByOverflowTiers', () => {
  const base = (replicas: number): AssignmentInput => ({
    candidates: [
      candidate('primary', { allocatable: 4, overflowOrder: 0 }),
      candidate('burst-a', { allocatable: 10, overflowOrder: 1 }),
      candidate('burst-b', { allocatable: 10, overflowOrder: 1 }),
      candidate('last', { allocatable: 100, overflowOrder: 2 }),
    ],
    ordered: false,
    replicas,
    placement: {},
    fresh: false,
    tieBreak: 'ascending',
  });

  it('fills tiers in order, each up to what it can hold', () => {
    const outcome = assignByOverflowTiers(base(10), STRATEGIES.DynamicWeight);
    expect(outcome.replicas).toEqual([4, 3, 3, 0]);
    expect(outcome.tiers.map(tier => tier.tier)).toEqual([0, 1]);
  });

  it('reaches later tiers only when earlier ones are full', () => {
    expect(
      assignByOverflowTiers(base(30), STRATEGIES.DynamicWeight).replicas,
    ).toEqual([4, 10, 10, 6]);
  });

  it('fails when every tier together is too small', () => {
    expect(() =>
      assignByOverflowTiers(base(200), STRATEGIES.DynamicWeight),
    ).toThrow('Clusters available replicas are not enough to schedule.');
  });
});

describe('schedule with overflowAffinities', () => {
  it('overflows from the primary affinity into the overflow tier', () => {
    const result = schedule({
      replicas: 10,
      placement: {
        clusterAffinities: [
          {
            affinityName: 'on-prem',
            clusterNames: ['dc-1'],
            overflowAffinities: [
              {
                affinityName: 'cloud',
                labelSelector: { matchLabels: { cloud: 'true' } },
              },
            ],
          },
        ],
        replicaScheduling: {
          replicaSchedulingType: 'Divided',
          replicaDivisionPreference: 'Weighted',
          weightPreference: { dynamicWeight: 'AvailableReplicas' },
        },
      },
      clusters: [
        { name: 'dc-1', availableReplicas: 6 },
        { name: 'cloud-1', availableReplicas: 50, labels: { cloud: 'true' } },
        { name: 'other', availableReplicas: 50 },
      ],
    });
    expect(result.targets).toEqual([
      { name: 'cloud-1', replicas: 4 },
      { name: 'dc-1', replicas: 6 },
    ]);
    expect(result.affinityName).toBe('on-prem');
    expect(result.explanation.map(entry => entry.reasons)).toEqual([
      [
        'assigned 6 replicas (weight 6 of 6 by available replicas)',
        'matches the primary affinity',
      ],
      [
        'assigned 4 replicas (weight 50 of 50 by available replicas)',
        'overflow tier 1',
      ],
      ['does not match clusterAffinities term "on-prem"'],
    ]);
  });

  it('ignores overflow tiers for non-workloads', () => {
    const result = schedule({
      replicas: 0,
      placement: {
        clusterAffinities: [
          {
            affinityName: 'a',
            clusterNames: ['x'],
            overflowAffinities: [{ affinityName: 'b', clusterNames: ['y'] }],
          },
        ],
      },
      clusters: [{ name: 'x' }, { name: 'y' }],
    });
    expect(result.targets).toEqual([{ name: 'x' }]);
  });
});
