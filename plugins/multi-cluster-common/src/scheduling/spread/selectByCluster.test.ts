import { candidate } from '../__testUtils__/testCandidates';
import {
  selectByAvailableResource,
  selectByCluster,
  SpreadSelectionError,
} from './selectByCluster';

const constraint = (minGroups: number, maxGroups: number) => ({
  field: 'cluster' as const,
  minGroups,
  maxGroups,
});

describe('selectByAvailableResource', () => {
  it('swaps in larger clusters from the lowest-ranked slot (doc example -> m4, m3)', () => {
    // score/available: m4 60/50, m2 40/60, m3 30/80, m1 20/40; n = 2, need 120.
    const ordered = [
      candidate('m4', { score: 60, allocatable: 50 }),
      candidate('m2', { score: 40, allocatable: 60 }),
      candidate('m3', { score: 30, allocatable: 80 }),
      candidate('m1', { score: 20, allocatable: 40 }),
    ];
    expect(selectByAvailableResource(ordered, 2, 120).map(c => c.name)).toEqual(
      ['m4', 'm3'],
    );
  });

  it('returns nothing when even the best swaps are short', () => {
    const ordered = [
      candidate('a', { allocatable: 1 }),
      candidate('b', { allocatable: 2 }),
    ];
    expect(selectByAvailableResource(ordered, 1, 5)).toEqual([]);
  });
});

describe('selectByCluster', () => {
  const candidates = [
    candidate('c', { allocatable: 1 }),
    candidate('a', { allocatable: 5 }),
    candidate('b', { allocatable: 5, score: 100 }),
  ];

  it('takes the first maxGroups in candidate order when resources are ignored', () => {
    const { selected, ordered } = selectByCluster(
      candidates,
      constraint(1, 2),
      undefined,
    );
    expect(selected.map(c => c.name)).toEqual(['b', 'a']);
    expect(ordered).toBe(true);
  });

  it('selects everyone without ordering when maxGroups covers all candidates', () => {
    const { selected, ordered } = selectByCluster(
      candidates,
      constraint(1, 10),
      11,
    );
    expect(selected.map(c => c.name).sort()).toEqual(['a', 'b', 'c']);
    expect(ordered).toBe(false);
  });

  it("throws Karmada's messages", () => {
    expect(() =>
      selectByCluster(candidates, constraint(4, 4), undefined),
    ).toThrow(
      new SpreadSelectionError(
        'the number of feasible clusters is less than spreadConstraint.MinGroups',
      ),
    );
    expect(() => selectByCluster(candidates, constraint(1, 2), 11)).toThrow(
      'no enough resource when selecting 2 clusters',
    );
    expect(() => selectByCluster(candidates, constraint(1, 3), 12)).toThrow(
      'no enough resource when selecting 3 clusters',
    );
  });

  it('swaps when the first n fall short', () => {
    const list = [
      candidate('p', { previous: 1, score: 100 }),
      candidate('q', { allocatable: 9 }),
      candidate('r', { allocatable: 2 }),
    ];
    expect(
      selectByCluster(list, constraint(1, 1), 5).selected.map(c => c.name),
    ).toEqual(['q']);
  });
});
