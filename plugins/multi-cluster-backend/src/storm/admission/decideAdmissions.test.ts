import { StormChild } from '../types';
import { AdmissionInput, decideAdmissions } from './decideAdmissions';
import { ChildFit } from './types';

/** A pending child of a failover; `to` is where the plan puts its replicas. */
function child(
  entity: string,
  priority: number,
  from: string,
  status: StormChild['status'] = 'queued',
): StormChild {
  return {
    stormId: 'storm-1',
    entityRef: `component:default/${entity}`,
    from,
    priority,
    targets: [],
    replicas: 2,
    status,
    createdAt: '2027-03-01T00:00:00Z',
    updatedAt: '2027-03-01T00:00:00Z',
  };
}

const fitsOn = (...names: string[]): ChildFit => ({
  kind: 'fits',
  targets: names.map(name => ({ name, replicas: 2 / names.length })),
  replicas: 2,
});

function decide(
  children: StormChild[],
  fits: Record<string, ChildFit>,
  overrides: Partial<AdmissionInput> = {},
) {
  const decisions = decideAdmissions({
    kind: 'failover',
    limits: { maxConcurrentRuns: 3, maxRunsPerTargetCluster: 2 },
    children,
    fitOf: c => fits[`${c.entityRef.split('/')[1]}@${c.from}`],
    runningOnTargets: new Map(),
    ...overrides,
  });
  return decisions.map(d => ({
    child: `${d.child.entityRef.split('/')[1]}@${d.child.from}`,
    kind: d.kind,
    ...(d.kind === 'admit' ? { to: d.targets.map(t => t.name) } : {}),
    ...(d.kind === 'wait' ? { status: d.status } : {}),
    ...(d.kind !== 'admit' ? { reason: d.reason } : {}),
  }));
}

describe('decideAdmissions', () => {
  it('admits in priority order up to the overall cap and the per-cluster cap', () => {
    // N = 3, M = 2. a and b take both slots on us-1, so c (priority 3,
    // also for us-1) waits while d (priority 4, us-2) takes the third
    // slot; e finds no slot left.
    const children = [
      child('e', 5, 'eu-1'),
      child('c', 3, 'eu-2'),
      child('a', 1, 'eu-1'),
      child('d', 4, 'eu-2'),
      child('b', 2, 'eu-1'),
    ];
    expect(
      decide(children, {
        'a@eu-1': fitsOn('us-1'),
        'b@eu-1': fitsOn('us-1'),
        'c@eu-2': fitsOn('us-1'),
        'd@eu-2': fitsOn('us-2'),
        'e@eu-1': fitsOn('ap-1'),
      }),
    ).toEqual([
      { child: 'a@eu-1', kind: 'admit', to: ['us-1'] },
      { child: 'b@eu-1', kind: 'admit', to: ['us-1'] },
      {
        child: 'c@eu-2',
        kind: 'wait',
        status: 'queued',
        reason: 'waits for a slot on us-1: 2 run(s) onto one cluster at once',
      },
      { child: 'd@eu-2', kind: 'admit', to: ['us-2'] },
      {
        child: 'e@eu-1',
        kind: 'wait',
        status: 'queued',
        reason: 'waits for a slot: 3 run(s) at once',
      },
    ]);
  });

  it('counts what already runs, in this storm and onto each cluster', () => {
    // x runs (1 of 3 slots); another storm runs 2 onto us-1 (M = 2).
    const children = [
      child('x', 1, 'eu-1', 'running'),
      child('a', 2, 'eu-1'),
      child('b', 3, 'eu-1'),
      child('c', 4, 'eu-1'),
    ];
    expect(
      decide(
        children,
        {
          'a@eu-1': fitsOn('us-1'),
          'b@eu-1': fitsOn('us-2', 'us-1'),
          'c@eu-1': fitsOn('us-2'),
        },
        { runningOnTargets: new Map([['us-1', 2]]) },
      ).map(d => [d.child, d.kind]),
    ).toEqual([
      ['a@eu-1', 'wait'],
      // b needs us-1 too (one full target is enough to wait).
      ['b@eu-1', 'wait'],
      ['c@eu-1', 'admit'],
    ]);
  });

  it('runs the children of one service one after another', () => {
    const children = [child('a', 1, 'eu-1'), child('a', 1, 'eu-2')];
    expect(
      decide(children, {
        'a@eu-1': fitsOn('us-1'),
        'a@eu-2': fitsOn('us-2'),
      }),
    ).toEqual([
      { child: 'a@eu-1', kind: 'admit', to: ['us-1'] },
      {
        child: 'a@eu-2',
        kind: 'wait',
        status: 'queued',
        reason:
          'waits for the run of component:default/a from another lost cluster',
      },
    ]);
  });

  it('lets a child that does not fit wait while something runs', () => {
    const children = [child('a', 1, 'eu-1'), child('b', 2, 'eu-1')];
    expect(
      decide(children, {
        'a@eu-1': {
          kind: 'short',
          reason: '0 of its 2 replica(s) on eu-1 fit',
        },
        'b@eu-1': fitsOn('us-1'),
      }),
    ).toEqual([
      {
        child: 'a@eu-1',
        kind: 'wait',
        status: 'waiting-capacity',
        reason: '0 of its 2 replica(s) on eu-1 fit',
      },
      { child: 'b@eu-1', kind: 'admit', to: ['us-1'] },
    ]);
  });

  it('skips a child that does not fit once nothing runs, and one with nothing left to move', () => {
    const children = [child('a', 1, 'eu-1'), child('b', 2, 'eu-2')];
    expect(
      decide(children, {
        'a@eu-1': {
          kind: 'short',
          reason: '0 of its 2 replica(s) on eu-1 fit',
        },
        'b@eu-2': {
          kind: 'gone',
          reason: 'b runs no replicas on eu-2 any more',
        },
      }),
    ).toEqual([
      {
        child: 'a@eu-1',
        kind: 'skip',
        reason:
          'does not fit, and nothing else runs that could change that: 0 of its 2 replica(s) on eu-1 fit',
      },
      {
        child: 'b@eu-2',
        kind: 'skip',
        reason: 'b runs no replicas on eu-2 any more',
      },
    ]);
  });

  it("caps a failback's children by the cluster they give replicas back to", () => {
    // Failback children go back to their `from`; us-1 still holds them.
    const back = (entity: string, priority: number, from: string) => ({
      ...child(entity, priority, from),
      targets: [{ name: 'us-1', replicas: 2 }],
    });
    const children = [
      back('a', 1, 'eu-1'),
      back('b', 2, 'eu-1'),
      back('c', 3, 'eu-1'),
      back('d', 4, 'eu-2'),
    ];
    expect(
      decide(
        children,
        {},
        {
          kind: 'failback',
          fitOf: c => ({
            kind: 'fits',
            targets: c.targets,
            replicas: c.replicas,
          }),
        },
      ).map(d => [d.child, d.kind]),
    ).toEqual([
      ['a@eu-1', 'admit'],
      ['b@eu-1', 'admit'],
      // eu-1 takes 2 at once (M = 2); d goes back to eu-2.
      ['c@eu-1', 'wait'],
      ['d@eu-2', 'admit'],
    ]);
  });
});
