import {
  allocatableReplicas,
  compareCandidates,
  rankByPosition,
  sortCandidates,
} from './candidates';
import { candidate } from './__testUtils__/testCandidates';

describe('candidate order', () => {
  it('sorts by overflow tier, score desc, available desc, then name', () => {
    const list = [
      candidate('d', { allocatable: 9 }),
      candidate('c', { allocatable: 9 }),
      candidate('b', { score: 100 }),
      candidate('a', { allocatable: 50, overflowOrder: 1 }),
      candidate('e', { allocatable: 10 }),
    ];
    expect(sortCandidates(list).map(entry => entry.name)).toEqual([
      'b',
      'e',
      'c',
      'd',
      'a',
    ]);
    expect(list.map(entry => entry.rank)).toEqual([0, 1, 2, 3, 4]);
    expect(compareCandidates(list[0], list[0])).toBe(0);
  });

  it('ranks by position', () => {
    const list = [candidate('x'), candidate('y')];
    rankByPosition(list);
    expect(list.map(entry => entry.rank)).toEqual([0, 1]);
  });
});

describe('allocatableReplicas', () => {
  it('prefers the reported estimate and falls back to the general estimator', () => {
    expect(
      allocatableReplicas({ name: 'a', availableReplicas: 7 }, undefined),
    ).toBe(7);
    expect(
      allocatableReplicas({ name: 'a', availableReplicas: 0 }, undefined),
    ).toBe(0);
    expect(
      allocatableReplicas(
        {
          name: 'a',
          availableReplicas: -1,
          resourceSummary: { allocatable: { pods: '4' } },
        },
        undefined,
      ),
    ).toBe(4);
    expect(allocatableReplicas({ name: 'a' }, undefined)).toBe(0);
  });
});
