import fc from 'fast-check';
import { allocateWebsterSeats, apportion, dispense } from './webster';

const seatsOf = (parties: { name: string; seats: number }[]) =>
  Object.fromEntries(parties.map(party => [party.name, party.seats]));

describe('allocateWebsterSeats', () => {
  const classic = { A: 100000, B: 80000, C: 30000, D: 20000 };

  it('hands seats out in the classic Sainte-Laguë order A, B, A, C, B, D, A, B', () => {
    const order = ['A', 'B', 'A', 'C', 'B', 'D', 'A', 'B'];
    const expected: Record<string, number> = { A: 0, B: 0, C: 0, D: 0 };
    order.forEach((winner, round) => {
      expected[winner]++;
      expect(seatsOf(allocateWebsterSeats(round + 1, classic))).toEqual(
        expected,
      );
    });
    expect(seatsOf(allocateWebsterSeats(8, classic))).toEqual({
      A: 3,
      B: 3,
      C: 1,
      D: 1,
    });
  });

  it('gives 1200/900/400 with 4 seats 2/1/1', () => {
    expect(
      seatsOf(allocateWebsterSeats(4, { Alpha: 1200, Beta: 900, Gamma: 400 })),
    ).toEqual({ Alpha: 2, Beta: 1, Gamma: 1 });
  });

  it('breaks equal priority in favour of fewer seats', () => {
    // A: 3/(2*1+1) = 1.0 ties with B: 1/1 = 1.0; B has fewer seats.
    expect(seatsOf(allocateWebsterSeats(1, { A: 3, B: 1 }, { A: 1 }))).toEqual({
      A: 1,
      B: 1,
    });
  });

  it('breaks full ties by name ascending with the nil tie-breaker', () => {
    expect(seatsOf(allocateWebsterSeats(1, { A: 1, B: 1 }))).toEqual({
      A: 1,
      B: 0,
    });
  });

  it('breaks full ties by name descending when asked to', () => {
    expect(
      seatsOf(allocateWebsterSeats(1, { A: 1, B: 1 }, {}, 'descending')),
    ).toEqual({ A: 0, B: 1 });
  });

  it('lets new parties take the seats when an old one has no votes', () => {
    expect(
      seatsOf(allocateWebsterSeats(2, { New1: 1, New2: 1 }, { Old: 0 })),
    ).toEqual({ New1: 1, New2: 1, Old: 0 });
  });

  it('lets old and new parties compete', () => {
    expect(
      seatsOf(allocateWebsterSeats(2, { Old: 1, New: 1 }, { Old: 1 })),
    ).toEqual({ New: 2, Old: 1 });
  });

  it('never seats a party without votes while others have votes', () => {
    expect(seatsOf(allocateWebsterSeats(2, { A: 100 }, { B: 3 }))).toEqual({
      A: 2,
      B: 3,
    });
  });

  it('continues from initial seats (empty UID order)', () => {
    const votes = { A: 1, B: 2, C: 3 };
    const initial = { A: 1, B: 2, C: 3 };
    expect(seatsOf(allocateWebsterSeats(6, votes, initial))).toEqual({
      A: 2,
      B: 4,
      C: 6,
    });
    expect(seatsOf(allocateWebsterSeats(3, votes, initial))).toEqual({
      A: 2,
      B: 3,
      C: 4,
    });
    expect(seatsOf(allocateWebsterSeats(2, votes, initial))).toEqual({
      A: 1,
      B: 3,
      C: 4,
    });
  });

  it('lists every party, sorted by name, even with zero seats to hand out', () => {
    expect(allocateWebsterSeats(0, { B: 200, A: 100 })).toEqual([
      { name: 'A', votes: 100, seats: 0 },
      { name: 'B', votes: 200, seats: 0 },
    ]);
  });

  it('returns nothing without parties', () => {
    expect(allocateWebsterSeats(3, {})).toEqual([]);
  });
});

describe('dispense', () => {
  it('returns nothing when the weights sum to zero', () => {
    expect(dispense(5, ['a', 'b'], [0, 0], 'ascending')).toBeUndefined();
  });

  it('divides 14 over 3:2:1 as 7:5:2 (not largest remainder 8:4:2)', () => {
    expect(dispense(14, ['a', 'b', 'c'], [3, 2, 1], 'ascending')).toEqual([
      7, 5, 2,
    ]);
  });

  it('hands equal-weight remainders out by name in the tie-break order', () => {
    expect(dispense(5, ['a', 'b', 'c'], [1, 1, 1], 'ascending')).toEqual([
      2, 2, 1,
    ]);
    expect(dispense(5, ['A', 'B'], [1, 1], 'descending')).toEqual([2, 3]);
  });
});

/** Reference: the literal seat-by-seat loop with a linear scan. */
function referenceWebster(
  seats: number,
  names: string[],
  votes: number[],
  descending: boolean,
): number[] {
  const result = names.map(() => 0);
  for (let round = 0; round < seats; round++) {
    let best = 0;
    for (let index = 1; index < names.length; index++) {
      const pi = votes[index] / (2 * result[index] + 1);
      const pb = votes[best] / (2 * result[best] + 1);
      let better: boolean;
      if (pi !== pb) better = pi > pb;
      else if (result[index] !== result[best])
        better = result[index] < result[best];
      else
        better = descending
          ? names[index] > names[best]
          : names[index] < names[best];
      if (better) best = index;
    }
    result[best]++;
  }
  return result;
}

describe('apportion (heap and lower-bound fast path)', () => {
  it('matches the literal seat-by-seat loop', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-z]{1,4}$/), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.array(fc.integer({ min: 0, max: 1000 }), {
          minLength: 12,
          maxLength: 12,
        }),
        fc.integer({ min: 0, max: 400 }),
        fc.boolean(),
        (names, rawVotes, seats, descending) => {
          const votes = names.map((_, index) => rawVotes[index]);
          if (!votes.some(vote => vote > 0)) votes[0] = 1;
          const got = apportion(
            seats,
            names,
            votes,
            undefined,
            descending ? 'descending' : 'ascending',
          );
          expect(got).toEqual(
            referenceWebster(seats, names, votes, descending),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('matches the loop for many seats over few parties (lower bound engaged)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 50 }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.integer({ min: 100, max: 3000 }),
        (votes, seats) => {
          const names = votes.map((_, index) => `c${index}`);
          expect(
            apportion(seats, names, votes, undefined, 'ascending'),
          ).toEqual(referenceWebster(seats, names, votes, false));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('matches the loop for few seats over many tied parties (contender filter)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 4 }), {
          minLength: 20,
          maxLength: 60,
        }),
        fc.integer({ min: 1, max: 19 }),
        fc.boolean(),
        (votes, seats, descending) => {
          if (!votes.some(vote => vote > 0)) votes[0] = 1;
          const names = votes.map((_, index) => `n${(index * 7919) % 1000}`);
          expect(
            apportion(
              seats,
              names,
              votes,
              undefined,
              descending ? 'descending' : 'ascending',
            ),
          ).toEqual(referenceWebster(seats, names, votes, descending));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is house-monotone: one more seat never takes a seat away', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100 }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.integer({ min: 0, max: 200 }),
        (votes, seats) => {
          const names = votes.map((_, index) => `p${index}`);
          const before = apportion(seats, names, votes, undefined, 'ascending');
          const after = apportion(
            seats + 1,
            names,
            votes,
            undefined,
            'ascending',
          );
          after.forEach((value, index) =>
            expect(value).toBeGreaterThanOrEqual(before[index]),
          );
          expect(after.reduce((a, b) => a + b, 0)).toBe(seats + 1);
        },
      ),
    );
  });
});
