import { ConnectivitySchedule } from './ConnectivitySchedule';

const MINUTE = 60_000;
const names = Array.from({ length: 10 }, (_, i) => `c${i}`);

/** A schedule for a 60 s refresh, 10 minutes over a fleet of 5. */
function schedule(intervalMs?: number) {
  return new ConnectivitySchedule({
    intervalMs,
    passEveryMs: MINUTE,
    largeFleetSize: 5,
    largeFleetIntervalMs: 10 * MINUTE,
  });
}

/** Every cluster read once, c0 first, a second apart. */
function readAll(s: ConnectivitySchedule) {
  names.forEach((name, i) => s.inspected(name, i * 1000));
}

describe('ConnectivitySchedule', () => {
  it('reads every cluster on every pass without options, or up to the large-fleet size', () => {
    expect(new ConnectivitySchedule().due(names, 10, 0).size).toBe(10);
    const s = schedule();
    readAll(s);
    expect(s.due(names.slice(0, 5), 5, MINUTE).size).toBe(5);
  });

  it('over a large fleet reads its share per pass, those read longest ago, and any never read', () => {
    const s = schedule();
    readAll(s);
    // 10 clusters in 10 passes: one per pass, the oldest.
    expect([...s.due([...names, 'new'], 11, MINUTE)].sort()).toEqual([
      'c0',
      'new',
    ]);
    s.inspected('c0', MINUTE);
    expect([...s.due(names, 10, 2 * MINUTE)]).toEqual(['c1']);
  });

  it('reads every cluster older than the interval, whatever the share', () => {
    const s = schedule();
    readAll(s);
    expect(s.due(names, 10, 10 * MINUTE + 5000).size).toBe(6);
  });

  it('takes a configured interval for any fleet size; 0 reads every cluster on every pass', () => {
    const fiveMinutes = schedule(5 * MINUTE);
    readAll(fiveMinutes);
    expect([...fiveMinutes.due(names.slice(0, 3), 3, MINUTE)]).toEqual(['c0']);
    const always = schedule(0);
    readAll(always);
    expect(always.due(names, 10, MINUTE).size).toBe(10);
  });

  it('forgets clusters that left, which are then read as new', () => {
    const s = schedule();
    readAll(s);
    s.retain(new Set(names.slice(1)));
    expect([...s.due(names, 10, MINUTE)].sort()).toEqual(['c0', 'c1']);
  });
});
