import { mockCredentials, TestDatabases } from '@backstage/backend-test-utils';
import {
  regionFailoverDryRunSchema,
  regionFailoverListSchema,
  regionFailoverSchema,
  regionFailoverStartedSchema,
} from '@flotilla/plugin-multi-cluster-common';
import request from 'supertest';
import { waitFor } from '../failover/__testUtils__/harness';
import { ShiftGate } from './__testUtils__/shiftGate';
import {
  createStormHarness,
  instantStepsBut,
  PLATFORM,
  StormCluster,
  StormService,
} from './__testUtils__/stormHarness';
import { createStormRouter } from './router';
import { startRouterBackend } from '../__testUtils__/startRouterBackend';

jest.setTimeout(60_000);

const databases = TestDatabases.create({ ids: ['SQLITE_3'] });
const AS_PLATFORM = mockCredentials.user.header(PLATFORM);
const AS_OUTSIDER = mockCredentials.user.header('user:default/outsider');

const CLUSTERS: StormCluster[] = [
  { name: 'eu-1', region: 'eu-west-1', cpu: 100 },
  { name: 'us-1', region: 'us-east-1', cpu: 100 },
];
const SERVICES: StormService[] = [
  { name: 'a', tier: 0, replicas: { 'eu-1': 2 }, clusters: ['eu-1', 'us-1'] },
];
const body = { clusters: ['eu-1'], reason: 'eu-1 is dark' };

async function setup() {
  const knex = await databases.init('SQLITE_3');
  const gate = new ShiftGate();
  const h = await createStormHarness(knex, {
    clusters: CLUSTERS,
    stormServices: SERVICES,
    executors: instantStepsBut(gate.executor),
  });
  const backend = await startRouterBackend(({ httpAuth }) =>
    createStormRouter({ httpAuth, service: h.storms.service }),
  );
  const api = (path: string) => `/api/multi-cluster${path}`;
  const stormCount = async () =>
    Number(
      (await knex('multi_cluster_region_failovers').count({ n: '*' }))[0].n,
    );
  return { h, gate, server: backend.server, backend, api, stormCount };
}

