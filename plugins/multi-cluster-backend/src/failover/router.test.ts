import { mockCredentials, TestDatabases } from '@backstage/backend-test-utils';
import request from 'supertest';
import { createFailoverRouter } from './router';
import {
  createHarness,
  OWNER,
  STRANGER,
  waitFor,
} from './__testUtils__/harness';
import { startRouterBackend } from '../__testUtils__/startRouterBackend';

jest.setTimeout(60_000);

const databases = TestDatabases.create({ ids: ['SQLITE_3'] });
const AS_OWNER = mockCredentials.user.header(OWNER);
const AS_STRANGER = mockCredentials.user.header(STRANGER);
const body = {
  entityRef: 'component:default/checkout',
  from: 'eu-west',
  to: 'us-east',
  reason: 'eu-west-1 is down',
  force: true,
};

async function setup(options: Parameters<typeof createHarness>[1] = {}) {
  const knex = await databases.init('SQLITE_3');
  const h = await createHarness(knex, options);
  const { server } = await startRouterBackend(({ httpAuth }) =>
    createFailoverRouter({ httpAuth, service: h.service }),
  );
  const api = (path: string) => `/api/multi-cluster${path}`;
  const runCount = async () =>
    Number((await knex('multi_cluster_failover_runs').count({ n: '*' }))[0].n);
  return { h, server, api, knex, runCount };
}

async function waitForStatus(h: any, id: string, status: string) {
  return waitFor(async () => {
    const run = await h.store.getRun(id);
    return run?.status === status && run;
  });
}

