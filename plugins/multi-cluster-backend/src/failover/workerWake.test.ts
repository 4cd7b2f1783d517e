import {
  mockCredentials,
  TestDatabaseId,
  TestDatabases,
} from '@backstage/backend-test-utils';
import { StepExecutor } from './steps';
import {
  countingExecutors,
  createHarness,
  createReplicas,
  HarnessOptions,
  OWNER,
  waitFor,
} from './__testUtils__/harness';

jest.setTimeout(120_000);

const databases = TestDatabases.create({ ids: ['POSTGRES_15', 'SQLITE_3'] });
const owner = mockCredentials.user(OWNER);
const request = {
  entityRef: 'component:default/checkout',
  from: 'eu-west',
  to: 'us-east',
  reason: 'eu-west-1 is down',
  force: true,
};
/**
 * Every worker here polls once at start and then only after an hour, and
 * holds its leases for an hour: a run the test sees executed within its
 * minute was found because the worker was told (or, where a test shortens
 * a lease, woke at its expiry), never by the poll.
 */
const HOUR = 3_600_000;
const idle: HarnessOptions = {
  overrides: { pollIntervalMs: HOUR, leaseMs: HOUR },
};

type Harness = Awaited<ReturnType<typeof createHarness>>;

/** A shift that tells it started and then holds the run until aborted. */
function heldShift() {
  let entered!: () => void;
  const started = new Promise<void>(resolve => {
    entered = resolve;
  });
  const shift: StepExecutor = ctx => {
    entered();
    return new Promise((_, reject) =>
      ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)),
    );
  };
  return { started, executors: { 'shift-replicas': shift } };
}

/** Backend replicas on one database, each stopped (signal too) after the test. */
function useReplicas(id: TestDatabaseId) {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });
  return async (options: HarnessOptions[]) => {
    const knex = await databases.init(id);
    const out = await createReplicas(knex, cleanups, options);
    for (const h of out) cleanups.push(() => h.stop());
    return out;
  };
}

/** Starts a replica and waits for the look it takes at start. */
async function startIdle(h: Harness) {
  const looks = jest.spyOn(h.store, 'listClaimable');
  await h.start();
  await waitFor(async () => looks.mock.results.length > 0);
  return { looks, first: await looks.mock.results[0].value };
}

async function succeeded(h: Harness, runId: string) {
  return waitFor(async () => {
    const run = await h.store.getRun(runId);
    return run?.status === 'succeeded' && run;
  });
}

describe.each(databases.eachSupportedId())(
  'failover worker wake-up on %p',
  id => {
    const replicas = useReplicas(id);

    it('executes a run created in the same process at once', async () => {
      const calls = new Map<string, number>();
      const [a] = await replicas([
        { ...idle, executors: countingExecutors(calls) },
      ]);
      const { first } = await startIdle(a);
      expect(first).toEqual([]);
      const created: any = await a.service.create(request, owner);
      const done = await succeeded(a, created.run.id);
      expect(done.claims).toBe(1);
      expect(calls.get('shift-replicas')).toBe(1);
      expect(a.signal.transport).toBe(
        id === 'SQLITE_3' ? 'in-process' : 'postgres',
      );
    });
  },
);

describe('failover worker wake-up between replicas on PostgreSQL', () => {
  const replicas = useReplicas('POSTGRES_15');

  it('claims a run created on another replica when told, not at its next poll', async () => {
    const calls = new Map<string, number>();
    // A only takes requests (its worker never starts); B executes.
    const [a, b] = await replicas([
      idle,
      { ...idle, executors: countingExecutors(calls) },
    ]);
    const { first } = await startIdle(b);
    expect(first).toEqual([]);

    const created: any = await a.service.create(request, owner);
    const done = await succeeded(a, created.run.id);
    expect(done.claims).toBe(1);
    expect(Object.fromEntries(calls)).toEqual({
      'precheck-source': 1,
      'precheck-target': 1,
      'shift-replicas': 1,
      verify: 1,
      notify: 1,
    });
  });

  it('takes over at once the run of a replica that stopped and released it', async () => {
    const held = heldShift();
    const calls = new Map<string, number>();
    const [a, b] = await replicas([
      { ...idle, executors: held.executors },
      { ...idle, executors: countingExecutors(calls) },
    ]);
    await a.start();
    const created: any = await a.service.create(request, owner);
    await held.started;
    // B looks at start while A holds the run for an hour: nothing.
    const { first } = await startIdle(b);
    expect(first).toEqual([]);

    await a.stop(); // graceful: frees the lease and says so
    const done = await succeeded(b, created.run.id);
    // A claimed it and ran the prechecks; B claimed it second and resumed
    // at the shift, which A's stop interrupted.
    expect(done.claims).toBe(2);
    expect(Object.fromEntries(calls)).toEqual({
      'shift-replicas': 1,
      verify: 1,
      notify: 1,
    });
  });

  it('takes over the run of a replica that died when its lease expires', async () => {
    const held = heldShift();
    const calls = new Map<string, number>();
    const [a, b] = await replicas([
      // Renewed every third of 4.5 s while A lives: on a loaded machine a
      // renewal may come seconds late, and a lease that lapsed while A
      // lived would hand B the run before A crashed.
      {
        overrides: { pollIntervalMs: HOUR, leaseMs: 4500 },
        executors: held.executors,
      },
      { ...idle, executors: countingExecutors(calls) },
    ]);
    await a.start();
    const created: any = await a.service.create(request, owner);
    await held.started;
    const { first } = await startIdle(b);
    expect(first).toEqual([]);

    a.worker.crash(); // no release, no notice: only the lease tells
    const done = await succeeded(b, created.run.id);
    expect(done.claims).toBe(2);
    expect(calls.get('shift-replicas')).toBe(1);
    expect(calls.get('precheck-source')).toBeUndefined();
  });
});
