import { selectGroups } from './selectGroups';

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
});
