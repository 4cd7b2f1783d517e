import { candidate } from '../__testUtils__/testCandidates';
import { assignDuplicated } from './duplicated';

describe('assignDuplicated', () => {
  it('gives every candidate the full replica count', () => {
    const outcome = assignDuplicated({
      candidates: [candidate('a'), candidate('b', { allocatable: 1 })],
      ordered: false,
      replicas: 7,
      placement: {},
      fresh: false,
      tieBreak: 'ascending',
    });
    expect(outcome).toEqual({ mode: 'duplicated', replicas: [7, 7] });
  });
});
