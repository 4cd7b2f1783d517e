import { candidate } from '../__testUtils__/testCandidates';
import { groupScore } from './groupScore';

describe('groupScore', () => {
  const clusters = [
    candidate('a', { allocatable: 10, score: 100 }),
    candidate('b', { allocatable: 3, score: 0 }),
    candidate('c', { allocatable: 8, score: 0 }),
  ];

  it('counts clusters able to hold all replicas for Duplicated', () => {
    // valid: a (10) and c (8) for 8 replicas -> 2*1000 + floor(100/2)
    expect(
      groupScore({
        clusters,
        replicas: 8,
        duplicated: true,
        clusterMinGroups: 1,
        regionMinGroups: 1,
      }),
    ).toBe(2050);
    expect(
      groupScore({
        clusters,
        replicas: 11,
        duplicated: true,
        clusterMinGroups: 1,
        regionMinGroups: 1,
      }),
    ).toBe(0);
  });

  it('walks clusters in candidate order until the share is covered (Divided)', () => {
    // share = ceil(12 / 2) = 6; needed = max(1, 2) = 2; order a, c, b -> stops after a, c.
    expect(
      groupScore({
        clusters,
        replicas: 12,
        duplicated: false,
        clusterMinGroups: 1,
        regionMinGroups: 2,
      }),
    ).toBe(6 * 1000 + Math.floor(100 / 2));
  });

  it('scores what the whole group holds when it is short', () => {
    // share 30 > 21 available -> 21*1000 + floor(100 / 3)
    expect(
      groupScore({
        clusters,
        replicas: 30,
        duplicated: false,
        clusterMinGroups: 1,
        regionMinGroups: 1,
      }),
    ).toBe(21000 + 33);
  });
});
