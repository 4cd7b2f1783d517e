/**
 * Two real backends on one PostgreSQL (two replicas of one Backstage
 * deployment), against the real Karmada control plane: racing requests for
 * the same failover make exactly one run, and a backend killed (SIGKILL) in
 * the middle of a run's step leaves it to the other, which resumes it to
 * completion after the lease expires.
 */
import { KubernetesObjectApi } from '@kubernetes/client-node';
import { FleetDescription } from '@flotilla/fleet-simulator';
import {
  dropDatabases,
  RunningBackend,
  uniqueDatabasePrefix,
} from './harness/backend';
import { ConcurrentWriter } from './harness/concurrentWriter';
import {
  finishedRun,
  runLease,
  replicasOnMembers,
  resetKarmadaService,
  RunView,
} from './harness/failover';
import { eventually } from '@flotilla/test-kit';
import { adminClients, clusterNamed, requireFleet } from './harness/fleet';

jest.setTimeout(900_000);

const fleet: FleetDescription = requireFleet();
const databasePrefix = uniqueDatabasePrefix('replicas');
const ENTITY = 'component:default/payments-ledger';
const PRIMARY = 'prod-eu-west-aws-1';
const STANDBY = 'prod-eu-west-azure-1';
const NAMESPACE = 'shop';
const NAME = 'payments-ledger';
const BASELINE = { [PRIMARY]: 4, [STANDBY]: 1 };
const FAILED_OVER = { [PRIMARY]: 0, [STANDBY]: 5 };
const config = {
  multiCluster: {
    failover: {
      timeScale: 0.25,
      // A dead replica's runs are resumed after this long.
      leaseDuration: { seconds: 15 },
      pollInterval: { seconds: 1 },
    },
  },
};

const onMembers = () =>
  replicasOnMembers(fleet, NAMESPACE, NAME, [PRIMARY, STANDBY]);

const replicas: RunningBackend[] = [];

const failoverBody = (reason: string, idempotencyKey?: string) => ({
  entityRef: ENTITY,
  from: PRIMARY,
  to: STANDBY,
  reason,
  // The primary is healthy: a planned failover.
  force: true,
  ...(idempotencyKey ? { idempotencyKey } : {}),
});

/** Runs of the entity as one replica lists them (newest first). */
async function runsOfEntity(backend: RunningBackend): Promise<RunView[]> {
  const res = await backend.ok<{ items?: RunView[] } | RunView[]>(
    'GET',
    `/api/multi-cluster/failovers?entityRef=${encodeURIComponent(
      ENTITY,
    )}&limit=100`,
  );
  return Array.isArray(res) ? res : res.items ?? [];
}

/** Both replicas can plan the failover (their inventories are refreshed). */
async function untilBothCanPlan() {
  for (const backend of replicas) {
    await eventually(
      async () => {
        const res = await backend.request(
          'POST',
          '/api/multi-cluster/failovers',
          {
            ...failoverBody('integration: plan only'),
            dryRun: true,
          },
        );
        expect(res.status).toBe(200);
      },
      180_000,
      2000,
    );
  }
}

async function rollBackAndCheck(backend: RunningBackend, runId: string) {
  const res = await backend.request<{ id: string }>(
    'POST',
    `/api/multi-cluster/failovers/${runId}/rollback`,
    { reason: 'integration: back to the primary' },
  );
  expect(res.status).toBe(202);
  expect((await finishedRun(backend, res.body.id)).status).toBe('succeeded');
  await eventually(async () => expect(await onMembers()).toEqual(BASELINE));
}

beforeAll(async () => {
  // One after the other: two cold starts at once take minutes on 2 cores.
  for (const [index, name] of ['a', 'b'].entries()) {
    replicas.push(
      await RunningBackend.start(fleet, {
        name: `replica-${name}`,
        port: 7135 + index,
        databasePrefix,
        config,
        // team-checkout owns payments-ledger and may fail it over.
        guestUser: 'user:default/guest',
      }),
    );
  }
  await resetKarmadaService(fleet, {
    namespace: NAMESPACE,
    name: NAME,
    baseline: BASELINE,
  });
  await untilBothCanPlan();
}, 1_200_000);

afterAll(async () => {
  await Promise.all(replicas.map(r => r.stop()));
  await dropDatabases(databasePrefix);
}, 120_000);

