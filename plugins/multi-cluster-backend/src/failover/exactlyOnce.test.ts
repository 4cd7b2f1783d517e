import {
  mockCredentials,
  mockServices,
  TestDatabases,
} from '@backstage/backend-test-utils';
import { ConflictError } from '@backstage/errors';
import { AlreadyRolledBackError, ActiveFailoverError } from './FailoverStore';
import { IdempotencyKeyReusedError } from './FailoverService';
import { StepError } from './steps';
import {
  allStrings,
  createHarness,
  createReplicas,
  OWNER,
  RAW_CONTROL,
  waitFor,
} from './__testUtils__/harness';

jest.setTimeout(120_000);

const databases = TestDatabases.create({ ids: ['SQLITE_3', 'POSTGRES_15'] });
const owner = mockCredentials.user(OWNER);
const ENTITY = 'component:default/checkout';
const request = {
  entityRef: ENTITY,
  from: 'eu-west',
  to: 'us-east',
  reason: 'eu-west-1 is down',
  force: true,
};

type Harness = Awaited<ReturnType<typeof createHarness>>;

function gate() {
  let open!: () => void;
  const opened = new Promise<void>(resolve => {
    open = resolve;
  });
  return { opened, open };
}

async function replicasOf(h: Harness, clusters: string[]) {
  const out: Record<string, number> = {};
  for (const cluster of clusters) {
    const workloads = await h.workloads.listWorkloads(cluster, {
      kubernetesId: 'checkout',
    });
    out[cluster] = workloads.reduce((n, w) => n + w.replicas, 0);
  }
  return out;
}

const total = (replicas: Record<string, number>) =>
  Object.values(replicas).reduce((n, r) => n + r, 0);

async function finished(h: Harness, id: string) {
  return waitFor(async () => {
    const run = await h.store.getRun(id);
    return run && ['succeeded', 'failed', 'cancelled'].includes(run.status)
      ? run
      : undefined;
  });
}

