import { TestDatabases } from '@backstage/backend-test-utils';
import {
  planFailover,
  toClusterProfile,
} from '@flotilla/plugin-multi-cluster-common';
import { delay, http, HttpResponse } from 'msw';
import {
  KARMADA,
  KARMADA_TOKEN,
  k8sStatus,
  setupKubernetesMocks,
} from '@flotilla/plugin-multi-cluster-node/testUtils';
import { describeRun } from './FailoverService';
import { createHarness, waitFor } from './__testUtils__/harness';
import { testKarmadaConnector } from './__testUtils__/karmada';
import { StepError, type StepExecutor } from './steps/types';
import {
  karmadaPolicies,
  OVERRIDE_POLICIES,
} from './__testUtils__/karmadaPolicies';

jest.setTimeout(60_000);

const databases = TestDatabases.create({ ids: ['SQLITE_3', 'POSTGRES_15'] });
const server = setupKubernetesMocks();

const OP = OVERRIDE_POLICIES;
const NAME = 'flotilla-failover-checkout';
const ARGO = 'https://argocd.example.com';
const ARGO_TOKEN = 'argocd-secret-token';
const APP = `${ARGO}/api/v1/applications/checkout-prod`;
const HOOK = 'https://glb.example.com/failover';

const karmada = () =>
  testKarmadaConnector({ timeoutMs: 2000, conflictRetries: 2 });

/** Records every request with its bearer token. */
function tracked() {
  const requests: { method: string; url: string; auth: string | null }[] = [];
  server.events.on('request:start', ({ request }) => {
    requests.push({
      method: request.method,
      url: request.url,
      auth: request.headers.get('authorization'),
    });
  });
  return requests;
}

