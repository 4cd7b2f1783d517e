import { TestDatabases } from '@backstage/backend-test-utils';
import { secondKnex, waitFor } from '../failover/__testUtils__/harness';
import { FailoverRun } from '../failover/types';
import { ShiftGate } from './__testUtils__/shiftGate';
import {
  createStormHarness,
  instantStepsBut,
  platform,
  StormCluster,
  StormService,
} from './__testUtils__/stormHarness';

jest.setTimeout(120_000);

const databases = TestDatabases.create({ ids: ['POSTGRES_15'] });

/** eu-1 is lost; a, b, c, d (in this order) each move 1 replica to us-1 or us-2. */
const CLUSTERS: StormCluster[] = [
  { name: 'eu-1', region: 'eu-west-1', cpu: 100 },
  { name: 'us-1', region: 'us-east-1', cpu: 100 },
  { name: 'us-2', region: 'us-east-2', cpu: 100 },
];
const SERVICES: StormService[] = ['a', 'b', 'c', 'd'].map((name, tier) => ({
  name,
  tier,
  replicas: { 'eu-1': 1 },
  clusters: ['eu-1', tier % 2 ? 'us-2' : 'us-1'],
}));

function gate() {
  let open!: () => void;
  const opened = new Promise<void>(resolve => {
    open = resolve;
  });
  return { opened, open };
}

describe('a storm whose orchestrator dies', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  it('is taken over by another replica without losing or repeating a child', async () => {
    const knex = await databases.init('POSTGRES_15');
    const shifts = new ShiftGate();
    const options = {
      clusters: CLUSTERS,
      stormServices: SERVICES,
      limits: { maxConcurrentRuns: 2, maxRunsPerTargetCluster: 2 },
      executors: instantStepsBut(shifts.executor),
    };
    // Replica A stops in the middle of admitting b: after deciding to,
    // before its run exists.
    const aHoldsB = gate();
    const aGoesOn = gate();
    let aAdmittedB: { created: boolean; run: FailoverRun } | undefined;
    const a = await createStormHarness(knex, {
      ...options,
      workerId: 'replica-a',
      wrapInternal: internal => ({
        find: internal.find.bind(internal),
        rollback: internal.rollback.bind(internal),
        cancel: internal.cancel.bind(internal),
        start: async (request, credentials) => {
          if (!request.entityRef.endsWith('/b')) {
            return internal.start(request, credentials);
          }
          aHoldsB.open();
          await aGoesOn.opened;
          aAdmittedB = await internal.start(request, credentials);
          return aAdmittedB;
        },
      }),
    });
    // Replica B's clock runs a minute ahead: A's lease looks expired to it.
    const pool = secondKnex(knex);
    const b = await createStormHarness(pool, {
      ...options,
      fleet: a.fleet,
      workerId: 'replica-b',
      now: () => Date.now() + 60_000,
    });
    cleanups.push(async () => {
      shifts.openAll();
      aGoesOn.open();
      await Promise.all([a.storms.stop(), b.storms.stop()]);
      await Promise.all([a.worker.stop(), b.worker.stop()]);
      await pool.destroy();
    });
    a.worker.start();
    b.worker.start();
    await a.storms.start();
    const result = await a.storms.service.start(
      { clusters: ['eu-1'], reason: 'eu-1 is dark' },
      platform,
    );
    if (result.dryRun) throw new Error('not a dry run');
    const stormId = result.storm.id;

    // A admitted a, and is stuck admitting b.
    await waitFor(async () => shifts.running.join() === 'a@eu-1');
    await aHoldsB.opened;
    a.storms.orchestrator.crash();
    await b.storms.start();
    // B claims the storm and admits b itself: a still runs, N = 2.
    await waitFor(async () => shifts.running.join() === 'a@eu-1,b@eu-1');
    expect(b.storms.orchestrator.stormIds).toEqual([stormId]);
    // A's stale admission of b now goes on: its lease is B's, so its run
    // is not created (the key already names B's run, and the child is
    // not recorded again).
    aGoesOn.open();
    shifts.openAll();
    const done = await waitFor(async () => {
      const storm = await b.storms.store.records.get(stormId);
      return storm?.status === 'succeeded' && storm;
    });
    expect(done.children.map(c => c.status)).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
      'succeeded',
    ]);
    // A's late call got B's run back, and created none.
    const bRun = done.children.find(c => c.entityRef.endsWith('/b'))?.runId;
    expect(await waitFor(async () => aAdmittedB)).toMatchObject({
      created: false,
      run: { id: bRun },
    });
    const runs = await knex('multi_cluster_failover_runs').select(
      'id',
      'entity_ref',
    );
    expect(runs).toHaveLength(4);
    expect(new Set(done.children.map(c => c.runId))).toEqual(
      new Set(runs.map(r => r.id)),
    );
    expect(shifts.started.sort()).toEqual([
      'a@eu-1',
      'b@eu-1',
      'c@eu-1',
      'd@eu-1',
    ]);
    for (const [name, target] of [
      ['a', 'us-1'],
      ['b', 'us-2'],
      ['c', 'us-1'],
      ['d', 'us-2'],
    ]) {
      expect(a.fleet.replicas(target, name)).toBe(1);
      expect(a.fleet.replicas('eu-1', name)).toBe(0);
    }
  });
});
