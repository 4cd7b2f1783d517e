import {
  allFaults,
  clearFaults,
  FaultChange,
  getFaults,
  isForcedNotReady,
  isUnreachable,
  onFaultsChanged,
  setFaults,
} from './state';

describe('fault registry', () => {
  afterEach(() => {
    clearFaults();
    setFaults('a', { outage: false });
    setFaults('b', { outage: false });
  });

  it('starts with no faults', () => {
    expect(getFaults('a')).toEqual({
      down: false,
      latencyMs: 0,
      notReady: false,
      outage: false,
    });
    expect(allFaults()).toEqual({});
    expect(isForcedNotReady('a')).toBe(false);
  });

  it('merges patches per member and removes optional keys set to undefined', () => {
    setFaults('a', { failWith: 409, failMethods: ['PATCH'] });
    setFaults('a', { latencyMs: 200 });
    expect(getFaults('a')).toMatchObject({
      failWith: 409,
      failMethods: ['PATCH'],
      latencyMs: 200,
    });
    expect(getFaults('b').failWith).toBeUndefined();

    setFaults('a', { failWith: undefined, failMethods: undefined });
    expect(getFaults('a')).not.toHaveProperty('failWith');
    expect(getFaults('a')).not.toHaveProperty('failMethods');
    expect(Object.keys(allFaults())).toEqual(['a']);
  });

  it('hands out copies that do not change the registry', () => {
    setFaults('a', { failMethods: ['PUT'] });
    const copy = getFaults('a');
    copy.down = true;
    expect(getFaults('a').down).toBe(false);
  });

  it('notifies listeners of real changes only, until unsubscribed', () => {
    const changes: FaultChange[] = [];
    const unsubscribe = onFaultsChanged(change => changes.push(change));
    setFaults('a', { notReady: true });
    setFaults('a', { notReady: true });
    setFaults('a', { down: true });
    unsubscribe();
    setFaults('a', { down: false });

    expect(
      changes.map(c => [c.cluster, c.current.notReady, c.current.down]),
    ).toEqual([
      ['a', true, false],
      ['a', true, true],
    ]);
    expect(changes[0].previous.notReady).toBe(false);
    expect(isForcedNotReady('a')).toBe(true);
    expect(isUnreachable('a')).toBe(false);
  });

  it('clears one member or all, keeping the outage flag of a stopped server', () => {
    setFaults('a', { down: true, outage: true });
    setFaults('b', { latencyMs: 10 });
    clearFaults('b');
    expect(getFaults('b').latencyMs).toBe(0);
    expect(getFaults('a').down).toBe(true);

    clearFaults();
    expect(getFaults('a')).toMatchObject({ down: false, outage: true });
    expect(isUnreachable('a')).toBe(true);
  });
});