describe.each(databases.eachSupportedId())(
  'failover runner faults on %p',
  id => {
    let stop: (() => Promise<void>) | undefined;
    afterEach(async () => {
      await stop?.();
      server.events.removeAllListeners();
    });

    async function start(
      timeouts: Record<string, number> = {},
      verify: StepExecutor = async () => ({ output: { stubbed: true } }),
    ) {
      // Karmada schedules checkout to both clusters (the standby is warm),
      // so the target has a Work the OverridePolicy can resize.
      server.use(
        http.get(
          `${KARMADA}/apis/work.karmada.io/v1alpha2/namespaces/shop/resourcebindings`,
          () =>
            HttpResponse.json({
              items: [
                {
                  metadata: { name: 'checkout-deployment', namespace: 'shop' },
                  spec: {
                    resource: { kind: 'Deployment', name: 'checkout' },
                    clusters: [
                      { name: 'eu-west', replicas: 3 },
                      { name: 'us-east', replicas: 1 },
                    ],
                  },
                },
              ],
            }),
        ),
      );
      const knex = await databases.init(id);
      const h = await createHarness(knex, {
        karmada: [karmada()],
        overrides: {
          argocd: { baseUrl: ARGO, token: ARGO_TOKEN },
          traffic: { webhook: { url: HOOK, token: 'glb-token' } },
          timeScale: 0.01,
        },
        executors: {
          // no Karmada propagates the (mocked) override to the test fleet's
          // members: verify is covered elsewhere
          verify,
        },
      });
      stop = () => h.worker.stop();
      // Karmada's part: the members run what the OverridePolicy's rules say.
      const policies = karmadaPolicies(server, rules => {
        for (const [cluster, replicas] of Object.entries(rules)) {
          h.fleet.setReplicas(cluster, 'checkout', replicas);
        }
      });
      const clusters = await h.inventory.getClusters();
      const plan = planFailover({
        service: {
          entityRef: 'component:default/checkout',
          strategy: 'active-passive-warm',
          kubernetesId: 'checkout',
          argocdApp: 'checkout-prod',
        },
        from: 'eu-west',
        to: 'us-east',
        placement: [{ name: 'eu-west', replicas: 3 }],
        fleet: clusters.map(c => toClusterProfile(c as any)),
        viaKarmada: true,
        force: true,
        trafficProvider: 'webhook',
      });
      // The shift waits until the test fleet's target runs its replicas:
      // a minute at this time scale, whatever the machine's load.
      const deadlines: Record<string, number> = {
        'shift-replicas': 6000,
        ...timeouts,
      };
      for (const step of plan.steps) {
        step.timeoutSeconds = deadlines[step.kind] ?? step.timeoutSeconds;
      }
      const { run } = await h.store.createRun({
        kind: 'failover',
        entityRef: 'component:default/checkout',
        reason: 'test',
        actor: 'user:default/owner',
        dry: false,
        plan,
        context: {
          entityRef: 'component:default/checkout',
          kubernetesId: 'checkout',
          namespace: 'shop',
          owners: ['user:default/owner'],
          argocdApp: 'checkout-prod',
          workloads: [],
          karmada: {
            controlPlane: 'global',
            namespace: 'shop',
            resources: [
              { apiVersion: 'apps/v1', kind: 'Deployment', name: 'checkout' },
            ],
          },
          requestedBy: 'user:default/owner',
        },
      });
      return { h, runId: run.id, policies };
    }

    const finished = (h: any, runId: string) =>
      waitFor(async () => {
        const run = await h.store.getRun(runId);
        return (
          run &&
          ['succeeded', 'failed', 'cancelled'].includes(run.status) &&
          run
        );
      });

    it('retries a 500 from Argo CD and a 409 from Karmada, then succeeds with every token right', async () => {
      const requests = tracked();
      let syncs = 0;
      let patches = 0;
      const hook: any[] = [];
      const { h, runId, policies } = await start();
      server.use(
        // The first merge patch meets another writer's change.
        http.patch(`${OP}/${NAME}`, () => {
          patches++;
          if (patches > 1) return undefined;
          const policy = policies.policies.get(NAME);
          policy.metadata.resourceVersion = String(++policies.rv);
          return HttpResponse.json(k8sStatus(409, 'Conflict', 'modified'), {
            status: 409,
          });
        }),
        http.post(`${APP}/sync`, () => {
          syncs++;
          return syncs === 1
            ? HttpResponse.json(
                { message: 'repo server down' },
                { status: 500 },
              )
            : HttpResponse.json({});
        }),
        http.get(APP, () =>
          HttpResponse.json({
            status: {
              sync: { status: 'Synced' },
              health: { status: 'Healthy' },
            },
          }),
        ),
        http.post(HOOK, async ({ request }) => {
          hook.push(await request.json());
          return HttpResponse.json({ ok: true });
        }),
      );
      h.worker.start();
      const run = await finished(h, runId);
      expect(run.status).toBe('succeeded');
      expect(run.steps.map((s: any) => [s.kind, s.status, s.attempts])).toEqual(
        [
          ['precheck-source', 'succeeded', 1],
          ['precheck-target', 'succeeded', 1],
          // Nothing to pause (no GitOps cluster configured), no state.
          ['gitops-pause', 'skipped', 1],
          ['state-restore', 'skipped', 0],
          ['shift-replicas', 'succeeded', 1],
          ['gitops-sync', 'succeeded', 2],
          ['traffic-shift', 'succeeded', 1],
          ['verify', 'succeeded', 1],
          ['gitops-resume', 'skipped', 1],
          ['notify', 'succeeded', 1],
        ],
      );
      // Make before break: the target's rule first (a new policy), the
      // source's after the target ran its replicas (a patch, retried once).
      expect(policies.writes).toEqual([
        'create {"us-east":3}',
        'patch {"us-east":3,"eu-west":0}',
      ]);
      expect(patches).toBe(2);
      expect(run.steps[5].error).toBeUndefined();
      expect(hook).toEqual([
        {
          entityRef: 'component:default/checkout',
          from: 'eu-west',
          to: ['us-east'],
          runId,
          dryRun: false,
        },
      ]);
      // The test fleet's API servers, each with its own token.
      const fleet = h.fleet.configClusters;
      for (const r of requests) {
        let expected = 'Bearer glb-token';
        if (r.url.startsWith(KARMADA)) expected = `Bearer ${KARMADA_TOKEN}`;
        if (r.url.startsWith(ARGO)) expected = `Bearer ${ARGO_TOKEN}`;
        const member = fleet.find(c => r.url.startsWith(c.url));
        if (member) expected = `Bearer ${member.token}`;
        expect([r.method, r.url, r.auth]).toEqual([r.method, r.url, expected]);
      }
      const retry = await h.historyStore.list({
        action: 'failover.step.retrying',
      });
      expect(retry).toHaveLength(1);
      expect(retry[0].error).toContain('HTTP 500 repo server down');
    });

    it('ends in a clear failed state when Karmada refuses connections, with nothing after the shift', async () => {
      const requests = tracked();
      const { h, runId } = await start();
      server.use(
        http.get(OP, () => HttpResponse.error()),
        http.get(`${OP}/${NAME}`, () => HttpResponse.error()),
      );
      h.worker.start();
      const run = describeRun(await finished(h, runId));
      expect(run.status).toBe('failed');
      expect(run.error).toMatch(
        /^step 5 \(shift-replicas\) failed after 5 attempt\(s\): karmada:global: list overridepolicies.policy.karmada.io\/v1alpha1: request failed/,
      );
      expect(run.completedSteps).toEqual([
        'precheck-source',
        'precheck-target',
        'gitops-pause',
        'state-restore',
      ]);
      expect(run.steps.slice(5).map(s => s.status)).toEqual([
        'pending',
        'pending',
        'pending',
        'pending',
        'pending',
      ]);
      // It changed nothing: there is nothing to roll back.
      expect(run.changes).toEqual([]);
      expect(run.rollbackAvailable).toBe(false);
      expect(
        requests.filter(r => r.url.startsWith(ARGO) || r.url.startsWith(HOOK)),
      ).toEqual([]);
      expect(
        await h.store.getActive('component:default/checkout'),
      ).toBeUndefined();
      const history = await h.historyStore.list({
        entityRef: 'component:default/checkout',
        limit: 200,
      });
      expect(
        history.filter(x => x.action === 'failover.step.retrying'),
      ).toHaveLength(4);
      expect(history[0]).toMatchObject({
        action: 'failover.run.failed',
        status: 'failed',
      });
      expect(
        h.auditEvents.find(e => e.eventId === 'failover-run-failed')?.outcome,
      ).toBe('fail');
    });

    it('times out a hanging Argo CD and retries with backoff until it gives up', async () => {
      const { h, runId } = await start({ 'gitops-sync': 20 }); // 200ms per attempt
      server.use(
        http.post(`${APP}/sync`, () => HttpResponse.json({})),
        http.get(APP, async () => {
          await delay(5000);
          return HttpResponse.json({});
        }),
      );
      h.worker.start();
      const run = await finished(h, runId);
      expect(run.status).toBe('failed');
      expect(run.steps[5]).toMatchObject({
        kind: 'gitops-sync',
        status: 'failed',
        attempts: 3,
      });
      expect(run.steps[5].error).toMatch(/timed out after 200ms \(attempt 3\)/);
      expect(run.steps[4].status).toBe('succeeded');
    });

    it('names what a timed-out step last saw, not only the deadline', async () => {
      server.use(
        http.post(`${APP}/sync`, () => HttpResponse.json({})),
        http.get(APP, () =>
          HttpResponse.json({
            status: {
              sync: { status: 'Synced' },
              health: { status: 'Healthy' },
            },
          }),
        ),
        http.post(HOOK, () => HttpResponse.json({ ok: true })),
      );
      // Polls an unreachable target until the deadline, then reports it.
      const unreachableTarget: StepExecutor = async ({ signal }) => {
        await new Promise(resolve =>
          signal.addEventListener('abort', resolve, { once: true }),
        );
        throw new StepError(
          'targets did not report the desired replicas in time: us-east: connect ECONNREFUSED',
        );
      };
      const { h, runId } = await start({ verify: 20 }, unreachableTarget);
      h.worker.start();
      const run = await finished(h, runId);
      expect(run.status).toBe('failed');
      const verify = run.steps.find((s: any) => s.kind === 'verify');
      expect(verify.error).toMatch(
        /^timed out after 200ms \(attempt 1\): targets did not report .*us-east: connect ECONNREFUSED/,
      );
    });

    it('fails clearly after persistent 409 conflicts on the OverridePolicy', async () => {
      const { h, runId } = await start();
      server.use(
        http.patch(`${OP}/${NAME}`, () =>
          HttpResponse.json(k8sStatus(409, 'Conflict', 'modified'), {
            status: 409,
          }),
        ),
      );
      h.worker.start();
      const run = await finished(h, runId);
      expect(run.status).toBe('failed');
      expect(run.steps[4].error).toMatch(
        /modified concurrently 3 times; giving up/,
      );
    });

    it('fails on a broken traffic webhook after the replicas moved, and offers a rollback', async () => {
      const { h, runId } = await start();
      server.use(
        http.post(`${APP}/sync`, () => HttpResponse.json({})),
        http.get(APP, () =>
          HttpResponse.json({
            status: {
              sync: { status: 'Synced' },
              health: { status: 'Healthy' },
            },
          }),
        ),
        http.post(HOOK, () => HttpResponse.json({}, { status: 500 })),
      );
      h.worker.start();
      const run = describeRun(await finished(h, runId));
      expect(run.status).toBe('failed');
      expect(run.completedSteps).toEqual([
        'precheck-source',
        'precheck-target',
        'gitops-pause',
        'state-restore',
        'shift-replicas',
        'gitops-sync',
      ]);
      expect(run.steps[6]).toMatchObject({
        status: 'failed',
        attempts: 3,
        error: 'traffic webhook: HTTP 500',
      });
      expect(run.rollbackAvailable).toBe(true);
    });

    it('cancels a running run before its next attempt', async () => {
      let syncing = false;
      let release = () => {};
      const cancelled = new Promise<void>(r => {
        release = r;
      });
      const { h, runId } = await start();
      server.use(
        http.post(`${APP}/sync`, async () => {
          syncing = true;
          await cancelled; // the first attempt is in flight when we cancel
          return HttpResponse.json({ message: 'down' }, { status: 503 });
        }),
      );
      h.worker.start();
      await waitFor(async () => syncing);
      expect(await h.store.requestCancel(runId)).toBe('requested');
      release();
      const run = await finished(h, runId);
      expect(run.status).toBe('cancelled');
      expect(run.steps.map((s: any) => s.status)).toEqual([
        'succeeded',
        'succeeded',
        'skipped',
        'skipped',
        'succeeded',
        'cancelled',
        'cancelled',
        'cancelled',
        'cancelled',
        'cancelled',
      ]);
    });
  },
);
