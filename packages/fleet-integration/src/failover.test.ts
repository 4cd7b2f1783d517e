/**
 * Failover end to end through the Karmada API against real API servers:
 * payments-ledger (warm standby) moves from prod-eu-west-aws-1 to
 * prod-eu-west-azure-1 through the OverridePolicy Flotilla writes on the
 * Karmada control plane, make before break; Karmada (played by the
 * simulator) resizes the Works and the members' Deployments follow. Then
 * rolled back from what the run recorded it changed. Also with a real 409
 * from a concurrent writer, with the target member's API server stopped in
 * the middle of the run, and rolled back while a member is partitioned. A
 * sampler reads the members' own API servers throughout: nothing is lost.
 */
import fs from 'node:fs';
import { eventually } from '@flotilla/test-kit';
import { adminClients, clusterNamed, mergePatch } from './harness/fleet';
import { useBackend } from './harness/suite';
import { ConcurrentWriter, BACKEND_USER } from './harness/concurrentWriter';
import { membersOf, ReplicaSampler } from './harness/replicaSampler';
import {
  auditEvents,
  fault,
  finishedRun,
  replicasOnMembers,
  resetKarmadaService,
  startFailover,
} from './harness/failover';

jest.setTimeout(900_000);

const { fleet, backend } = useBackend({
  name: 'failover',
  port: 7133,
  // A member of team-checkout, which owns payments-ledger: the permission
  // policy lets owners fail their services over.
  guestUser: 'user:default/guest',
  config: {
    multiCluster: {
      // Health follows a partition within seconds.
      refresh: { frequency: { seconds: 3 } },
      // Step deadlines a quarter of production's (verify: 150 s, not 600 s),
      // so the outage case ends in minutes; retries and polls scale with them.
      failover: { timeScale: 0.25 },
    },
  },
});

const ENTITY = 'component:default/payments-ledger';
const PRIMARY = 'prod-eu-west-aws-1';
const STANDBY = 'prod-eu-west-azure-1';
const NAMESPACE = 'shop';
const NAME = 'payments-ledger';
const POLICY = `flotilla-failover-${NAME}`;
const karmada = () => adminClients(clusterNamed(fleet, 'karmada'));

const onMembers = () =>
  replicasOnMembers(fleet, NAMESPACE, NAME, [PRIMARY, STANDBY]);
const readyOnMembers = () =>
  replicasOnMembers(fleet, NAMESPACE, NAME, [PRIMARY, STANDBY], 'ready');

const POLICIES = {
  group: 'policy.karmada.io',
  version: 'v1alpha1',
  namespace: NAMESPACE,
  plural: 'overridepolicies',
};

async function overridePolicy(): Promise<any> {
  return karmada().custom.getNamespacedCustomObject({
    ...POLICIES,
    name: POLICY,
  });
}

/** Flotilla's policy for the service, or undefined when there is none. */
async function overridePolicyIfAny(): Promise<any> {
  return overridePolicy().catch(() => undefined);
}

/**
 * Flotilla's policy for the service without rules, as the operator: a
 * policy the concurrent writer can change before the backend's first write.
 */
async function emptyFlotillaPolicy() {
  await karmada()
    .custom.createNamespacedCustomObject({
      ...POLICIES,
      body: {
        apiVersion: 'policy.karmada.io/v1alpha1',
        kind: 'OverridePolicy',
        metadata: {
          name: POLICY,
          namespace: NAMESPACE,
          labels: {
            'app.kubernetes.io/managed-by': 'flotilla',
            'backstage.io/kubernetes-id': NAME,
          },
        },
        spec: {
          resourceSelectors: [
            {
              apiVersion: 'apps/v1',
              kind: 'Deployment',
              name: NAME,
              namespace: NAMESPACE,
            },
          ],
          overrideRules: [],
        },
      },
    })
    .catch(() => undefined);
}

