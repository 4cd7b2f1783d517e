/**
 * Verify sees traffic: checkout-admin declares
 * `flotilla.io/health-probe: {fleet}/health/{cluster}/checkout-admin`, the
 * fleet's app-config names the simulator's control API for `{fleet}`, and
 * the simulator answers each member's endpoint (200, or the member's
 * `probeFailWith` fault). A failover by direct scaling passes verify with
 * the target answering 200; its rollback, with the rolled-back-to cluster's
 * endpoint made to answer 503, fails at verify naming the cluster and the
 * 503 once the step's deadline passes (the replicas are back all the same).
 */
import { eventually } from '@flotilla/test-kit';
import {
  fault,
  finishedRun,
  replicasOnMembers,
  RunView,
  startFailover,
} from './harness/failover';
import { useBackend } from './harness/suite';

jest.setTimeout(600_000);

const SOURCE = 'staging-eu-west-aws-1';
const TARGET = 'dev-eu-west-aws-1';
const NAMESPACE = 'shop';
const NAME = 'checkout-admin';
const BASELINE = { [SOURCE]: 2, [TARGET]: 1 };

const { fleet, backend } = useBackend({
  name: 'verify-probe',
  port: 7151,
  // team-checkout owns checkout-admin.
  guestUser: 'user:default/guest',
  // Verify's deadline 60 s: the failing probe's run ends then.
  config: { multiCluster: { failover: { timeScale: 0.1 } } },
});

const verifyOf = (run: RunView) => run.steps.find(s => s.kind === 'verify')!;
const onMembers = () =>
  replicasOnMembers(fleet, NAMESPACE, NAME, [SOURCE, TARGET]);

describe('verify probes the health endpoint of each target', () => {
  afterAll(() => fault(fleet, 'DELETE', `/faults/${SOURCE}`));

  it('passes when the target answers 200, and fails at its deadline naming a target that answers 503', async () => {
    expect(await onMembers()).toEqual(BASELINE);
    const started = await eventually(
      () =>
        startFailover(backend(), {
          entityRef: `component:default/${NAME}`,
          from: SOURCE,
          to: TARGET,
          reason: 'integration: verify probes the target',
          force: true,
        }),
      180_000,
      2000,
    );
    const run = await finishedRun(backend(), started.id);
    expect(run.status).toBe('succeeded');
    expect(verifyOf(run).output.probes).toEqual([
      {
        cluster: TARGET,
        url: `http://127.0.0.1:${fleet.simulator.port}/health/${TARGET}/${NAME}`,
        ok: true,
        status: 200,
      },
    ]);
    expect(await onMembers()).toEqual({ [SOURCE]: 0, [TARGET]: 3 });

    // The cluster the rollback gives the replicas back to answers 503.
    await fault(fleet, 'PUT', `/faults/${SOURCE}`, { probeFailWith: 503 });
    const rollback = await backend().ok<{ id: string }>(
      'POST',
      `/api/multi-cluster/failovers/${run.id}/rollback`,
      { reason: 'integration: back, with a failing probe' },
    );
    const failed = await finishedRun(backend(), rollback.id);
    await fault(fleet, 'DELETE', `/faults/${SOURCE}`);
    expect(failed.status).toBe('failed');
    const verify = verifyOf(failed);
    expect(verify.status).toBe('failed');
    expect(verify.error).toMatch(
      new RegExp(
        `not serving in time: ${SOURCE}: \\S+/health/${SOURCE}/${NAME} answers HTTP 503`,
      ),
    );
    expect(verify.output.probes).toEqual([
      expect.objectContaining({ cluster: SOURCE, ok: false, status: 503 }),
    ]);
    // Every step before verify succeeded: the replicas are back.
    expect(await onMembers()).toEqual(BASELINE);
  });
});
