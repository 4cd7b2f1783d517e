import { TestDatabases } from '@backstage/backend-test-utils';
import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import { FailoverRunner } from './FailoverRunner';
import { ActiveFailoverError, FailoverStore } from './FailoverStore';
import { FailoverWorker } from './FailoverWorker';
import { defaultStepExecutors } from './steps';
import {
  countingExecutors,
  createHarness,
  createReplicas,
  OWNER,
  secondKnex,
  waitFor,
} from './__testUtils__/harness';

jest.setTimeout(120_000);

const databases = TestDatabases.create({ ids: ['SQLITE_3', 'POSTGRES_15'] });
const owner = mockCredentials.user(OWNER);
const request = {
  entityRef: 'component:default/checkout',
  from: 'eu-west',
  to: 'us-east',
  reason: 'eu-west-1 is down',
  force: true,
};

describe.each(databases.eachSupportedId())('failover worker on %p', id => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  /** Backend replicas on one database. */
  const replicas = async (options?: Parameters<typeof createReplicas>[2]) =>
    createReplicas(await databases.init(id), cleanups, options);

  it('starts exactly one run for 50 identical concurrent requests on two replicas', async () => {
    const calls = new Map<string, number>();
    const [a, b] = await replicas([
      { executors: countingExecutors(calls) },
      { executors: countingExecutors(calls) },
    ]);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? a : b).service.create(request, owner),
      ),
    );
    const created = results.filter(
      r => r.status === 'fulfilled' && (r.value as any).created,
    );
    const conflicts = results.filter(
      r => r.status === 'rejected' && r.reason instanceof ActiveFailoverError,
    );
    expect(created).toHaveLength(1);
    expect(conflicts).toHaveLength(49);
    const runId = (created[0] as any).value.run.id;
    for (const c of conflicts) {
      expect((c as PromiseRejectedResult).reason.runId).toBe(runId);
    }
    expect(
      await a.knex('multi_cluster_failover_runs').count({ n: '*' }),
    ).toEqual([{ n: expect.anything() }]);
    const [{ n }] = await a
      .knex('multi_cluster_failover_runs')
      .count({ n: '*' });
    expect(Number(n)).toBe(1);

    a.worker.start();
    b.worker.start();
    const done = await waitFor(async () => {
      const run = await a.store.getRun(runId);
      return run?.status === 'succeeded' && run;
    });
    expect(done.steps.map(s => [s.kind, s.status, s.attempts])).toEqual([
      ['precheck-source', 'succeeded', 1],
      ['precheck-target', 'succeeded', 1],
      ['gitops-pause', 'skipped', 0],
      ['state-restore', 'skipped', 0],
      ['shift-replicas', 'succeeded', 1],
      ['gitops-sync', 'skipped', 0],
      ['traffic-shift', 'skipped', 0],
      ['verify', 'succeeded', 1],
      ['gitops-resume', 'skipped', 0],
      ['notify', 'succeeded', 1],
    ]);
    expect(Object.fromEntries(calls)).toEqual({
      'precheck-source': 1,
      'precheck-target': 1,
      'shift-replicas': 1,
      verify: 1,
      notify: 1,
    });
    expect(done.claims).toBe(1);
    expect(
      await a.workloads.listWorkloads('us-east', { kubernetesId: 'checkout' }),
    ).toEqual([expect.objectContaining({ replicas: 3, availableReplicas: 3 })]);
    expect(
      await a.workloads.listWorkloads('eu-west', { kubernetesId: 'checkout' }),
    ).toEqual([expect.objectContaining({ replicas: 0 })]);
    // the lock is released: a new failover may start
    expect(
      await a.store.getActive('component:default/checkout'),
    ).toBeUndefined();
    // every transition audited and recorded
    const history = await a.historyStore.list({
      entityRef: 'component:default/checkout',
      limit: 500,
    });
    expect(history.map(h => h.action)).toEqual(
      expect.arrayContaining([
        'failover.run.created',
        'failover.step.running',
        'failover.step.succeeded',
        'failover.step.skipped',
        'failover.run.succeeded',
      ]),
    );
    expect([...a.auditEvents, ...b.auditEvents].map(e => e.eventId)).toEqual(
      expect.arrayContaining([
        'failover-run-created',
        'failover-run-succeeded',
      ]),
    );
  });

  it('returns the same run for the same idempotencyKey from 50 racing requests', async () => {
    const [a, b] = await replicas();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? a : b).service.create(
          { ...request, idempotencyKey: 'k-1' },
          owner,
        ),
      ),
    );
    const ids = new Set(results.map(r => (r as any).run.id));
    expect(ids.size).toBe(1);
    expect(results.filter(r => (r as any).created)).toHaveLength(1);
  });

  it.each([1, 2, 3, 4, 5, 6])(
    'resumes a run whose worker died after step %i, executing no step twice',
    async afterOrder => {
      const calls = new Map<string, number>();
      const ref: { a?: Awaited<ReturnType<typeof createHarness>> } = {};
      const [a] = await replicas([
        {
          executors: countingExecutors(calls),
          hooks: {
            afterStep: async (_run, step) => {
              if (step.order === afterOrder) ref.a!.worker.crash();
            },
          },
        },
      ]);
      ref.a = a;
      const b = await createHarness(secondKnex(a.knex), {
        fleet: a.fleet,
        workerId: 'replica-b',
        executors: countingExecutors(calls),
      });
      cleanups.push(() => b.worker.stop({ release: true }));
      if (b.knex !== a.knex) cleanups.unshift(() => b.knex.destroy());

      const created: any = await a.service.create(request, owner);
      a.worker.start();
      // a dies after the step; its lease is still held
      await waitFor(async () => {
        const run = await a.store.getRun(created.run.id);
        return (
          run &&
          run.steps[afterOrder - 1].status !== 'pending' &&
          run.steps[afterOrder - 1].status !== 'running' &&
          a.worker.runningIds.length === 0
        );
      });
      const mid = await a.store.getRun(created.run.id);
      expect(mid!.status).toBe('running');
      expect(mid!.leaseOwner).toMatch(/^replica-0#/);

      b.worker.start();
      const done = await waitFor(async () => {
        const run = await b.store.getRun(created.run.id);
        return run?.status === 'succeeded' && run;
      });
      expect(done.claims).toBe(2);
      for (const [kind, n] of calls) {
        expect([kind, n]).toEqual([kind, 1]);
      }
      expect(
        done.steps.every(s => ['succeeded', 'skipped'].includes(s.status)),
      ).toBe(true);
      expect(
        await b.workloads.listWorkloads('us-east', {
          kubernetesId: 'checkout',
        }),
      ).toEqual([expect.objectContaining({ replicas: 3 })]);
    },
  );

  it('re-executes an interrupted step idempotently on another replica', async () => {
    const calls = new Map<string, number>();
    const ref: { a?: Awaited<ReturnType<typeof createHarness>> } = {};
    let first = true;
    const [a] = await replicas([
      {
        executors: countingExecutors(calls, {
          'shift-replicas': async ctx => {
            const out = await defaultStepExecutors['shift-replicas'](ctx);
            if (first) {
              first = false;
              ref.a!.worker.crash(); // dies after scaling, before recording success
              await new Promise(r => setTimeout(r, 50));
            }
            return out;
          },
        }),
      },
    ]);
    ref.a = a;
    const b = await createHarness(secondKnex(a.knex), {
      fleet: a.fleet,
      workerId: 'replica-b',
      executors: countingExecutors(calls),
    });
    cleanups.push(() => b.worker.stop({ release: true }));
    if (b.knex !== a.knex) cleanups.unshift(() => b.knex.destroy());
    const created: any = await a.service.create(request, owner);
    a.worker.start();
    await waitFor(async () => !first && a.worker.runningIds.length === 0);
    b.worker.start();
    const done = await waitFor(async () => {
      const run = await b.store.getRun(created.run.id);
      return run?.status === 'succeeded' && run;
    });
    expect(calls.get('shift-replicas')).toBe(2);
    expect(
      done.steps.find((s: { kind: string }) => s.kind === 'shift-replicas'),
    ).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(calls.get('precheck-source')).toBe(1);
    expect(calls.get('verify')).toBe(1);
    expect(
      await b.workloads.listWorkloads('us-east', { kubernetesId: 'checkout' }),
    ).toEqual([expect.objectContaining({ replicas: 3 })]);
  });

  it('fails a run that keeps losing its worker instead of looping forever', async () => {
    const [a] = await replicas([{}]);
    const created: any = await a.service.create(request, owner);
    await a
      .knex('multi_cluster_failover_runs')
      .where({ id: created.run.id })
      .update({ claims: 10, status: 'running' });
    a.worker.start();
    const run = await waitFor(async () => {
      const r = await a.store.getRun(created.run.id);
      return r?.status === 'failed' && r;
    });
    expect(run.error).toBe(
      'abandoned after 10 claims: the run keeps losing its worker',
    );
    expect(
      await a.store.getActive('component:default/checkout'),
    ).toBeUndefined();
  });

  it('a lost lease fences the old worker: it cannot write', async () => {
    const [a] = await replicas([{}]);
    const created: any = await a.service.create(request, owner);
    const lease = await a.store.claim(created.run.id, 'x', 10, Date.now());
    expect(lease).toBeDefined();
    await new Promise(r => setTimeout(r, 20));
    const other = await a.store.claim(created.run.id, 'y', 10_000);
    expect(other).toBeDefined();
    expect(await a.store.claim(created.run.id, 'z', 10_000)).toBeUndefined();
    expect(await a.store.updateStep(lease!, 1, { status: 'succeeded' })).toBe(
      false,
    );
    expect(await a.store.finish(lease!, { status: 'failed' })).toBe(false);
    expect(await a.store.renew(lease!, 1000)).toBe(false);
    expect((await a.store.getRun(created.run.id))!.steps[0].status).toBe(
      'pending',
    );
  });
});

describe('failover worker polling', () => {
  it('stop() ends the wait for the next poll', async () => {
    const listClaimable = jest.fn(async () => []);
    const nextLeaseExpiry = jest.fn(async () => undefined);
    const worker = new FailoverWorker({
      store: { listClaimable, nextLeaseExpiry } as unknown as FailoverStore,
      runner: {} as FailoverRunner,
      logger: mockServices.logger.mock(),
      leaseMs: 30_000,
      // Far longer than the test may take: stop() returns only if the wait is aborted.
      pollIntervalMs: 3_600_000,
      concurrency: 1,
    });
    const timers = () =>
      process.getActiveResourcesInfo().filter(r => r === 'Timeout').length;
    const before = timers();
    worker.start();
    expect(timers()).toBe(before + 1);
    await worker.stop();
    expect(timers()).toBe(before);
    expect(listClaimable).toHaveBeenCalledTimes(1);
  }, 10_000);
});