/** The cluster's health as the backend reports it. */
async function healthOf(cluster: string): Promise<string | undefined> {
  const res = await backend().request<{ health?: { status?: string } }>(
    'GET',
    `/api/multi-cluster/clusters/${cluster}`,
  );
  return res.body?.health?.status;
}

/** Samples payments-ledger on both members until `stop`. */
const sampleMembers = () =>
  ReplicaSampler.start(fleet, {
    namespace: NAMESPACE,
    name: NAME,
    clusters: [PRIMARY, STANDBY],
  });

/** A change of the policy that is not Flotilla's: an annotation, as the operator. */
async function annotatePolicy(key: string, value: string) {
  await mergePatch(karmada().kubeConfig, {
    apiVersion: 'policy.karmada.io/v1alpha1',
    kind: 'OverridePolicy',
    metadata: {
      name: POLICY,
      namespace: NAMESPACE,
      annotations: { [key]: value },
    },
  });
}

/** The replicas the policy's rules set, per cluster. */
function policyReplicas(policy: any): Record<string, number> {
  return Object.fromEntries(
    (policy.spec.overrideRules ?? []).flatMap((rule: any) =>
      rule.targetCluster.clusterNames.map((cluster: string) => [
        cluster,
        rule.overriders.plaintext.find((p: any) => p.path === '/spec/replicas')
          ?.value,
      ]),
    ),
  );
}

/** Fails over (waiting until the backend's inventory is ready for it) and waits for the end. */
async function failOver(reason: string) {
  const run = await eventually(
    () =>
      startFailover(backend(), {
        entityRef: ENTITY,
        from: PRIMARY,
        to: STANDBY,
        reason,
        // The primary is healthy: a planned failover, not a reaction.
        force: true,
      }),
    180_000,
    2000,
  );
  return finishedRun(backend(), run.id);
}

async function rollBack(runId: string) {
  const res = await backend().request<{ id: string }>(
    'POST',
    `/api/multi-cluster/failovers/${runId}/rollback`,
    { reason: 'integration: back to the primary' },
  );
  expect(res.status).toBe(202);
  return finishedRun(backend(), res.body.id);
}

