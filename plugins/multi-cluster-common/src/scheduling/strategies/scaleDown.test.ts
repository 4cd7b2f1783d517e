import { candidate } from '../__testUtils__/testCandidates';
import { karmadaRulesFor } from '../versionRules';
import { scaleDown } from './scaleDown';
import type { AssignmentInput } from './types';

const previousEntries = [
  { name: 'kept', replicas: 4 },
  { name: 'gone', replicas: 4 },
];

/** 'gone' is in the previous assignment but no longer a candidate. */
function input(version: 'v1.16.8' | 'v1.18.2', replicas: number) {
  const request: AssignmentInput = {
    candidates: [
      candidate('kept', { previous: 4, previousPosition: 0, score: 100 }),
      candidate('new', { allocatable: 10 }),
    ],
    ordered: false,
    replicas,
    placement: {},
    fresh: false,
    tieBreak: 'ascending',
    previousEntries,
    rules: karmadaRulesFor(version),
  };
  return request;
}

describe('scaleDown', () => {
  it('divides over the previous candidates only (v1.17 on)', () => {
    const outcome = scaleDown(input('v1.18.2', 3), false);
    expect(outcome.replicas).toEqual([3, 0]);
    expect(outcome.departed).toBeUndefined();
    expect(outcome.weightTotal).toBe(4);
  });

  it('divides over every previous entry before v1.17, keeping replicas on departed clusters', () => {
    // Webster over 4:4 for 3 seats, names ascending on ties: gone 2, kept 1.
    const outcome = scaleDown(input('v1.16.8', 3), false);
    expect(outcome.replicas).toEqual([1, 0]);
    expect(outcome.weights).toEqual([4, -1]);
    expect(outcome.weightTotal).toBe(8);
    expect(outcome.departed).toEqual([
      { name: 'gone', replicas: 2, previous: 4 },
    ]);
  });

  it('keeps the first sufficient entries in spec.clusters order when Aggregated', () => {
    const outcome = scaleDown(input('v1.16.8', 3), true);
    expect(outcome.replicas).toEqual([3, 0]);
    expect(outcome.departed).toBeUndefined();
  });
});