describe('two backend replicas on one PostgreSQL', () => {
  it('make exactly one run of racing requests for the same failover', async () => {
    const before = (await runsOfEntity(replicas[0])).length;
    const answers = await Promise.all(
      replicas.map(r =>
        r.request<any>(
          'POST',
          '/api/multi-cluster/failovers',
          failoverBody('integration: racing replicas'),
        ),
      ),
    );
    const statuses = answers.map(a => a.status).sort();
    expect(statuses).toEqual([202, 409]);
    const created = answers.find(a => a.status === 202)!.body;
    const refused = answers.find(a => a.status === 409)!.body;
    expect(JSON.stringify(refused)).toContain(created.id);

    const run = await finishedRun(replicas[0], created.id);
    expect(run.status).toBe('succeeded');
    await eventually(async () =>
      expect(await onMembers()).toEqual(FAILED_OVER),
    );
    for (const backend of replicas) {
      expect((await runsOfEntity(backend)).length).toBe(before + 1);
    }
    await rollBackAndCheck(replicas[1], run.id);
  });

  it('answer one run to racing requests with one idempotency key', async () => {
    const key = `integration-${Date.now()}`;
    const answers = await Promise.all(
      replicas.flatMap(r =>
        [1, 2].map(() =>
          r.request<any>(
            'POST',
            '/api/multi-cluster/failovers',
            failoverBody('integration: one key', key),
          ),
        ),
      ),
    );
    expect(answers.map(a => a.status)).toEqual([202, 202, 202, 202]);
    const ids = new Set(answers.map(a => a.body.id));
    expect(ids.size).toBe(1);
    const [id] = ids;
    expect((await finishedRun(replicas[1], id)).status).toBe('succeeded');
    await rollBackAndCheck(replicas[0], id);
  });

  it('resume a run whose replica was killed in the middle of a step', async () => {
    const karmada = adminClients(clusterNamed(fleet, 'karmada')).kubeConfig;
    let killed: RunningBackend | undefined;
    let runId: string | undefined;
    // While the replica running the shift step has its OverridePolicy
    // write held in admission, that replica is killed: the write still
    // lands, but the replica never records the step.
    const writer = await ConcurrentWriter.start({
      kubeConfig: karmada,
      apiGroup: 'policy.karmada.io',
      resource: 'overridepolicies',
      namespace: NAMESPACE,
      name: `flotilla-failover-${NAME}`,
      // A dry-run create as the operator reaches admission whether or not
      // the policy exists, and stores nothing.
      probe: () =>
        KubernetesObjectApi.makeApiClient(karmada)
          .create(
            {
              apiVersion: 'policy.karmada.io/v1alpha1',
              kind: 'OverridePolicy',
              metadata: {
                name: `flotilla-failover-${NAME}`,
                namespace: NAMESPACE,
              },
              spec: {
                resourceSelectors: [
                  { apiVersion: 'apps/v1', kind: 'Deployment', name: NAME },
                ],
              },
            } as any,
            undefined,
            'All',
          )
          .then(
            () => undefined,
            () => undefined, // 409 when it exists: admission still ran
          ),
      write: async () => {
        if (!writer.interfered || !runId) return;
        const { leaseOwner } = await runLease(databasePrefix, runId);
        killed = replicas.find(r => leaseOwner?.includes(`:${r.pid}:`));
        if (!killed) throw new Error(`no replica owns ${leaseOwner}`);
        await killed.stop('SIGKILL');
      },
    });
    try {
      await writer.waitUntilActive();
      const started = await replicas[0].ok<{ id: string }>(
        'POST',
        '/api/multi-cluster/failovers',
        failoverBody('integration: replica crash'),
      );
      runId = started.id;
      await eventually(() => Promise.resolve(writer.assertWrote()), 300_000);
      await eventually(async () => expect(killed).toBeDefined(), 60_000);
      const survivor = replicas.find(r => r !== killed)!;
      const run = await finishedRun(survivor, runId);
      expect(run.status).toBe('succeeded');
      // Claimed twice: by the killed replica, then by the survivor.
      const lease = await runLease(databasePrefix, runId);
      expect(lease.claims).toBeGreaterThanOrEqual(2);
      expect(lease.leaseOwner ?? '').not.toContain(`:${killed!.pid}:`);
      const shift = run.steps.find(s => s.kind === 'shift-replicas')!;
      expect(shift.status).toBe('succeeded');
      expect(shift.attempts).toBeGreaterThanOrEqual(2);
      // Resumed at the step it was in, not from step 1 ...
      for (const kind of ['precheck-source', 'precheck-target']) {
        expect(run.steps.find(s => s.kind === kind)!.attempts).toBe(1);
      }
      // ... and from what the killed replica recorded before its write:
      // each cluster changed once, from the counts before the run (no
      // rule), never re-planned from the standby's count the held write
      // had already raised.
      const changes = (run as any).changes as {
        cluster: string;
        phase: string;
        before?: number;
        after?: number;
        status: string;
      }[];
      expect(
        changes.map(c => [c.cluster, c.phase, c.before, c.after, c.status]),
      ).toEqual([
        [STANDBY, 'raise', undefined, 5, 'applied'],
        [PRIMARY, 'lower', undefined, 0, 'applied'],
      ]);
      await eventually(async () =>
        expect(await onMembers()).toEqual(FAILED_OVER),
      );
      await writer.stop();
      await rollBackAndCheck(survivor, runId);
    } finally {
      await writer.stop();
      if (killed) {
        // The replica comes back, as a deployment would restart it.
        const index = replicas.indexOf(killed);
        replicas[index] = await RunningBackend.start(fleet, {
          ...killed.options,
        });
      }
    }
  });
});
