import { candidate } from '../__testUtils__/testCandidates';
import { assignDynamicWeight } from './dynamicWeight';

describe('assignDynamicWeight', () => {
  it('divides by available replicas (doc: 6:12:18 -> 2:4:6) over every candidate', () => {
    const outcome = assignDynamicWeight({
      candidates: [
        candidate('A', { allocatable: 6 }),
        candidate('B', { allocatable: 12 }),
        candidate('C', { allocatable: 18 }),
      ],
      ordered: false,
      replicas: 12,
      placement: {},
      fresh: false,
      tieBreak: 'ascending',
    });
    expect(outcome.replicas).toEqual([2, 4, 6]);
    expect(outcome.weightTotal).toBe(36);
  });
});
