import { TestDatabases } from '@backstage/backend-test-utils';
import { waitFor } from '../failover/__testUtils__/harness';
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

/** eu-west-1 (eu-1, eu-2) is lost and comes back. */
const CLUSTERS: StormCluster[] = [
  { name: 'eu-1', region: 'eu-west-1', cpu: 100 },
  { name: 'eu-2', region: 'eu-west-1', cpu: 100 },
  { name: 'us-1', region: 'us-east-1', cpu: 100 },
  { name: 'ap-1', region: 'ap-south-1', cpu: 100 },
];
/** a: 2 on eu-1 → us-1; b: 2 on eu-1 and 3 on eu-2 → ap-1 (two children). */
const SERVICES: StormService[] = [
  { name: 'a', tier: 0, replicas: { 'eu-1': 2 }, clusters: ['eu-1', 'us-1'] },
  {
    name: 'b',
    tier: 1,
    replicas: { 'eu-1': 2, 'eu-2': 3 },
    clusters: ['eu-1', 'eu-2', 'ap-1'],
  },
];

describe('failback of a region failover', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  /** The storms and the worker running on a fresh database; `ended` waits for a storm's end. */
  async function startHarness() {
    const knex = await databases.init('POSTGRES_15');
    const h = await createStormHarness(knex, {
      clusters: CLUSTERS,
      stormServices: SERVICES,
      executors: instantStepsBut(new ShiftGate(true).executor),
    });
    cleanups.push(async () => {
      await h.storms.stop();
      await h.worker.stop();
    });
    h.worker.start();
    await h.storms.start();
    const ended = (id: string) =>
      waitFor(async () => {
        const storm = await h.storms.store.records.get(id);
        return storm && ['succeeded', 'failed'].includes(storm.status) && storm;
      });
    return { h, ended };
  }

  it('reverses what the storm moved, once, and only once its clusters are healthy', async () => {
    const { h, ended } = await startHarness();

    // Detection starts it; the same key again is the same storm.
    const started = {
      clusters: ['eu-1', 'eu-2'],
      entityRefs: [],
      reason: 'eu-west-1 failed for 5 minutes',
      idempotencyKey: 'detection:eu-west-1:1',
    };
    const { stormId } = await h.storms.recovery.startRegionFailover(started);
    await expect(
      h.storms.recovery.startRegionFailover(started),
    ).resolves.toEqual({ stormId });
    const storm = await ended(stormId);
    expect(storm.status).toBe('succeeded');
    expect(storm.actor).toBe('plugin:multi-cluster/detection');
    expect(h.fleet.replicas('us-1', 'a')).toBe(2);
    expect(h.fleet.replicas('ap-1', 'b')).toBe(5);

    // eu-1 is down: no failback gives it replicas back.
    h.fleet.setReady('eu-1', false);
    await h.inventory.refresh();
    await expect(
      h.storms.service.failback(
        { stormId, reason: 'eu-west-1 is back' },
        platform,
      ),
    ).rejects.toThrow(
      /^eu-1 is unhealthy \(.*\): fail back once it is healthy again$/,
    );
    expect(await h.storms.store.records.failbackOf(stormId)).toBeUndefined();

    h.fleet.setReady('eu-1', true);
    await h.inventory.refresh();
    const { storm: failback, created } = await h.storms.service.failback(
      { stormId, reason: 'eu-west-1 is back', idempotencyKey: 'back-1' },
      platform,
    );
    expect(created).toBe(true);
    expect(failback).toMatchObject({
      kind: 'failback',
      failbackOf: stormId,
      lostClusters: ['eu-1', 'eu-2'],
    });
    // One child per moved child, each the rollback of its run.
    const runOf = new Map(
      storm.children.map(c => [`${c.entityRef}@${c.from}`, c.runId]),
    );
    expect(
      failback.children.map(c => [`${c.entityRef}@${c.from}`, c.rollbackOf]),
    ).toEqual([...runOf]);

    // A second failback: the same key is the same failback; another is refused.
    await expect(
      h.storms.service.failback(
        { stormId, reason: 'eu-west-1 is back', idempotencyKey: 'back-1' },
        platform,
      ),
    ).resolves.toMatchObject({ created: false, storm: { id: failback.id } });
    await expect(
      h.storms.service.failback({ stormId, reason: 'again' }, platform),
    ).rejects.toThrow(
      `Region failover ${stormId} already has its failback: ${failback.id}`,
    );

    const back = await ended(failback.id);
    expect(back.status).toBe('succeeded');
    // Every replica is where it ran before the storm, and nowhere else.
    expect(h.fleet.replicas('eu-1', 'a')).toBe(2);
    expect(h.fleet.replicas('us-1', 'a')).toBe(0);
    expect(h.fleet.replicas('eu-1', 'b')).toBe(2);
    expect(h.fleet.replicas('eu-2', 'b')).toBe(3);
    expect(h.fleet.replicas('ap-1', 'b')).toBe(0);
    // Each run rolled back once, by the failback's child.
    for (const child of back.children) {
      const original = await h.store.getRun(child.rollbackOf!);
      expect(original?.rolledBackBy).toBe(child.runId);
    }
    expect(await h.store.listRuns({ kind: 'rollback' })).toHaveLength(3);
    // Detection asking to fail those services back gets that failback.
    await expect(
      h.storms.recovery.startFailback({
        clusters: ['eu-1', 'eu-2'],
        entityRefs: ['component:default/a'],
        reason: 'eu-west-1 stable for 10 minutes',
        idempotencyKey: 'detection:back:1',
      }),
    ).resolves.toEqual({ stormId: failback.id });
    await expect(
      h.storms.service.failback(
        { stormId: failback.id, reason: 'x' },
        platform,
      ),
    ).rejects.toThrow(/is a failback; only a region failover is failed back/);
  });

  it('fails a region back as one when its clusters come back a tick apart', async () => {
    const { h, ended } = await startHarness();
    const { stormId } = await h.storms.recovery.startRegionFailover({
      clusters: ['eu-1', 'eu-2'],
      entityRefs: [],
      reason: 'eu-west-1 failed for 5 minutes',
      idempotencyKey: 'detection:eu-west-1:1',
    });
    expect((await ended(stormId)).status).toBe('succeeded');

    // Both are healthy again; eu-1's stabilization ends first.
    const first = await h.storms.recovery.startFailback({
      clusters: ['eu-1'],
      entityRefs: ['component:default/a', 'component:default/b'],
      reason: 'eu-1 stable',
      idempotencyKey: 'detection:back:eu-1',
    });
    const failback = await ended(first.stormId);
    expect(failback.status).toBe('succeeded');
    expect(failback.children.map(c => `${c.entityRef}@${c.from}`)).toEqual([
      'component:default/a@eu-1',
      'component:default/b@eu-1',
      'component:default/b@eu-2',
    ]);
    expect(h.fleet.replicas('eu-2', 'b')).toBe(3);
    expect(h.fleet.replicas('ap-1', 'b')).toBe(0);
    // eu-2's own decision, a tick later, gets that failback.
    await expect(
      h.storms.recovery.startFailback({
        clusters: ['eu-2'],
        entityRefs: ['component:default/b'],
        reason: 'eu-2 stable',
        idempotencyKey: 'detection:back:eu-2',
      }),
    ).resolves.toEqual({ stormId: first.stormId });
  });
});
