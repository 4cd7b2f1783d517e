import fc from 'fast-check';
import { GroupInfo, selectGroups } from './selectGroups';
import {
  selectGroupsByCountVectors,
  selectGroupsByEnumeration,
} from './selectGroups.oracle';

interface Bounds {
  minGroups: number;
  maxGroups: number;
  target: number;
}

/**
 * Groups with unique names (region names are map keys in Karmada) in a
 * random order relative to values and weights, so names break weight ties
 * either way.
 */
const groupsArbitrary = (options: {
  minLength?: number;
  maxLength: number;
  values: fc.Arbitrary<number>;
  weights: fc.Arbitrary<number>;
}): fc.Arbitrary<GroupInfo[]> =>
  fc
    .uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), {
      minLength: options.minLength ?? 0,
      maxLength: options.maxLength,
    })
    .chain(names =>
      fc.tuple(
        ...names.map(name =>
          fc.record({
            name: fc.constant(name),
            value: options.values,
            weight: options.weights,
          }),
        ),
      ),
    );

/** Bounds around the interesting range: sizes near the group count, targets up to the total value. */
const boundsFor = (groups: GroupInfo[]): fc.Arbitrary<Bounds> => {
  const total = groups.reduce((sum, group) => sum + group.value, 0);
  return fc.integer({ min: -1, max: groups.length + 1 }).chain(minGroups =>
    fc.record({
      minGroups: fc.constant(minGroups),
      maxGroups: fc.integer({ min: minGroups - 1, max: groups.length + 1 }),
      target: fc.integer({ min: -1, max: total + 2 }),
    }),
  );
};

const withBounds = (groups: fc.Arbitrary<GroupInfo[]>) =>
  groups.chain(chosen => fc.tuple(fc.constant(chosen), boundsFor(chosen)));

type Selection = (
  groups: GroupInfo[],
  minGroups: number,
  maxGroups: number,
  target: number,
) => GroupInfo[];

/** Both answers, and the input as given and as left by `selectGroups`. */
function answersOf(groups: GroupInfo[], bounds: Bounds, oracle: Selection) {
  const { minGroups, maxGroups, target } = bounds;
  const input = JSON.stringify(groups);
  const actual = selectGroups(groups, minGroups, maxGroups, target);
  return {
    actual,
    expected: oracle(groups.slice(), minGroups, maxGroups, target),
    input,
    inputAfter: JSON.stringify(groups),
  };
}