describe('failover through Karmada on real API servers', () => {
  let baseline: Record<string, number | undefined>;

  beforeAll(async () => {
    baseline = { [PRIMARY]: 4, [STANDBY]: 1 };
    await resetKarmadaService(fleet, {
      namespace: NAMESPACE,
      name: NAME,
      baseline: { [PRIMARY]: 4, [STANDBY]: 1 },
    });
  });

  it('moves the replicas through an OverridePolicy, make before break, verifies them in the members, and rolls back', async () => {
    const sampler = sampleMembers();
    const run = await failOver('integration: primary region drill');
    expect(run.status).toBe('succeeded');
    // The standby's rule first; the primary's once the standby ran 5.
    expect(
      (run as any).changes.map((c: any) => [c.cluster, c.phase, c.after]),
    ).toEqual([
      [STANDBY, 'raise', 5],
      [PRIMARY, 'lower', 0],
    ]);
    expect(run.plan.moves).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ cluster: PRIMARY, before: 4, after: 0 }),
        expect.objectContaining({ cluster: STANDBY, before: 1, after: 5 }),
      ]),
    );
    const policy = await overridePolicy();
    expect(policyReplicas(policy)).toEqual({ [PRIMARY]: 0, [STANDBY]: 5 });
    expect(policy.metadata.annotations['flotilla.io/failover-run']).toBe(
      run.id,
    );
    // Karmada applied the override to the Works; the members run it.
    await eventually(async () =>
      expect(await onMembers()).toEqual({ [PRIMARY]: 0, [STANDBY]: 5 }),
    );
    const verify = run.steps.find(s => s.kind === 'verify')!;
    expect(verify.status).toBe('succeeded');

    const rollback = await rollBack(run.id);
    expect(rollback.status).toBe('succeeded');
    // The rollback removed the rules the run wrote, and the policy with
    // them: Karmada's own assignment holds again.
    expect(await overridePolicyIfAny()).toBeUndefined();
    await eventually(async () => expect(await onMembers()).toEqual(baseline));
    await sampler.stop('failover-make-before-break');
    // Never fewer than the service's 5 replicas ready, both ways.
    expect(sampler.minReadyTotal()).toBeGreaterThanOrEqual(5);
  });

  it('re-reads and retries when a concurrent writer changes the OverridePolicy (a real 409)', async () => {
    let writes = 0;
    await emptyFlotillaPolicy();
    const writer = await ConcurrentWriter.start({
      kubeConfig: karmada().kubeConfig,
      apiGroup: 'policy.karmada.io',
      resource: 'overridepolicies',
      namespace: NAMESPACE,
      name: POLICY,
      write: async () => {
        writes += 1;
        await annotatePolicy('it.flotilla.io/writer', `${writes}`);
      },
    });
    try {
      await writer.waitUntilActive();
      const auditBefore = auditEvents(fleet, 'karmada').length;
      const run = await failOver('integration: concurrent writer');
      writer.assertWrote();
      expect(run.status).toBe('succeeded');

      // The API server refused the backend's first write with a 409 ...
      const conflicts = auditEvents(fleet, 'karmada')
        .slice(auditBefore)
        .filter(
          e =>
            e.user.username === BACKEND_USER &&
            e.objectRef?.resource === 'overridepolicies' &&
            e.objectRef?.name === POLICY &&
            e.verb === 'patch',
        )
        .map(e => e.responseStatus?.code);
      expect(conflicts).toContain(409);
      expect(conflicts[conflicts.length - 1]).toBe(200);
      // ... and the retry kept the concurrent writer's change.
      const policy = await overridePolicy();
      expect(policy.metadata.annotations['it.flotilla.io/writer']).toBe(
        `${writes}`,
      );
      expect(policyReplicas(policy)).toEqual({ [PRIMARY]: 0, [STANDBY]: 5 });
      const shift = run.steps.find(s => s.kind === 'shift-replicas')!;
      expect(shift.status).toBe('succeeded');

      await writer.stop();
      const rollback = await rollBack(run.id);
      expect(rollback.status).toBe('succeeded');
      await eventually(async () => expect(await onMembers()).toEqual(baseline));
    } finally {
      await writer.stop();
    }
  });

  it('keeps the source serving when the target member API server stops in the middle of the run', async () => {
    // The outage starts at a known point of the run without timing: while
    // the backend's first write of the OverridePolicy (raising the
    // standby) waits in admission, the standby's kube-apiserver crashes
    // (SIGKILL), and the simulator records the outage.
    await emptyFlotillaPolicy();
    const writer = await ConcurrentWriter.start({
      kubeConfig: karmada().kubeConfig,
      apiGroup: 'policy.karmada.io',
      resource: 'overridepolicies',
      namespace: NAMESPACE,
      name: POLICY,
      write: async () => {
        if (writer.interfered) {
          const standby = clusterNamed(fleet, STANDBY);
          process.kill(
            Number(fs.readFileSync(standby.pidFile, 'utf8')),
            'SIGKILL',
          );
          await fault(fleet, 'POST', `/clusters/${STANDBY}/outage`);
        }
      },
    });
    let restored = false;
    // The previous test's rollback raised the primary again: it serves its
    // 4 before the run whose every moment the sampler checks starts.
    await eventually(async () =>
      expect(await readyOnMembers()).toEqual(baseline),
    );
    const sampler = sampleMembers();
    try {
      // The webhook is active once it saw the operator's write (an empty patch).
      await writerProbe(writer);
      const run = await failOver('integration: target outage');
      writer.assertWrote();
      // Make before break: the standby never ran its replicas, so the
      // primary was never lowered; the run fails at the shift, saying why.
      expect(run.status).toBe('failed');
      const shift = run.steps.find(s => s.kind === 'shift-replicas')!;
      expect(shift.status).toBe('failed');
      expect(run.error).toMatch(
        new RegExp(`${STANDBY}.*unhealthy|unhealthy.*${STANDBY}`),
      );
      expect(policyReplicas(await overridePolicy())).toEqual({ [STANDBY]: 5 });
      expect((run as any).changes.map((c: any) => c.cluster)).toEqual([
        STANDBY,
      ]);

      await fault(fleet, 'POST', `/clusters/${STANDBY}/restore`);
      restored = true;
      await writer.stop();
      // Rolled back from the record: the standby's rule goes, and so does
      // the policy; Karmada's own assignment holds again.
      const rollback = await rollBack(run.id);
      expect(rollback.status).toBe('succeeded');
      expect(await overridePolicyIfAny()).toBeUndefined();
      await eventually(async () => expect(await onMembers()).toEqual(baseline));
      await sampler.stop('failover-target-outage');
      // The primary ran its 4 replicas at every moment of the run.
      const readable = sampler.readable();
      expect(readable.length).toBeGreaterThan(0);
      for (const members of readable.map(membersOf)) {
        expect(members[PRIMARY]).toEqual({ desired: 4, ready: 4 });
      }
    } finally {
      await writer.stop();
      if (!restored) {
        await fault(fleet, 'POST', `/clusters/${STANDBY}/restore`).catch(
          () => undefined,
        );
      }
    }
  });

  it("rolls back from the record while the failover's target is partitioned: nothing lost once it heals", async () => {
    const sampler = sampleMembers();
    const run = await failOver('integration: rollback during a partition');
    expect(run.status).toBe('succeeded');
    await eventually(async () =>
      expect(await onMembers()).toEqual({ [PRIMARY]: 0, [STANDBY]: 5 }),
    );
    await fault(fleet, 'PUT', `/faults/${STANDBY}`, { down: true });
    try {
      await eventually(
        async () => expect(await healthOf(STANDBY)).toBe('unhealthy'),
        180_000,
      );
      // Computed from what the run changed, not from counts read while
      // the standby cannot answer: the primary gets its 4 back.
      const rollback = await rollBack(run.id);
      expect(rollback.status).toBe('succeeded');
      expect(await overridePolicyIfAny()).toBeUndefined();
    } finally {
      await fault(fleet, 'PUT', `/faults/${STANDBY}`, { down: false });
    }
    await eventually(async () => expect(await onMembers()).toEqual(baseline));
    await sampler.stop('rollback-target-partitioned');
  });

  it('refuses a rollback that must give replicas back to a partitioned cluster, and rolls back once it heals', async () => {
    const run = await failOver('integration: source partitioned at rollback');
    expect(run.status).toBe('succeeded');
    await fault(fleet, 'PUT', `/faults/${PRIMARY}`, { down: true });
    try {
      await eventually(
        async () => expect(await healthOf(PRIMARY)).toBe('unhealthy'),
        180_000,
      );
      const refused = await backend().request<{ error: { message: string } }>(
        'POST',
        `/api/multi-cluster/failovers/${run.id}/rollback`,
        { reason: 'integration: back while the primary is partitioned' },
      );
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toMatch(
        new RegExp(
          `${PRIMARY} is unhealthy .*roll back once it is healthy again`,
        ),
      );
    } finally {
      await fault(fleet, 'PUT', `/faults/${PRIMARY}`, { down: false });
    }
    await eventually(
      async () => expect(await healthOf(PRIMARY)).toBe('healthy'),
      180_000,
    );
    const rollback = await rollBack(run.id);
    expect(rollback.status).toBe('succeeded');
    await eventually(async () => expect(await onMembers()).toEqual(baseline));
  });
});

/**
 * Waits until the webhook is called, with writes that change nothing of
 * the policy (an annotation as the operator).
 */
async function writerProbe(writer: ConcurrentWriter) {
  let probes = 0;
  await eventually(
    async () => {
      probes += 1;
      await annotatePolicy('it.flotilla.io/probe', `${probes}`);
      if (!writer.seen.some(s => s.user !== BACKEND_USER)) {
        throw new Error('the webhook was not called yet');
      }
    },
    60_000,
    250,
  );
}
