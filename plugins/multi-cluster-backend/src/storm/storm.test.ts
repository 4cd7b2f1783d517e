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
import { Storm } from './types';

jest.setTimeout(120_000);

const databases = TestDatabases.create({ ids: ['POSTGRES_15'] });

/**
 * eu-west-1 (eu-1, eu-2) is lost. Every replica asks for 1 CPU. The
 * survivors: us-1 (8 CPUs), us-2 (6 CPUs), ap-1 (8 CPUs), none used.
 */
const CLUSTERS: StormCluster[] = [
  { name: 'eu-1', region: 'eu-west-1', cpu: 100 },
  { name: 'eu-2', region: 'eu-west-1', cpu: 100 },
  { name: 'us-1', region: 'us-east-1', cpu: 8 },
  { name: 'us-2', region: 'us-east-2', cpu: 6 },
  { name: 'ap-1', region: 'ap-south-1', cpu: 8 },
];

/**
 * Eight services; the tier orders them (s8 before s7). Each may run only
 * on its lost cluster(s) and one survivor, so the plan's target is known:
 * s1, s2, s3 → us-1 (6 of 8 CPUs); s4, s6, s8 → us-2 (6 of 6 CPUs, full);
 * s5 (2 replicas on each lost cluster: two children) → ap-1 (4 of 8);
 * s7 (4 replicas) → us-2, where nothing is left once s8 is placed.
 */
const SERVICES: StormService[] = [
  ['s1', 0, { 'eu-1': 2 }, 'us-1'],
  ['s2', 1, { 'eu-1': 2 }, 'us-1'],
  ['s3', 2, { 'eu-2': 2 }, 'us-1'],
  ['s4', 3, { 'eu-2': 2 }, 'us-2'],
  ['s5', 4, { 'eu-1': 2, 'eu-2': 2 }, 'ap-1'],
  ['s6', 5, { 'eu-1': 2 }, 'us-2'],
  ['s7', 7, { 'eu-2': 4 }, 'us-2'],
  ['s8', 6, { 'eu-1': 2 }, 'us-2'],
].map(([name, tier, replicas, survivor]) => ({
  name: name as string,
  tier: tier as number,
  replicas: replicas as Record<string, number>,
  clusters: ['eu-1', 'eu-2', survivor as string],
}));

const ENDED = ['succeeded', 'failed', 'cancelled'];

