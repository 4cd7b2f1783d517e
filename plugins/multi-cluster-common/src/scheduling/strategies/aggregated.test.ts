import { candidate } from '../__testUtils__/testCandidates';
import { assignAggregated } from './aggregated';

describe('assignAggregated', () => {
  it('divides only over the fewest largest clusters', () => {
    const outcome = assignAggregated({
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
    // C alone (18) holds 12.
    expect(outcome.replicas).toEqual([0, 0, 12]);
    expect(outcome.weights).toEqual([-1, -1, 18]);
  });
});