describe.each(databases.eachSupportedId())('exactly once on %p', id => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  /** Backend replicas on one database. */
  const replicas = async (options?: Parameters<typeof createReplicas>[2]) =>
    createReplicas(await databases.init(id), cleanups, options);

  const runRows = async (h: Harness) =>
    Number(
      (await h.knex('multi_cluster_failover_runs').count({ n: '*' }))[0].n,
    );

  it('gives 50 racing requests with one key the same run, also when it finished before the others planned', async () => {
    const [a, b] = await replicas();
    // Every request waits after its key lookup found nothing; the first
    // then creates the run, which runs to the end (moving the replicas its
    // plan started from) before the other 49 go on planning.
    let arrivals = 0;
    const allArrived = gate();
    const othersGo = gate();
    const held = async () => {
      const arrival = ++arrivals;
      if (arrival === 50) allArrived.open();
      await allArrived.opened;
      if (arrival !== 1) await othersGo.opened;
    };
    for (const h of [a, b]) {
      const getActive = h.store.getActive.bind(h.store);
      jest.spyOn(h.store, 'getActive').mockImplementation(async ref => {
        await held();
        return getActive(ref);
      });
    }
    a.worker.start();
    b.worker.start();
    const pending = Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? a : b).service.create(
          { ...request, idempotencyKey: 'retry-1' },
          owner,
        ),
      ),
    );
    await allArrived.opened;
    const run = await waitFor(async () => {
      const [r] = await a.store.listRuns({ entityRef: ENTITY });
      return r?.status === 'succeeded' && r;
    });
    othersGo.open();
    const results = await pending;

    expect(
      results.flatMap(r =>
        r.status === 'rejected' ? [String(r.reason?.message)] : [],
      ),
    ).toEqual([]);
    const values = results.map(
      r => (r as PromiseFulfilledResult<any>).value as any,
    );
    expect(new Set(values.map(v => v.run.id))).toEqual(new Set([run.id]));
    expect(values.filter(v => v.created)).toHaveLength(1);
    expect(await runRows(a)).toBe(1);
    expect(await replicasOf(a, ['eu-west', 'us-east'])).toEqual({
      'eu-west': 0,
      'us-east': 3,
    });
  });

  it('scopes a key to its caller and operation: same request, same run; another request, 422', async () => {
    const [a, b] = await replicas([
      { permissions: mockServices.permissions() },
      { permissions: mockServices.permissions() },
    ]);
    const keyed = { ...request, idempotencyKey: 'k' };
    const first = await a.service.create(keyed, owner);
    expect(first).toMatchObject({ dryRun: false, created: true });
    const runId = (first as any).run.id;

    const again = await b.service.create(keyed, owner);
    expect(again).toMatchObject({ created: false, run: { id: runId } });

    const other = b.service.create({ ...keyed, reason: 'another' }, owner);
    await expect(other).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    await expect(other).rejects.toMatchObject({ statusCode: 422 });

    // Another user's key 'k' is another key: it does not read this run.
    const stranger = mockCredentials.user('user:default/someone-else');
    await expect(a.service.create(keyed, stranger)).rejects.toBeInstanceOf(
      ActiveFailoverError,
    );
    expect(await runRows(a)).toBe(1);

    a.worker.start();
    await finished(a, runId);

    // The failover's key does not answer a rollback: a rollback's key
    // belongs to the run it rolls back.
    const rollbacks = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).service.rollback(
          runId,
          { reason: 'eu is back', idempotencyKey: 'k' },
          owner,
        ),
      ),
    );
    const rollbackIds = new Set(rollbacks.map(r => r.run.id));
    expect(rollbackIds.size).toBe(1);
    const [rollbackId] = rollbackIds;
    expect(rollbackId).not.toBe(runId);
    expect(rollbacks.filter(r => r.created)).toHaveLength(1);
    expect(rollbacks[0].run).toMatchObject({
      kind: 'rollback',
      rollbackOf: runId,
    });
    await expect(
      a.service.rollback(
        runId,
        { reason: 'another reason', idempotencyKey: 'k' },
        owner,
      ),
    ).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    expect(await runRows(a)).toBe(2);
  });

  it('rolls a run back once: of 20 racing rollbacks one is created, the rest and a later one get 409, replicas conserved', async () => {
    const [a, b] = await replicas();
    const created: any = await a.service.create(request, owner);
    a.worker.start();
    await finished(a, created.run.id);
    await a.worker.stop();
    expect(await replicasOf(a, ['eu-west', 'us-east'])).toEqual({
      'eu-west': 0,
      'us-east': 3,
    });

    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).service.rollback(
          created.run.id,
          // without a key, or each with its own: distinct requests
          i % 3 ? {} : { idempotencyKey: `rb-${i}` },
          owner,
        ),
      ),
    );
    const ok = results.filter(r => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    const rollback = (ok[0] as PromiseFulfilledResult<any>).value.run;
    const refused = results.filter(r => r.status === 'rejected');
    expect(refused).toHaveLength(19);
    for (const r of refused as PromiseRejectedResult[]) {
      expect(r.reason).toBeInstanceOf(AlreadyRolledBackError);
      expect(r.reason.message).toBe(
        `Run ${created.run.id} has already been rolled back by run ${rollback.id}`,
      );
    }
    expect((await a.store.getRun(created.run.id))!.rolledBackBy).toBe(
      rollback.id,
    );

    b.worker.start();
    expect((await finished(b, rollback.id)).status).toBe('succeeded');
    expect(await replicasOf(a, ['eu-west', 'us-east'])).toEqual({
      'eu-west': 3,
      'us-east': 0,
    });
    const described = await a.service.get(created.run.id, owner);
    expect(described.rollbackAvailable).toBe(false);

    // Rolling back again is refused, and changes nothing.
    await expect(
      a.service.rollback(created.run.id, {}, owner),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(await runRows(a)).toBe(2);
    expect(await replicasOf(a, ['eu-west', 'us-east'])).toEqual({
      'eu-west': 3,
      'us-east': 0,
    });
  });

  it('rolls back the change a run recorded, relative to the replicas then: 12 replicas stay 12 (absolute counts left 10)', async () => {
    const clusters = ['eu-west', 'us-east', 'ap-south'];
    const [h] = await replicas([
      {
        layout: {
          clusters,
          replicas: { 'eu-west': 2, 'us-east': 8, 'ap-south': 2 },
        },
      },
    ]);
    h.worker.start();
    const run = async (body: typeof request) => {
      const created: any = await h.service.create(body, owner);
      const done = await finished(h, created.run.id);
      expect([done.id, done.status, done.error]).toEqual([
        done.id,
        'succeeded',
        undefined,
      ]);
      return done;
    };
    // A moves eu's 2 replicas to us; B then moves ap's 2 to us too.
    const a = await run({ ...request, from: 'eu-west', to: 'us-east' });
    const b = await run({ ...request, from: 'ap-south', to: 'us-east' });
    expect(await replicasOf(h, clusters)).toEqual({
      'eu-west': 0,
      'us-east': 12,
      'ap-south': 0,
    });

    // Rolling A back moves its 2 replicas back: what A recorded it changed
    // (eu 2 -> 0, us 8 -> 10), reversed relative to what each runs when the
    // rollback runs. A's absolute counts (eu 2, us 8) would have dropped us
    // to 8 and lost B's 2.
    const rollbackA = await h.service.rollback(a.id, {}, owner);
    expect(rollbackA.run.plan.moves).toEqual([
      { cluster: 'eu-west', before: 0, after: 2 },
      { cluster: 'us-east', before: 10, after: 8 },
    ]);
    expect((await finished(h, rollbackA.run.id)).status).toBe('succeeded');
    expect(await replicasOf(h, clusters)).toEqual({
      'eu-west': 2,
      'us-east': 10,
      'ap-south': 0,
    });

    // Twice: refused, nothing moves.
    await expect(h.service.rollback(a.id, {}, owner)).rejects.toBeInstanceOf(
      AlreadyRolledBackError,
    );
    expect(total(await replicasOf(h, clusters))).toBe(12);

    const rollbackB = await h.service.rollback(b.id, {}, owner);
    expect((await finished(h, rollbackB.run.id)).status).toBe('succeeded');
    expect(await replicasOf(h, clusters)).toEqual({
      'eu-west': 2,
      'us-east': 8,
      'ap-south': 2,
    });
  });

  it('frees the rollback of a run when its rollback changed nothing (cancelled before it ran)', async () => {
    const [h] = await replicas([{}]);
    const created: any = await h.service.create(request, owner);
    h.worker.start();
    await finished(h, created.run.id);
    await h.worker.stop();
    const first = await h.service.rollback(created.run.id, {}, owner);
    await h.service.cancel(first.run.id, owner);
    expect((await h.store.getRun(created.run.id))!.rolledBackBy).toBe(
      undefined,
    );
    const second = await h.service.rollback(created.run.id, {}, owner);
    expect(second).toMatchObject({ created: true });
    expect(second.run.id).not.toBe(first.run.id);
  });

  it('escapes control characters of a step error in the run, history, audit events and logs', async () => {
    const hostile = `webhook said:\r\n2026-12-02 INFO admin granted\0\x1b[2J\u2028${'x'.repeat(
      10_000,
    )}`;
    const [h] = await replicas([
      {
        executors: {
          verify: async () => {
            throw new StepError(hostile, { retryable: false });
          },
        },
        notifications: {
          send: async () => {
            throw new Error('smtp down\r\nforged\0');
          },
        } as any,
      },
    ]);
    const created: any = await h.service.create(
      { ...request, reason: 'eu down\r\nforged reason\0' },
      owner,
    );
    h.worker.start();
    const run = await finished(h, created.run.id);
    expect(run.status).toBe('failed');
    const verify = run.steps.find(s => s.kind === 'verify')!;
    expect(verify.error).toMatch(/^webhook said:\\r\\n2026-12-02 INFO admin/);
    expect(verify.error!.length).toBeLessThanOrEqual(2000);
    expect(run.error).not.toMatch(RAW_CONTROL);
    // PostgreSQL refuses a NUL in text: the reason is stored escaped.
    expect(run.reason).toBe('eu down\\r\\nforged reason\\0');

    const history = await h.historyStore.list({ entityRef: ENTITY });
    expect(history.length).toBeGreaterThan(3);
    const failedRow = history.find(r => r.action === 'failover.step.failed')!;
    expect(failedRow.error).toContain('webhook said:\\r\\n');
    expect(allStrings(history).filter(s => RAW_CONTROL.test(s))).toEqual([]);

    const failedEvent = h.auditEvents.find(
      e => e.eventId === 'failover-step-failed',
    )!;
    expect(failedEvent.error!.message.length).toBeLessThanOrEqual(300);
    expect(allStrings(h.auditEvents).filter(s => RAW_CONTROL.test(s))).toEqual(
      [],
    );

    const loggedNow = () =>
      allStrings(
        (['error', 'warn', 'info', 'debug'] as const).flatMap(
          level => (h.logger[level] as jest.Mock).mock.calls,
        ),
      );
    // The failure notification is tried after the run is recorded failed
    // (and its transition emitted): wait for its warning.
    await waitFor(async () =>
      loggedNow().join('\n').includes('smtp down\\r\\nforged\\0'),
    );
    const logged = loggedNow();
    expect(logged.join('\n')).toContain('smtp down\\r\\nforged\\0');
    expect(logged.filter(s => RAW_CONTROL.test(s))).toEqual([]);
  });

  it('audits a refused failover (403) with bounded fields and records no history', async () => {
    const [h] = await replicas([{}]);
    const stranger = mockCredentials.user('user:default/stranger');
    await expect(
      h.service.create(
        {
          ...request,
          entityRef: `component:default/checkout`,
          reason: `r${'\n'.repeat(10)}${'y'.repeat(1024 * 1024)}`,
          to: `us-east\r\n${'z'.repeat(1024 * 1024)}`,
        },
        stranger,
      ),
    ).rejects.toMatchObject({ name: 'NotAllowedError' });
    expect(await h.historyStore.list({ limit: 500 })).toEqual([]);
    expect(await runRows(h)).toBe(0);
    expect(h.auditEvents).toHaveLength(1);
    const [event] = h.auditEvents;
    expect(event).toMatchObject({
      eventId: 'failover-create',
      outcome: 'fail',
      meta: { actor: 'user:default/stranger', refused: true },
    });
    expect(event.meta.request.to.length).toBeLessThanOrEqual(300);
    expect(JSON.stringify(event.meta).length).toBeLessThan(2000);
    expect(allStrings(event).filter(s => RAW_CONTROL.test(s))).toEqual([]);
  });
});
