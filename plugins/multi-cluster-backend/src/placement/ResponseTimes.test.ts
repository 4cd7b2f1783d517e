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
});