describe('region failover routes', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  async function started() {
    const s = await setup();
    s.h.worker.start();
    await s.h.storms.start();
    cleanups.push(async () => {
      s.gate.openAll();
      await s.h.storms.stop();
      await s.h.worker.stop();
      await s.backend.stop();
    });
    return s;
  }

  it.each([
    ['an unknown field', { ...body, force: true }],
    ['no reason', { clusters: ['eu-1'] }],
    ['a reason with control characters', { ...body, reason: 'down\u0000' }],
    ['a reason too long', { ...body, reason: 'x'.repeat(3000) }],
    ['too many clusters', { ...body, clusters: Array(501).fill('eu-1') }],
    ['a cluster name too long', { ...body, clusters: ['e'.repeat(254)] }],
    ['no loss at all', { reason: 'nothing' }],
    ['a malformed entity ref', { ...body, entityRefs: ['a:b:c/d'] }],
    ['a key too long', { ...body, idempotencyKey: 'k'.repeat(256) }],
    ['not an object', ['eu-1']],
  ])('refuses %s with 400 and stores nothing', async (_, hostile) => {
    const { server, api, stormCount, h } = await started();
    const res = await request(server)
      .post(api('/region-failovers'))
      .set('Authorization', AS_PLATFORM)
      .send(hostile);
    expect(res.status).toBe(400);
    expect(res.body.error.message.length).toBeLessThan(600);
    expect(await stormCount()).toBe(0);
    expect(await h.historyStore.list({})).toEqual([]);
  });

  it('refuses a caller without multi-cluster.failover.region (403), audited, nothing stored', async () => {
    const { server, api, stormCount, h } = await started();
    for (const [path, payload] of [
      ['/region-failovers', body],
      ['/region-failovers', { ...body, dryRun: true }],
      ['/failbacks', { stormId: 'some-storm', reason: 'back' }],
      ['/region-failovers/some-storm/pause', {}],
      ['/region-failovers/some-storm/cancel', {}],
    ] as const) {
      const res = await request(server)
        .post(api(path))
        .set('Authorization', AS_OUTSIDER)
        .send(payload);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(
        "Permission 'multi-cluster.failover.region' denied",
      );
    }
    expect(await stormCount()).toBe(0);
    const refused = h.stormAuditEvents.filter(e => e.meta?.refused);
    expect(refused.map(e => [e.eventId, e.outcome])).toEqual([
      ['region-failover-create', 'fail'],
      ['region-failover-create', 'fail'],
      ['region-failover-failback', 'fail'],
      ['region-failover-pause', 'fail'],
      ['region-failover-cancel', 'fail'],
    ]);
  });

  it('answers a dry run with the plan, storing nothing', async () => {
    const { server, api, stormCount } = await started();
    const res = await request(server)
      .post(api('/region-failovers'))
      .set('Authorization', AS_PLATFORM)
      .send({ ...body, dryRun: true });
    expect(res.status).toBe(200);
    const { plan } = regionFailoverDryRunSchema.parse(res.body);
    expect(plan.lostClusters).toEqual(['eu-1']);
    expect(plan.services[0]).toMatchObject({
      entityRef: 'component:default/a',
      outcome: 'moved',
      sources: [
        { from: 'eu-1', replicas: 2, targets: [{ name: 'us-1', replicas: 2 }] },
      ],
    });
    expect(await stormCount()).toBe(0);
  });

  it('starts, reads, pauses and cancels a region failover; 404 and 409 where due', async () => {
    const { server, api, gate } = await started();
    const start = await request(server)
      .post(api('/region-failovers'))
      .set('Authorization', AS_PLATFORM)
      .send({ ...body, idempotencyKey: 'k-1' });
    expect(start.status).toBe(202);
    const { storm } = regionFailoverStartedSchema.parse(start.body);
    expect(storm).toMatchObject({
      kind: 'failover',
      status: 'running',
      lostClusters: ['eu-1'],
      actor: PLATFORM,
      limits: { maxConcurrentRuns: 10, maxRunsPerTargetCluster: 3 },
      children: [
        {
          entityRef: 'component:default/a',
          priority: 1,
          from: 'eu-1',
          to: ['us-1'],
          replicas: 2,
        },
      ],
    });
    // The same key: the same storm; the same clusters again: 409.
    const again = await request(server)
      .post(api('/region-failovers'))
      .set('Authorization', AS_PLATFORM)
      .send({ ...body, idempotencyKey: 'k-1' });
    expect(again.status).toBe(202);
    expect(again.body.storm.id).toBe(storm.id);
    const conflict = await request(server)
      .post(api('/region-failovers'))
      .set('Authorization', AS_PLATFORM)
      .send(body);
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.message).toBe(
      `Region failover ${storm.id} of eu-1 is not finished; wait for it or cancel it first`,
    );

    await waitFor(async () => gate.running.join() === 'a@eu-1');
    const read = await request(server)
      .get(api(`/region-failovers/${storm.id}`))
      .set('Authorization', AS_OUTSIDER);
    expect(read.status).toBe(200);
    expect(regionFailoverSchema.parse(read.body)).toMatchObject({
      counts: { running: 1 },
      children: [{ status: 'running' }],
    });
    const list = await request(server)
      .get(api('/region-failovers?limit=5'))
      .set('Authorization', AS_OUTSIDER);
    expect(
      regionFailoverListSchema.parse(list.body).items.map(s => s.id),
    ).toEqual([storm.id]);

    const pause = await request(server)
      .post(api(`/region-failovers/${storm.id}/pause`))
      .set('Authorization', AS_PLATFORM)
      .send({});
    expect(pause.status).toBe(200);
    expect(pause.body.status).toBe('paused');
    const failback = await request(server)
      .post(api('/failbacks'))
      .set('Authorization', AS_PLATFORM)
      .send({ stormId: storm.id, reason: 'back' });
    expect(failback.status).toBe(409);
    expect(failback.body.error.message).toBe(
      `Region failover ${storm.id} is paused; fail it back once it has ended`,
    );
    const cancel = await request(server)
      .post(api(`/region-failovers/${storm.id}/cancel`))
      .set('Authorization', AS_PLATFORM)
      .send({});
    expect(cancel.status).toBe(200);
    gate.openAll();
    await waitFor(async () => {
      const res = await request(server)
        .get(api(`/region-failovers/${storm.id}`))
        .set('Authorization', AS_PLATFORM);
      return res.body.status === 'cancelled';
    });
    const late = await request(server)
      .post(api(`/region-failovers/${storm.id}/resume`))
      .set('Authorization', AS_PLATFORM)
      .send({});
    expect(late.status).toBe(409);

    const missing = await request(server)
      .get(api('/region-failovers/no-such-storm'))
      .set('Authorization', AS_PLATFORM);
    expect(missing.status).toBe(404);
    const badId = await request(server)
      .get(api('/region-failovers/..%2Fetc'))
      .set('Authorization', AS_PLATFORM);
    expect(badId.status).toBe(400);
  });

  it.each([
    [{ ...body, clusters: ['mars-1'] }, "cluster 'mars-1' is not in the fleet"],
    [
      { regions: ['mars'], reason: 'x' },
      "no cluster of the fleet is in region 'mars'",
    ],
    [
      { ...body, entityRefs: ['component:default/a', 'component:default/b'] },
      'not DR-declared services (no readable flotilla.io/dr-strategy): component:default/b',
    ],
  ])(
    'answers 422 for what the fleet does not have: %j',
    async (payload, message) => {
      const { server, api, stormCount } = await started();
      const res = await request(server)
        .post(api('/region-failovers'))
        .set('Authorization', AS_PLATFORM)
        .send(payload);
      expect(res.status).toBe(422);
      expect(res.body.error.message).toBe(message);
      expect(await stormCount()).toBe(0);
    },
  );

  it('answers 422 when no DR-declared service runs on the lost clusters', async () => {
    const { server, api, stormCount } = await started();
    const res = await request(server)
      .post(api('/region-failovers'))
      .set('Authorization', AS_PLATFORM)
      .send({ clusters: ['us-1'], reason: 'us-1 is dark' });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(
      'No DR-declared service runs replicas on us-1: there is nothing to fail over',
    );
    expect(await stormCount()).toBe(0);
  });
});
