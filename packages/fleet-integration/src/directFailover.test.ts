/**
 * Failover by direct scaling (checkout-admin: staging-eu-west-aws-1 and
 * dev-eu-west-aws-1, reached directly from the backend's configuration)
 * when a cluster stops answering in the middle of a run, against real API
 * servers. A sampler reads the members' own API servers throughout.
 *
 * - A target that refuses the write: the run changes nothing, so there is
 *   nothing to roll back (and the members never move).
 * - A target whose API server stops after the shift (the traffic step's
 *   webhook stops it: a known point of the run, no timing): verify notices
 *   it is unhealthy and fails at once, saying so, instead of waiting out
 *   its deadline; the rollback then moves back exactly what moved.
 */
import http from 'node:http';
import { eventually } from '@flotilla/test-kit';
import { fault, finishedRun, startFailover } from './harness/failover';
import { membersOf, ReplicaSampler } from './harness/replicaSampler';
import { useBackend } from './harness/suite';

jest.setTimeout(900_000);

const SOURCE = 'staging-eu-west-aws-1';
const TARGET = 'dev-eu-west-aws-1';
const NAMESPACE = 'shop';
const NAME = 'checkout-admin';
const BASELINE = { [SOURCE]: 2, [TARGET]: 1 };

/**
 * The traffic provider's webhook (the runbook's traffic step): answers
 * 200, and first runs whatever the test armed it with.
 */
const trafficHook = {
  calls: 0,
  armed: undefined as undefined | (() => Promise<void>),
  server: http.createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      trafficHook.calls += 1;
      const action = trafficHook.armed;
      trafficHook.armed = undefined;
      await action?.().catch(() => undefined);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  }),
};

const HOOK_PORT =
  7146 + Number(process.env.FLOTILLA_TEST_BACKEND_PORT_OFFSET ?? 0);
beforeAll(
  () =>
    new Promise<void>(resolve =>
      trafficHook.server.listen(HOOK_PORT, '127.0.0.1', resolve),
    ),
);
afterAll(() => new Promise(resolve => trafficHook.server.close(resolve)));

const { fleet, backend } = useBackend({
  name: 'direct-failover',
  port: 7145,
  // team-checkout owns checkout-admin.
  guestUser: 'user:default/guest',
  config: {
    multiCluster: {
      // Health follows an outage within seconds.
      refresh: { frequency: { seconds: 3 } },
      failover: {
        timeScale: 0.1,
        traffic: { webhook: { url: `http://127.0.0.1:${HOOK_PORT}/shift` } },
      },
    },
  },
});

const sample = () =>
  ReplicaSampler.start(fleet, {
    namespace: NAMESPACE,
    name: NAME,
    clusters: [SOURCE, TARGET],
  });

async function failOver(reason: string) {
  const run = await eventually(
    () =>
      startFailover(backend(), {
        entityRef: `component:default/${NAME}`,
        from: SOURCE,
        to: TARGET,
        reason,
        force: true,
      }),
    180_000,
    2000,
  );
  return finishedRun(backend(), run.id);
}

async function healthOf(cluster: string): Promise<string | undefined> {
  const res = await backend().request<{ health?: { status?: string } }>(
    'GET',
    `/api/multi-cluster/clusters/${cluster}`,
  );
  return res.body?.health?.status;
}

describe('failover by direct scaling when a cluster stops answering', () => {
  it('changes nothing when the target refuses the write, and has nothing to roll back', async () => {
    const sampler = sample();
    await fault(fleet, 'PUT', `/faults/${TARGET}`, {
      failWith: 500,
      failMethods: ['PATCH'],
      failPathPrefix: `/apis/apps/v1/namespaces/${NAMESPACE}/deployments/${NAME}`,
    });
    let run;
    try {
      run = await failOver('integration: target refuses writes');
    } finally {
      await fault(fleet, 'DELETE', `/faults/${TARGET}`);
    }
    expect(run.status).toBe('failed');
    expect(run.steps.find(s => s.kind === 'shift-replicas')!.status).toBe(
      'failed',
    );
    const described = await backend().ok<{
      rollbackAvailable?: boolean;
      changes: { status: string }[];
    }>('GET', `/api/multi-cluster/failovers/${run.id}`);
    expect(described.rollbackAvailable).toBe(false);
    expect(described.changes.filter(c => c.status === 'applied')).toEqual([]);
    const refused = await backend().request(
      'POST',
      `/api/multi-cluster/failovers/${run.id}/rollback`,
      { reason: 'integration: nothing moved' },
    );
    expect(refused.status).toBe(409);
    await sampler.stop('direct-target-refuses-writes');
    const readable = sampler.readable();
    expect(readable.length).toBeGreaterThan(0);
    for (const members of readable.map(membersOf)) {
      expect(members[SOURCE].desired).toBe(BASELINE[SOURCE]);
      expect(members[TARGET].desired).toBe(BASELINE[TARGET]);
    }
  });

  it('fails verify at once when the target turns unhealthy, then rolls back exactly what moved', async () => {
    await eventually(async () =>
      expect(await healthOf(TARGET)).toBe('healthy'),
    );
    const sampler = sample();
    // After the shift, the traffic step's webhook stops the target's API server.
    trafficHook.armed = () =>
      fault(fleet, 'POST', `/clusters/${TARGET}/outage`);
    let restored = false;
    try {
      const run = await failOver('integration: target lost before verify');
      expect(run.status).toBe('failed');
      const verify = run.steps.find(s => s.kind === 'verify')!;
      expect(verify.status).toBe('failed');
      // It says why, not merely that its deadline passed.
      expect(verify.error).toMatch(
        new RegExp(`${TARGET} is unhealthy .*cannot run the replicas`),
      );
      expect(verify.error).not.toMatch(/timed out/);

      await fault(fleet, 'POST', `/clusters/${TARGET}/restore`);
      restored = true;
      await eventually(
        async () => expect(await healthOf(TARGET)).toBe('healthy'),
        180_000,
      );
      const rollback = await backend().ok<{ id: string }>(
        'POST',
        `/api/multi-cluster/failovers/${run.id}/rollback`,
        { reason: 'integration: back' },
      );
      expect((await finishedRun(backend(), rollback.id)).status).toBe(
        'succeeded',
      );
    } finally {
      if (!restored) {
        await fault(fleet, 'POST', `/clusters/${TARGET}/restore`).catch(
          () => undefined,
        );
      }
    }
    const samples = await sampler.stop('direct-target-lost-before-verify');
    const last = membersOf(samples[samples.length - 1]);
    expect([last[SOURCE].desired, last[TARGET].desired]).toEqual([
      BASELINE[SOURCE],
      BASELINE[TARGET],
    ]);
    // Make before break: while both answered, never fewer ready than 3.
    expect(sampler.minReadyTotal()).toBeGreaterThanOrEqual(3);
  });
});