describe('failover routes', () => {
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    stop = undefined;
  });

  it('requires user credentials (401)', async () => {
    const { server, api, runCount } = await setup();
    const res = await request(server)
      .post(api('/failovers'))
      .set('Authorization', mockCredentials.none.header())
      .send(body);
    expect(res.status).toBe(401);
    expect(await runCount()).toBe(0);
  });

  it.each([
    [{ ...body, from: undefined }, 'from: Required'],
    [{ ...body, reason: '' }, 'reason: '],
    [{ ...body, force: 'yes' }, 'force: Expected boolean'],
    [{ ...body, to: 'bad cluster!' }, 'to: invalid cluster name'],
    [{ ...body, extra: 1 }, "Unrecognized key(s) in object: 'extra'"],
  ])(
    'rejects malformed body %j with 400 naming the field',
    async (payload, message) => {
      const { server, api, runCount } = await setup();
      const res = await request(server)
        .post(api('/failovers'))
        .set('Authorization', AS_OWNER)
        .send(payload as any);
      expect(res.status).toBe(400);
      expect(res.body.error.name).toBe('InputError');
      expect(res.body.error.message).toContain(message);
      expect(await runCount()).toBe(0);
    },
  );

  it('leaves a body that is not JSON unread (415), storing nothing', async () => {
    const { server, api, runCount } = await setup();
    const res = await request(server)
      .post(api('/failovers'))
      .set('Authorization', AS_OWNER)
      .send('not json');
    expect(res.status).toBe(415);
    expect(res.body.error.message).toBe(
      'Request body must be application/json',
    );
    expect(await runCount()).toBe(0);
  });

  it('refuses a body over its 16 kB limit (413) and one with too many keys, storing nothing', async () => {
    const { server, api, runCount } = await setup();
    const large = await request(server)
      .post(api('/failovers'))
      .set('Authorization', AS_OWNER)
      .send({ ...body, reason: 'x'.repeat(17 * 1024) });
    expect(large.status).toBe(413);
    expect(large.body.error).toMatchObject({
      name: 'PayloadTooLargeError',
      message: 'Request body is larger than 16384 bytes',
    });
    const keys: Record<string, number> = {};
    for (let i = 0; i < 1_001; i++) keys[`k${i}`] = i;
    const wide = await request(server)
      .post(api('/drills'))
      .set('Authorization', AS_OWNER)
      .send(keys);
    expect(wide.status).toBe(400);
    expect(wide.body.error.message).toBe(
      'Request body is not a request of this API: a JSON object with more than 1000 keys',
    );
    const malformed = await request(server)
      .post(api('/failovers'))
      .set('Authorization', AS_OWNER)
      .set('Content-Type', 'application/json')
      .send(`{"reason":"${'x'.repeat(10_000)}`);
    expect(malformed.status).toBe(400);
    // Backstage's handler would send body-parser's copy of the body back.
    expect(malformed.text.length).toBeLessThan(500);
    expect(await runCount()).toBe(0);
  });

  it('validates the path, query and cancel body like the request bodies', async () => {
    const { server, api } = await setup();
    const badId = await request(server)
      .get(api(`/failovers/${'a'.repeat(65)}`))
      .set('Authorization', AS_OWNER);
    expect(badId.status).toBe(400);
    expect(badId.body.error.message).toBe(
      'Invalid path: id: String must contain at most 64 character(s)',
    );
    const query = await request(server)
      .get(api('/failovers?entityRef=component:default/checkout&sort=desc'))
      .set('Authorization', AS_OWNER);
    expect(query.status).toBe(400);
    expect(query.body.error.message).toBe(
      "Invalid query: (body): Unrecognized key(s) in object: 'sort'",
    );
    const cancel = await request(server)
      .post(api('/failovers/some-run/cancel'))
      .set('Authorization', AS_OWNER)
      .send({ force: true });
    expect(cancel.status).toBe(400);
    expect(cancel.body.error.message).toBe(
      "Invalid request body: (body): Unrecognized key(s) in object: 'force'",
    );
  });

  it('denies non-owners with 403 naming the permission and changes nothing', async () => {
    const { h, server, api, runCount } = await setup();
    const res = await request(server)
      .post(api('/failovers'))
      .set('Authorization', AS_STRANGER)
      .send(body);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(
      "Permission 'multi-cluster.failover.execute' denied for component:default/checkout",
    );
    expect(await runCount()).toBe(0);
    expect(
      await h.historyStore.list({ entityRef: 'component:default/checkout' }),
    ).toEqual([]);
    expect(
      await h.workloads.listWorkloads('eu-west', { kubernetesId: 'checkout' }),
    ).toEqual([expect.objectContaining({ replicas: 3 })]);

    const created = await request(server)
      .post(api('/failovers'))
      .set('Authorization', AS_OWNER)
      .send(body);
    expect(created.status).toBe(202);
    for (const [method, path] of [
      ['get', `/failovers/${created.body.id}`],
      ['get', '/failovers?entityRef=component:default/checkout'],
      ['post', `/failovers/${created.body.id}/cancel`],
      ['post', `/failovers/${created.body.id}/rollback`],
      ['get', '/entities/component/default/checkout/dr'],
      ['get', '/entities/component/default/checkout/dr/history'],
    ] as const) {
      const r = await (request(server) as any)
        [method](api(path))
        .set('Authorization', AS_STRANGER);
      expect([path, r.status]).toEqual([path, 403]);
    }
    expect((await h.store.getRun(created.body.id))!.cancelRequested).toBe(
      false,
    );
    expect(await runCount()).toBe(1);
    // unauthorized runs are filtered out of the unscoped list
    const list = await request(server)
      .get(api('/failovers'))
      .set('Authorization', AS_STRANGER);
    expect(list.body.items).toEqual([]);
  });

  it('returns 404 for an unknown entity and 422 for an impossible plan, storing nothing', async () => {
    const { server, api, runCount } = await setup();
    const missing = await request(server)
      .post(api('/failovers'))
      .set('Authorization', AS_OWNER)
      .send({ ...body, entityRef: 'component:default/nope' });
    expect(missing.status).toBe(404);
    const impossible = await request(server)
      .post(api('/failovers'))
      .set('Authorization', AS_OWNER)
      .send({ ...body, to: 'mars-1' });
    expect(impossible.status).toBe(422);
    expect(impossible.body.error.message).toBe(
      "target cluster 'mars-1' is not in the fleet",
    );
    const nothing = await request(server)
      .post(api('/failovers'))
      .set('Authorization', AS_OWNER)
      .send({ ...body, from: 'us-east', to: 'eu-west' });
    expect(nothing.status).toBe(422);
    expect(nothing.body.error.message).toMatch(/runs no replicas on us-east/);
    expect(await runCount()).toBe(0);
  });

  it('dry-runs a plan (200) without changing anything', async () => {
    const { server, api, runCount } = await setup();
    const res = await request(server)
      .post(api('/failovers'))
      .set('Authorization', AS_OWNER)
      .send({ ...body, dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body.plan.moves).toEqual([
      { cluster: 'eu-west', before: 3, after: 0 },
      { cluster: 'us-east', before: 0, after: 3 },
    ]);
    expect(res.body.plan.method).toBe('direct-scale');
    expect(await runCount()).toBe(0);
  });

  it('runs a failover (202), refuses a second (409 with the running id), lists, and rolls back', async () => {
    const { h, server, api } = await setup();
    stop = () => h.worker.stop();
    const res = await request(server)
      .post(api('/failovers'))
      .set('Authorization', AS_OWNER)
      .send(body);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      status: 'pending',
      plan: { from: 'eu-west', to: ['us-east'] },
    });
    const second = await request(server)
      .post(api('/failovers'))
      .set('Authorization', AS_OWNER)
      .send(body);
    expect(second.status).toBe(409);
    expect(second.body.runningId).toBe(res.body.id);

    h.worker.start();
    await waitForStatus(h, res.body.id, 'succeeded');
    const got = await request(server)
      .get(api(`/failovers/${res.body.id}`))
      .set('Authorization', AS_OWNER);
    expect(got.status).toBe(200);
    expect(got.body.steps[4]).toMatchObject({
      kind: 'shift-replicas',
      status: 'succeeded',
      attempts: 1,
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
      output: expect.objectContaining({ method: 'direct-scale' }),
    });
    expect(got.body.steps[5]).toMatchObject({
      kind: 'gitops-sync',
      status: 'skipped',
      skipReason: expect.stringContaining('argocd-app'),
    });
    expect(got.body.rollbackAvailable).toBe(true);

    const rb = await request(server)
      .post(api(`/failovers/${res.body.id}/rollback`))
      .set('Authorization', AS_OWNER)
      .send({ reason: 'eu is back' });
    expect(rb.status).toBe(202);
    expect(rb.body.run).toMatchObject({
      kind: 'rollback',
      rollbackOf: res.body.id,
      from: 'us-east',
      to: ['eu-west'],
    });
    expect(rb.body.plan.moves).toEqual([
      { cluster: 'eu-west', before: 0, after: 3 },
      { cluster: 'us-east', before: 3, after: 0 },
    ]);
    await waitForStatus(h, rb.body.id, 'succeeded');
    expect(
      await h.workloads.listWorkloads('eu-west', { kubernetesId: 'checkout' }),
    ).toEqual([expect.objectContaining({ replicas: 3 })]);
    expect(
      await h.workloads.listWorkloads('us-east', { kubernetesId: 'checkout' }),
    ).toEqual([expect.objectContaining({ replicas: 0 })]);
    const list = await request(server)
      .get(api('/failovers?entityRef=component:default/checkout'))
      .set('Authorization', AS_OWNER);
    expect(list.body.items.map((r: any) => r.kind)).toEqual([
      'rollback',
      'failover',
    ]);
  });

  it('cancels a run nobody has picked up and frees the entity', async () => {
    const { h, server, api } = await setup();
    const res = await request(server)
      .post(api('/failovers'))
      .set('Authorization', AS_OWNER)
      .send(body);
    const cancel = await request(server)
      .post(api(`/failovers/${res.body.id}/cancel`))
      .set('Authorization', AS_OWNER);
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe('cancelled');
    expect(cancel.body.steps.every((s: any) => s.status === 'cancelled')).toBe(
      true,
    );
    expect(
      await h.store.getActive('component:default/checkout'),
    ).toBeUndefined();
    const again = await request(server)
      .post(api(`/failovers/${res.body.id}/cancel`))
      .set('Authorization', AS_OWNER);
    expect(again.status).toBe(409);
    const rb = await request(server)
      .post(api(`/failovers/${res.body.id}/rollback`))
      .set('Authorization', AS_OWNER);
    expect(rb.status).toBe(409);
  });

  it('stops at the precheck when the source is healthy and not forced', async () => {
    const { h, server, api } = await setup();
    stop = () => h.worker.stop();
    const res = await request(server)
      .post(api('/failovers'))
      .set('Authorization', AS_OWNER)
      .send({ ...body, force: false });
    h.worker.start();
    const run = await waitForStatus(h, res.body.id, 'failed');
    expect(run.steps[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(run.error).toBe(
      'step 1 (precheck-source) failed after 1 attempt(s): eu-west still reports healthy; refusing to fail over from a healthy cluster without force: true',
    );
    expect(run.steps.slice(1).every((s: any) => s.status === 'pending')).toBe(
      true,
    );
    const got = await request(server)
      .get(api(`/failovers/${res.body.id}`))
      .set('Authorization', AS_OWNER);
    expect(got.body.rollbackAvailable).toBe(false);
    expect(
      await h.workloads.listWorkloads('eu-west', { kubernetesId: 'checkout' }),
    ).toEqual([expect.objectContaining({ replicas: 3 })]);
  });

  it('fails over from an unhealthy cluster without force', async () => {
    const { h, server, api } = await setup();
    stop = () => h.worker.stop();
    // eu-west's API server stops answering /readyz: an outage.
    h.fleet.setReady('eu-west', false);
    await h.inventory.refresh();
    const res = await request(server)
      .post(api('/failovers'))
      .set('Authorization', AS_OWNER)
      .send({ ...body, force: undefined, to: undefined });
    expect(res.status).toBe(202);
    expect(res.body.plan.targetChosenBy).toBe('recommendation');
    h.worker.start();
    const run = await waitForStatus(h, res.body.id, 'succeeded');
    expect(run.steps[0].output).toMatchObject({
      health: 'unhealthy',
      forced: false,
    });
  });

  it('runs a drill for real: moves the replicas and measures the RTO until the target reports them ready', async () => {
    const { h, server, api } = await setup();
    stop = () => h.worker.stop();
    // us-east takes its time to get the moved replicas ready.
    h.fleet.holdReadiness('us-east');
    const res = await request(server)
      .post(api('/drills'))
      .set('Authorization', AS_OWNER)
      .send({
        entityRef: 'component:default/checkout',
        from: 'eu-west',
        to: 'us-east',
      });
    expect(res.status).toBe(202);
    expect(res.body.run).toMatchObject({ kind: 'drill', dry: false });
    h.worker.start();
    // The drill scales the clusters' Deployments (before: the drill of a
    // fleet that was not the simulator scaled nothing and met its target).
    await h.fleet.waitForReplicas('us-east', 'checkout', 3);
    const [target] = h.fleet.workloads('us-east', 'checkout');
    expect(target.status.readyReplicas).toBe(0);
    // Make before break: the shift reads us-east and finds nothing ready,
    // at least twice, and eu-west keeps its replicas meanwhile ...
    const targetReads = () =>
      h.fleet
        .api('us-east')
        .requests.filter(
          r => r.method === 'GET' && r.path.endsWith('/shop/deployments'),
        ).length;
    const before = targetReads();
    await waitFor(async () => targetReads() >= before + 2);
    expect(h.fleet.replicas('eu-west', 'checkout')).toBe(3);
    // ... until the replicas are ready; then eu-west gives its up.
    const readyFrom = Date.now();
    h.fleet.releaseReadiness('us-east');
    const run = await waitForStatus(h, res.body.id, 'succeeded');
    expect(h.fleet.replicas('eu-west', 'checkout')).toBe(0);
    const shift = run.steps.find((s: any) => s.kind === 'shift-replicas')!;
    const verify = run.steps.find((s: any) => s.kind === 'verify')!;
    const readyAt = Date.parse((shift.output as any).targetsReadyAt);
    expect(readyAt).toBeGreaterThanOrEqual(readyFrom);
    expect(verify.output).toMatchObject({
      clusters: [{ cluster: 'us-east', expected: 3, ready: 3, ok: true }],
    });

    const dr = await request(server)
      .get(api('/entities/component/default/checkout/dr'))
      .set('Authorization', AS_OWNER);
    expect(dr.status).toBe(200);
    expect(dr.body).toMatchObject({
      entityRef: 'component:default/checkout',
      declared: {
        strategy: 'active-passive-warm',
        rtoSeconds: 900,
        standbyCluster: 'us-east',
      },
      strategy: { id: 'active-passive-warm' },
      problems: [],
      placement: expect.arrayContaining([{ name: 'us-east', replicas: 3 }]),
      findings: expect.any(Array),
      activeRunId: null,
    });
    // The RTO runs from the start of the move to the read that saw the
    // target ready: it covers the time the replicas were held back.
    const achieved = dr.body.drills[0].achievedRtoSeconds;
    expect(achieved * 1000).toBeCloseTo(
      readyAt - Date.parse(shift.startedAt),
      -1,
    );
    expect(achieved * 1000).toBeGreaterThanOrEqual(
      readyFrom - Date.parse(shift.startedAt),
    );
    expect(dr.body.drills[0]).toMatchObject({
      runId: res.body.id,
      status: 'succeeded',
      dryRun: false,
      movedReplicas: 3,
      targetRtoSeconds: 900,
      metTarget: true,
      metTargetReason: null,
    });
    expect(dr.body.drills[0].steps).toHaveLength(10);

    // The history measures from the run's start (prechecks included).
    const history = await request(server)
      .get(api('/entities/component/default/checkout/dr/history?limit=10'))
      .set('Authorization', AS_OWNER);
    expect(history.status).toBe(200);
    expect(history.body).toEqual({
      entityRef: 'component:default/checkout',
      targetRtoSeconds: 900,
      targetRpoSeconds: null,
      items: [
        {
          runId: res.body.id,
          kind: 'drill',
          outcome: 'succeeded',
          startedAt: run.startedAt,
          finishedAt: run.finishedAt,
          rtoSeconds: (readyAt - Date.parse(run.startedAt!)) / 1000,
          rtoReason: null,
          // checkout declares no stateful parts: nothing was restored.
          rpoSeconds: null,
          rpo: 'not-applicable',
        },
      ],
    });
    const bad = await request(server)
      .get(api('/entities/component/default/checkout/dr/history?limit=500'))
      .set('Authorization', AS_OWNER);
    expect(bad.status).toBe(400);
  });

  it('reports a drill whose target never became ready as missing its target, and keeps the source serving', async () => {
    // the shift gives up after 1.2 s (120 s scaled)
    const { h, server, api } = await setup({ overrides: { timeScale: 0.01 } });
    stop = () => h.worker.stop();
    h.fleet.holdReadiness('us-east');
    const res = await request(server)
      .post(api('/drills'))
      .set('Authorization', AS_OWNER)
      .send({
        entityRef: 'component:default/checkout',
        from: 'eu-west',
        to: 'us-east',
      });
    expect(res.status).toBe(202);
    h.worker.start();
    const run = await waitForStatus(h, res.body.id, 'failed');
    expect(run.error).toMatch(/step 5 \(shift-replicas\) failed/);
    // us-east was given the replicas, never ran them; eu-west kept its own.
    expect(h.fleet.replicas('us-east', 'checkout')).toBe(3);
    expect(h.fleet.replicas('eu-west', 'checkout')).toBe(3);

    const dr = await request(server)
      .get(api('/entities/component/default/checkout/dr'))
      .set('Authorization', AS_OWNER);
    expect(dr.body.drills[0]).toMatchObject({
      runId: res.body.id,
      status: 'failed',
      movedReplicas: 0,
      achievedRtoSeconds: null,
      targetRtoSeconds: 900,
      metTarget: false,
      metTargetReason: expect.stringMatching(
        /^no replicas moved: the shift step failed \(.*not ready in time: us-east: 0 of 3 available/,
      ),
    });
  });
});
