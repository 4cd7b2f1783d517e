import { GroupSelectionLimitError, selectGroups } from './selectGroups';

const names = (groups: { name: string }[]) => groups.map(group => group.name);

describe('selectGroups (DFS over groups)', () => {
  const groups = () => [
    { name: 'R1', value: 2, weight: 40 },
    { name: 'R2', value: 3, weight: 30 },
    { name: 'R3', value: 6, weight: 20 },
    { name: 'R4', value: 7, weight: 10 },
  ];

  it('picks the highest total weight among feasible combinations', () => {
    // target 7 with exactly 2 groups: [R1,R3] 60/8, [R1,R4] 50/9, [R2,R3] 50/9, [R2,R4] 40, [R3,R4] 30.
    expect(names(selectGroups(groups(), 2, 2, 7))).toEqual(['R1', 'R3']);
  });

  it('prefers a strict prefix (fewer groups, same leaders)', () => {
    // [R4] alone reaches 7; [R1,R4] (50) outranks [R4] (10) but [R4] is not its prefix;
    // best is [R1,R2,R3] (90) unless a prefix of it is feasible.
    expect(names(selectGroups(groups(), 1, 3, 7))).toEqual(['R1', 'R2', 'R3']);
    expect(names(selectGroups(groups(), 1, 3, 5))).toEqual(['R1', 'R2']);
  });

  it('orders the chosen groups by weight, then name', () => {
    expect(
      names(
        selectGroups(
          [
            { name: 'b', value: 1, weight: 5 },
            { name: 'a', value: 1, weight: 5 },
          ],
          2,
          2,
          2,
        ),
      ),
    ).toEqual(['a', 'b']);
  });

  it('returns nothing when no combination is feasible', () => {
    expect(selectGroups(groups(), 1, 1, 8)).toEqual([]);
    expect(selectGroups(groups(), 1, 0, 1)).toEqual([]);
    expect(selectGroups([], 1, 1, 1)).toEqual([]);
  });

  it('only tries all groups when there are exactly minGroups of them', () => {
    expect(names(selectGroups(groups(), 4, 4, 18))).toEqual([
      'R1',
      'R2',
      'R3',
      'R4',
    ]);
    expect(selectGroups(groups(), 4, 4, 19)).toEqual([]);
  });

  it('returns the empty path when nothing is needed, like Karmada', () => {
    // minGroups 0 and target 0: the DFS records the root (no groups) first.
    expect(selectGroups(groups(), 0, 2, 0)).toEqual([]);
  });

  it('answers many regions of one cluster each without enumerating', () => {
    // 200 regions, 100 to choose: C(200, 100) combinations for the DFS.
    const regions = Array.from({ length: 200 }, (_, index) => ({
      name: `r${String(index).padStart(3, '0')}`,
      value: 1,
      weight: (index * 37) % 200,
    }));
    const chosen = selectGroups(regions, 100, 100, 0);
    // The 100 heaviest: weights 100..199, each once.
    expect(chosen.map(group => group.weight)).toEqual(
      Array.from({ length: 100 }, (_, index) => 199 - index),
    );
  });

  it('refuses past its budget with GroupSelectionLimitError', () => {
    const regions = Array.from({ length: 60 }, (_, index) => ({
      name: `r${index}`,
      value: 1 + (index % 7),
      weight: index,
    }));
    expect(() =>
      selectGroups(regions, 1, 60, 100, { work: 1000, states: 1000 }),
    ).toThrow(GroupSelectionLimitError);
    expect(() =>
      selectGroups(regions, 1, 60, 100, { work: 1000, states: 1000 }),
    ).toThrow(
      'the region spread constraint is too large to evaluate exactly: choosing 1 to 60 of 60 regions that hold at least 100 clusters',
    );
    // The same problem within the default budget.
    expect(selectGroups(regions, 1, 60, 100).length).toBeGreaterThan(0);
  });

  it("rejects input outside Karmada's domain", () => {
    expect(() =>
      selectGroups(
        [
          { name: 'a', value: 1, weight: 1 },
          { name: 'a', value: 2, weight: 1 },
        ],
        1,
        1,
        1,
      ),
    ).toThrow('group a appears twice');
    expect(() =>
      selectGroups([{ name: 'a', value: 1.5, weight: 1 }], 1, 1, 1),
    ).toThrow('group a: value must be a count');
    expect(() =>
      selectGroups([{ name: 'a', value: 1, weight: 0.5 }], 1, 1, 1),
    ).toThrow('group a: weight must be an integer');
  });
});