describe('selectGroups gives the enumerating DFS answer (Karmada select_groups.go)', () => {
  it('on random groups, sizes and targets', () => {
    fc.assert(
      fc.property(
        withBounds(
          groupsArbitrary({
            maxLength: 12,
            values: fc.integer({ min: 0, max: 6 }),
            weights: fc.integer({ min: -3, max: 12 }),
          }),
        ),
        ([groups, bounds]) => {
          const answers = answersOf(groups, bounds, selectGroupsByEnumeration);
          expect(answers.actual).toEqual(answers.expected);
          expect(answers.inputAfter).toBe(answers.input);
        },
      ),
      { numRuns: 4000 },
    );
  });

  it('on bounds anywhere, including empty and inverted ranges', () => {
    fc.assert(
      fc.property(
        groupsArbitrary({
          maxLength: 10,
          values: fc.integer({ min: 0, max: 6 }),
          weights: fc.integer({ min: -3, max: 12 }),
        }),
        fc.record({
          minGroups: fc.integer({ min: -1, max: 12 }),
          maxGroups: fc.integer({ min: -1, max: 12 }),
          target: fc.integer({ min: -2, max: 30 }),
        }),
        (groups, bounds) => {
          const answers = answersOf(groups, bounds, selectGroupsByEnumeration);
          expect(answers.actual).toEqual(answers.expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('when ties dominate (two values, three weights)', () => {
    fc.assert(
      fc.property(
        withBounds(
          groupsArbitrary({
            maxLength: 12,
            values: fc.integer({ min: 1, max: 2 }),
            weights: fc.constantFrom(0, 1000, 1100),
          }),
        ),
        ([groups, bounds]) => {
          const answers = answersOf(groups, bounds, selectGroupsByEnumeration);
          expect(answers.actual).toEqual(answers.expected);
          expect(answers.inputAfter).toBe(answers.input);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('with region-like scores (units of 1000 plus an average score)', () => {
    fc.assert(
      fc.property(
        withBounds(
          groupsArbitrary({
            maxLength: 11,
            values: fc.integer({ min: 1, max: 5 }),
            weights: fc
              .tuple(
                fc.integer({ min: 0, max: 6 }),
                fc.integer({ min: 0, max: 100 }),
              )
              .map(([units, score]) => units * 1000 + score),
          }),
        ),
        ([groups, bounds]) => {
          const answers = answersOf(groups, bounds, selectGroupsByEnumeration);
          expect(answers.actual).toEqual(answers.expected);
          expect(answers.inputAfter).toBe(answers.input);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('does not depend on the order the groups come in', () => {
    fc.assert(
      fc.property(
        withBounds(
          groupsArbitrary({
            maxLength: 12,
            values: fc.integer({ min: 1, max: 3 }),
            weights: fc.integer({ min: 0, max: 3 }),
          }),
        ).chain(([groups, bounds]) =>
          fc.tuple(
            fc.constant(groups),
            fc.shuffledSubarray(groups, {
              minLength: groups.length,
              maxLength: groups.length,
            }),
            fc.constant(bounds),
          ),
        ),
        ([groups, shuffled, { minGroups, maxGroups, target }]) => {
          expect(selectGroups(shuffled, minGroups, maxGroups, target)).toEqual(
            selectGroups(groups, minGroups, maxGroups, target),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('on larger inputs, against every vector of counts per value', () => {
    // Up to 45 groups: too many paths to enumerate, few distinct values.
    fc.assert(
      fc.property(
        withBounds(
          groupsArbitrary({
            minLength: 13,
            maxLength: 45,
            values: fc.integer({ min: 1, max: 4 }),
            weights: fc.oneof(
              fc.integer({ min: 0, max: 4 }).map(units => units * 1000),
              fc.integer({ min: 0, max: 5000 }),
            ),
          }),
        ),
        ([groups, bounds]) => {
          const answers = answersOf(groups, bounds, selectGroupsByCountVectors);
          expect(answers.actual).toEqual(answers.expected);
          expect(answers.inputAfter).toBe(answers.input);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('with a region far larger than the others (sparse lines)', () => {
    fc.assert(
      fc.property(
        withBounds(
          groupsArbitrary({
            minLength: 5,
            maxLength: 30,
            values: fc.constantFrom(1, 2, 3, 70_000),
            weights: fc.integer({ min: 0, max: 3 }).map(units => units * 1000),
          }),
        ),
        ([groups, bounds]) => {
          const answers = answersOf(groups, bounds, selectGroupsByCountVectors);
          expect(answers.actual).toEqual(answers.expected);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('the count-vector oracle agrees with the enumeration where both run', () => {
    fc.assert(
      fc.property(
        withBounds(
          groupsArbitrary({
            maxLength: 11,
            values: fc.integer({ min: 0, max: 5 }),
            weights: fc.integer({ min: -3, max: 12 }),
          }),
        ),
        ([groups, { minGroups, maxGroups, target }]) => {
          expect(
            selectGroupsByCountVectors(groups, minGroups, maxGroups, target),
          ).toEqual(
            selectGroupsByEnumeration(
              groups.slice(),
              minGroups,
              maxGroups,
              target,
            ),
          );
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('prefers a shorter recorded path with the same leaders, as Karmada does', () => {
    // {x, y} (weight 101) is the heaviest recorded path; [y] is its prefix
    // in path order and is recorded too.
    const groups = [
      { name: 'x', value: 1, weight: 1 },
      { name: 'y', value: 5, weight: 100 },
    ];
    expect(selectGroupsByEnumeration(groups.slice(), 1, 2, 5)).toEqual([
      groups[1],
    ]);
    expect(selectGroups(groups, 1, 2, 5)).toEqual([groups[1]]);
  });
});