describe('region failover storms', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  async function harness(
    gate: ShiftGate,
    extra: Partial<Parameters<typeof createStormHarness>[1]> = {},
  ) {
    const knex = await databases.init('POSTGRES_15');
    const h = await createStormHarness(knex, {
      clusters: CLUSTERS,
      stormServices: SERVICES,
      limits: { maxConcurrentRuns: 3, maxRunsPerTargetCluster: 2 },
      executors: instantStepsBut(gate.executor),
      ...extra,
    });
    cleanups.push(async () => {
      gate.openAll();
      await h.storms.stop();
      await h.worker.stop({ release: true });
    });
    h.worker.start();
    await h.storms.start();
    return h;
  }

  type Harness = Awaited<ReturnType<typeof harness>>;

  async function startStorm(h: Harness): Promise<Storm> {
    const result = await h.storms.service.start(
      { regions: ['eu-west-1'], reason: 'eu-west-1 is dark' },
      platform,
    );
    if (result.dryRun) throw new Error('not a dry run');
    return result.storm;
  }

  const ended = (h: Harness, id: string) =>
    waitFor(async () => {
      const storm = await h.storms.store.records.get(id);
      return storm && ENDED.includes(storm.status) && storm;
    });

  /** Waits until exactly these shifts are under way. */
  const wave = (gate: ShiftGate, keys: string[]) =>
    waitFor(async () => gate.running.join() === [...keys].sort().join());

  it('moves every service once, in priority order, within both caps and the capacity left', async () => {
    const gate = new ShiftGate();
    const h = await harness(gate);
    const storm = await startStorm(h);
    expect(
      storm.children.map(c => `${c.entityRef.slice(18)}@${c.from}`),
    ).toEqual([
      's1@eu-1',
      's2@eu-1',
      's3@eu-2',
      's4@eu-2',
      's5@eu-1',
      's5@eu-2',
      's6@eu-1',
      's8@eu-1',
      's7@eu-2',
    ]);

    // N = 3, M = 2: s1 and s2 fill us-1, s3 (us-1) waits, s4 takes the
    // third slot.
    await wave(gate, ['s1@eu-1', 's2@eu-1', 's4@eu-2']);
    // s1 done: us-1 has a slot again, s3 goes before s5.
    gate.release('s1@eu-1');
    await wave(gate, ['s2@eu-1', 's3@eu-2', 's4@eu-2']);
    gate.release('s2@eu-1');
    await wave(gate, ['s3@eu-2', 's4@eu-2', 's5@eu-1']);
    // s4 done: s5's second child waits for its first, s6 goes.
    gate.release('s4@eu-2');
    await wave(gate, ['s3@eu-2', 's5@eu-1', 's6@eu-1']);
    gate.release('s5@eu-1');
    await wave(gate, ['s3@eu-2', 's5@eu-2', 's6@eu-1']);
    // s7 still waits for room while others run: us-2 is full (s4 moved 2,
    // s6 runs with 2 reserved, s8 is planned before s7 with 2: 6 of 6).
    const meanwhile = await h.storms.store.records.get(storm.id);
    expect(
      meanwhile!.children.find(c => c.entityRef.endsWith('/s7')),
    ).toMatchObject({
      status: 'waiting-capacity',
      reason:
        '0 of its 4 replica(s) on eu-2 fit: 4 of 4 lost replica(s) find no place: cpu 1 requested, 0 free on the best survivor',
    });
    gate.release('s3@eu-2');
    await wave(gate, ['s5@eu-2', 's6@eu-1', 's8@eu-1']);
    gate.openAll();

    const done = await ended(h, storm.id);
    expect(gate.maxOverall).toBe(3);
    expect(Math.max(...gate.maxPerTarget.values())).toBe(2);
    // The first wave's runs are created side by side; then one a wave.
    expect(gate.started.slice(0, 3).sort()).toEqual([
      's1@eu-1',
      's2@eu-1',
      's4@eu-2',
    ]);
    expect(gate.started.slice(3)).toEqual([
      's3@eu-2',
      's5@eu-1',
      's6@eu-1',
      's5@eu-2',
      's8@eu-1',
    ]);
    expect(done.status).toBe('failed');
    expect(done.error).toBe('1 skipped of 9 service move(s)');
    const s7 = done.children.find(c => c.entityRef.endsWith('/s7'))!;
    expect(s7.status).toBe('skipped');
    expect(s7.reason).toMatch(
      /^does not fit, and nothing else runs that could change that: 0 of its 4 replica\(s\) on eu-2 fit/,
    );
    // Every other service moved once, onto its survivor.
    const runs = await h.store.listRuns({ limit: 100 });
    expect(runs).toHaveLength(8);
    expect(new Set(runs.map(r => `${r.entityRef}@${r.from}`)).size).toBe(8);
    for (const [name, survivor, replicas] of [
      ['s1', 'us-1', 2],
      ['s3', 'us-1', 2],
      ['s5', 'ap-1', 4],
      ['s8', 'us-2', 2],
      ['s7', 'us-2', 0],
    ] as const) {
      expect(h.fleet.replicas(survivor, name)).toBe(replicas);
    }
    expect(h.fleet.replicas('eu-2', 's7')).toBe(4);
    expect(
      h.fleet.replicas('eu-1', 's5') + h.fleet.replicas('eu-2', 's5'),
    ).toBe(0);
  });

  it('pauses (nothing new is admitted, running children finish), resumes and cancels', async () => {
    const gate = new ShiftGate();
    const h = await harness(gate);
    const storm = await startStorm(h);
    await wave(gate, ['s1@eu-1', 's2@eu-1', 's4@eu-2']);

    const paused = await h.storms.service.pause(storm.id, platform);
    expect(paused.status).toBe('paused');
    // Pausing again changes nothing; it is not an error.
    await expect(
      h.storms.service.pause(storm.id, platform),
    ).resolves.toMatchObject({
      status: 'paused',
    });
    gate.release('s1@eu-1');
    // The run ends and its child is settled; the tick that settles it
    // admits nothing while the storm is paused.
    await waitFor(async () => {
      const now = await h.storms.store.records.get(storm.id);
      return (
        now?.children.find(c => c.entityRef.endsWith('/s1'))?.status ===
        'succeeded'
      );
    });
    expect(gate.running).toEqual(['s2@eu-1', 's4@eu-2']);

    await h.storms.service.resume(storm.id, platform);
    await wave(gate, ['s2@eu-1', 's3@eu-2', 's4@eu-2']);

    const cancelling = await h.storms.service.cancel(storm.id, platform);
    // The queued children are cancelled at once, the running ones asked to stop.
    expect(
      cancelling.children
        .filter(c => c.status === 'cancelled')
        .map(c => c.entityRef.slice(18)),
    ).toEqual(['s5', 's5', 's6', 's8', 's7']);
    const runs = await h.store.listRuns({ status: ['running', 'pending'] });
    expect(runs.map(r => r.cancelRequested)).toEqual([true, true, true]);
    gate.openAll();
    const done = await ended(h, storm.id);
    expect(done.status).toBe('cancelled');
    // Their shifts had started: each run stopped before its next step.
    expect(done.children.filter(c => c.status === 'cancelled').length).toBe(8);
    expect(done.children.find(c => c.entityRef.endsWith('/s1'))?.status).toBe(
      'succeeded',
    );
    await expect(h.storms.service.resume(storm.id, platform)).rejects.toThrow(
      `Region failover ${storm.id} has already cancelled`,
    );
    // Every transition is recorded: history, with its actor.
    const history = await h.historyStore.list({ limit: 200 });
    const actions = history.map(e => e.action);
    for (const action of [
      'region-failover.storm.created',
      'region-failover.storm.paused',
      'region-failover.storm.resumed',
      'region-failover.storm.cancel-requested',
      'region-failover.storm.cancelled',
      'region-failover.child.running',
      'region-failover.child.succeeded',
      'region-failover.child.cancelled',
    ]) {
      expect(actions).toContain(action);
    }
    expect(
      history.find(e => e.action === 'region-failover.storm.paused')?.actor,
    ).toBe('user:default/platform-admin');
  });
});
