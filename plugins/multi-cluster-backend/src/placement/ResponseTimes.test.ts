import { ResponseTimes } from './ResponseTimes';

const named = (...names: string[]) => names.map(name => ({ name }));

describe('ResponseTimes', () => {
  it('orders clusters slowest first, keeping the given order among equals and unknowns', () => {
    const times = new ResponseTimes();
    times.record('b', 2000);
    times.record('d', 40);
    times.record('a', 40);
    expect(
      times.slowestFirst(named('a', 'b', 'c', 'd', 'e')).map(c => c.name),
    ).toEqual(['b', 'a', 'd', 'c', 'e']);
  });

  it('stays bounded by the fleet it is asked about', () => {
    const times = new ResponseTimes();
    for (let i = 0; i < 10; i++) times.record(`old-${i}`, 1000);
    times.record('a', 5);
    // 11 remembered, 2 asked about: the clusters that left are forgotten.
    expect(times.slowestFirst(named('a', 'b')).map(c => c.name)).toEqual([
      'a',
      'b',
    ]);
    times.record('b', 10);
    expect(times.slowestFirst(named('a', 'b')).map(c => c.name)).toEqual([
      'b',
      'a',
    ]);
  });

  it('orders clusters it never asked by what an earlier read (the census) took', () => {
    const times = new ResponseTimes();
    times.record('a', 30);
    const census = new Map([
      ['a', 5000],
      ['c', 2000],
    ]);
    // a's own last answer wins over the census; c is known slow before it was ever asked.
    expect(
      times
        .slowestFirst(named('a', 'b', 'c'), name => census.get(name))
        .map(c => c.name),
    ).toEqual(['c', 'a', 'b']);
  });
});
