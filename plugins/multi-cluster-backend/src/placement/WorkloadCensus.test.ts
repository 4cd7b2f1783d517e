import { WorkloadCensus } from './WorkloadCensus';

const deployments = (...kubernetesIds: string[]) =>
  kubernetesIds.map(kubernetesId => ({
    kubernetesId,
    kind: 'Deployment' as const,
  }));

const clusters = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ name: `c-${i}` }));

describe('WorkloadCensus', () => {
  let clock = 1_000_000;
  const census = (liveReadLimit = 3) =>
    new WorkloadCensus({ liveReadLimit, maxAgeMs: 60_000, now: () => clock });

  it('reads every cluster of a fleet at the live-read limit, whatever the census says', () => {
    const subject = census(3);
    for (const c of clusters(3)) subject.record(c.name, []);
    expect(subject.isNeededFor(3)).toBe(false);
    expect(subject.clustersToRead(clusters(3), 'checkout')).toEqual({
      read: clusters(3),
      ruledOut: 0,
    });
  });

  it('over the limit, rules out only clusters whose recent census shows none of the entity’s workloads', () => {
    const subject = census(3);
    const fleet = clusters(5);
    subject.record('c-0', deployments('checkout', 'search'));
    subject.record('c-1', deployments('search'));
    subject.record('c-2', []);
    // c-3 has no census (it could not be taken); c-4 an old one.
    clock -= 61_000;
    subject.record('c-4', []);
    clock += 61_000;
    expect(subject.isNeededFor(5)).toBe(true);
    const { read, ruledOut } = subject.clustersToRead(fleet, 'checkout');
    expect(read.map(c => c.name)).toEqual(['c-0', 'c-3', 'c-4']);
    expect(ruledOut).toBe(2);
  });

  it('trusts a census for two more passes when a pass outlasts the maximum age', () => {
    const subject = census(1);
    subject.record('c-0', []);
    clock += 61_000;
    expect(subject.kindsToRead('c-0', 'checkout')).toBeUndefined();
    // A pass over the fleet took five minutes: the next census of c-0 is
    // that far off, so the last one still rules it out...
    subject.notePass(300_000);
    expect(subject.kindsToRead('c-0', 'checkout')).toEqual([]);
    // ...until it is older than the maximum age and two such passes.
    clock += 600_000;
    expect(subject.kindsToRead('c-0', 'checkout')).toBeUndefined();
    clock -= 661_000;
  });

  it('says where an id has replicas from recent censuses alone, or nothing when one is missing', () => {
    const subject = census(2);
    const names = ['c-0', 'c-1', 'c-2'];
    const ledger = (namespace: string, replicas?: number) => ({
      kubernetesId: 'ledger',
      kind: 'Deployment' as const,
      namespace,
      replicas,
    });
    subject.record('c-0', [ledger('pay', 2)]);
    subject.record('c-1', [ledger('pay', 0), ledger('other', 1)]);
    expect(subject.clustersRunning(names, 'ledger')).toBeUndefined();
    subject.record('c-2', [ledger('pay')]);
    expect(subject.clustersRunning(names, 'ledger')).toEqual([
      'c-0',
      'c-1',
      'c-2',
    ]);
    // Scaled to zero in its namespace, c-1 runs it only elsewhere.
    expect(subject.clustersRunning(names, 'ledger', 'pay')).toEqual([
      'c-0',
      'c-2',
    ]);
    // At the live-read limit no census is kept: the caller reads live.
    expect(subject.clustersRunning(['c-0', 'c-1'], 'ledger')).toBeUndefined();
    clock += 61_000;
    expect(subject.clustersRunning(names, 'ledger')).toBeUndefined();
    clock -= 61_000;
  });

  it('reads again a cluster whose census was forgotten or which left and came back', () => {
    const subject = census(1);
    subject.record('c-0', []);
    subject.record('c-1', []);
    subject.forget('c-0');
    subject.retain(new Set(['c-0']));
    expect(
      subject.clustersToRead(clusters(2), 'checkout').read.map(c => c.name),
    ).toEqual(['c-0', 'c-1']);
  });

  it('says which kinds to list: those counted, or every kind without a recent census', () => {
    const subject = census(1);
    subject.record('c-0', [
      { kubernetesId: 'checkout', kind: 'Deployment' },
      { kubernetesId: 'ledger', kind: 'StatefulSet' },
      { kubernetesId: 'ledger', kind: 'Deployment' },
    ]);
    expect(subject.kindsToRead('c-0', 'checkout')).toEqual(['Deployment']);
    expect(subject.kindsToRead('c-0', 'ledger')?.sort()).toEqual([
      'Deployment',
      'StatefulSet',
    ]);
    expect(subject.kindsToRead('c-0', 'search')).toEqual([]);
    expect(subject.kindsToRead('c-1', 'checkout')).toBeUndefined();
    clock += 61_000;
    expect(subject.kindsToRead('c-0', 'checkout')).toBeUndefined();
  });
});
