import { http, HttpResponse } from 'msw';
import {
  k8sStatus,
  setupKubernetesMocks,
} from '@flotilla/plugin-multi-cluster-node/testUtils';
import { stepContext, testRun } from '../../__testUtils__/steps';
import { testKarmadaConnector } from '../../__testUtils__/karmada';
import type { ClusterChange } from '../../ChangeJournal';
import { StepError } from '../types';
import { shiftReplicas } from './index';
import {
  karmadaPolicies as karmadaPoliciesOf,
  OVERRIDE_POLICIES as OPS,
  replicaRule,
  rulesOf,
} from '../../__testUtils__/karmadaPolicies';

const server = setupKubernetesMocks();

const rule = replicaRule;
const karmadaPolicies = () => karmadaPoliciesOf(server);

/**
 * The members as the step reads them: ready replicas per cluster, which a
 * test moves forward (a cluster becomes ready when it is told to).
 */
function members(ready: Record<string, number>) {
  return {
    ready,
    reads: [] as string[],
    listWorkloads: async (cluster: string) => {
      return [
        {
          cluster,
          namespace: 'shop',
          kind: 'Deployment' as const,
          name: 'checkout',
          replicas: ready[cluster] ?? 0,
          readyReplicas: ready[cluster] ?? 0,
          availableReplicas: ready[cluster] ?? 0,
        },
      ];
    },
    scaleWorkload: async () => ({} as any),
  };
}

const healthy = (unhealthy: string[] = []) => ({
  getCluster: async (name: string) => ({
    name,
    health: unhealthy.includes(name)
      ? { status: 'unhealthy', message: 'probe: connection refused' }
      : { status: 'healthy' },
  }),
  getAccess: async () => undefined,
});

describe('shift-replicas through Karmada, make before break', () => {
  it('raises the target, waits until it runs its replicas ready, then lowers the source', async () => {
    const karmada = karmadaPolicies();
    const workloads = members({ eu: 4, us: 0 });
    const run = testRun({}, true);
    const journal: ClusterChange[] = [];
    const ctx = stepContext(
      run,
      'shift-replicas',
      {
        karmada: [testKarmadaConnector()],
        workloads,
        inventory: healthy() as any,
      },
      undefined,
      journal,
    );
    // The target becomes ready once Karmada has the raise: then the source
    // must still hold its replicas (no rule for eu yet).
    let writesWhenUsReady: string[] = [];
    ctx.deps.sleep = async () => {
      writesWhenUsReady = [...karmada.writes];
      workloads.ready.us = 4;
    };
    const result = await shiftReplicas(ctx);
    expect(writesWhenUsReady).toEqual(['create {"us":4}']);
    expect(karmada.writes).toEqual([
      'create {"us":4}',
      'patch {"us":4,"eu":0}',
    ]);
    expect(
      journal.map(c => [c.cluster, c.phase, c.before, c.after, c.status]),
    ).toEqual([
      ['us', 'raise', undefined, 4, 'applied'],
      ['eu', 'lower', undefined, 0, 'applied'],
    ]);
    expect(journal[1].scheduled).toBe(4);
    expect(result.output!.targetsReadyAt).toEqual(expect.any(String));
    // While it waited, the run showed what it waited for.
    expect(ctx.progressed[0]).toMatchObject({
      warning: expect.stringContaining('us: 0 of 4 available'),
    });
  });

  it('never lowers the source when the target turns unhealthy: it fails at once, saying why', async () => {
    const karmada = karmadaPolicies();
    const workloads = members({ eu: 4, us: 0 });
    const ctx = stepContext(testRun({}, true), 'shift-replicas', {
      karmada: [testKarmadaConnector()],
      workloads,
      inventory: healthy(['us']) as any,
    });
    const failure = shiftReplicas(ctx);
    await expect(failure).rejects.toThrow(
      /us is unhealthy \(probe: connection refused\)/,
    );
    await expect(failure).rejects.toMatchObject({ retryable: false });
    expect(karmada.writes).toEqual(['create {"us":4}']);
  });

  it('drains a source that is gone at once, and records that decision', async () => {
    const karmada = karmadaPolicies();
    const ctx = stepContext(testRun({}, true), 'shift-replicas', {
      karmada: [testKarmadaConnector()],
      workloads: members({ eu: 0, us: 0 }),
      inventory: healthy(['eu']) as any,
    });
    const result = await shiftReplicas(ctx);
    expect(karmada.writes).toEqual([
      'create {"us":4}',
      'patch {"us":4,"eu":0}',
    ]);
    expect(result.output!.decision).toMatchObject({ drain: 'at-once' });
    expect(ctx.progressed[0]).toMatchObject({ decision: { drain: 'at-once' } });
  });

  it('resumes from what it recorded: a raise already applied is not planned again', async () => {
    const karmada = karmadaPolicies();
    karmada.policies.set('flotilla-failover-checkout', {
      metadata: {
        name: 'flotilla-failover-checkout',
        namespace: 'shop',
        labels: { 'app.kubernetes.io/managed-by': 'flotilla' },
        resourceVersion: '5',
      },
      spec: { overrideRules: [rule('us', 4)] },
    });
    const run = testRun({}, true);
    const shift = run.steps.find(s => s.kind === 'shift-replicas')!;
    const journal: ClusterChange[] = [
      {
        runId: run.id,
        seq: 1,
        stepOrder: shift.order,
        cluster: 'us',
        kind: 'override-rule',
        target: 'shop/OverridePolicy/flotilla-failover-checkout',
        phase: 'raise',
        after: 4,
        scheduled: 0,
        status: 'applied',
        resourceVersion: '5',
        recordedAt: new Date().toISOString(),
      },
    ];
    await shiftReplicas(
      stepContext(
        run,
        'shift-replicas',
        {
          karmada: [testKarmadaConnector()],
          workloads: members({ eu: 4, us: 4 }),
          inventory: healthy() as any,
        },
        undefined,
        journal,
      ),
    );
    expect(karmada.writes).toEqual(['patch {"us":4,"eu":0}']);
    expect(journal.map(c => [c.cluster, c.phase, c.status])).toEqual([
      ['us', 'raise', 'applied'],
      ['eu', 'lower', 'applied'],
    ]);
  });

  /**
   * Run run-0 fails checkout over from eu to us through the policy, and
   * run-1 rolls it back: the fleet, the record and the rollback's context.
   */
  async function failedOverThenRollingBack() {
    const karmada = karmadaPolicies();
    const workloads = members({ eu: 0, us: 4 });
    const deps = {
      karmada: [testKarmadaConnector()],
      workloads,
      inventory: healthy() as any,
    };
    const journal: ClusterChange[] = [];
    await shiftReplicas(
      stepContext(
        testRun({ id: 'run-0' }, true),
        'shift-replicas',
        deps,
        undefined,
        journal,
      ),
    );
    const rollback = testRun({ id: 'run-1', from: 'us', to: ['eu'] }, true);
    rollback.steps.find(s => s.kind === 'shift-replicas')!.params = {
      method: 'karmada-override',
      moves: [],
      rollbackOf: 'run-0',
    };
    const ctx = stepContext(
      rollback,
      'shift-replicas',
      deps,
      undefined,
      journal,
    );
    return { karmada, workloads, ctx };
  }

  it('rolls back from the record: the source first, then the target, and removes the policy', async () => {
    const { karmada, workloads, ctx } = await failedOverThenRollingBack();
    expect(rulesOf(karmada.policies.get('flotilla-failover-checkout'))).toEqual(
      {
        us: 4,
        eu: 0,
      },
    );
    let writesWhenEuReady: string[] = [];
    ctx.deps.sleep = async () => {
      writesWhenEuReady = [...karmada.writes];
      workloads.ready.eu = 4;
    };
    karmada.writes.length = 0;
    await shiftReplicas(ctx);
    // eu's rule goes first (Karmada gives it its 4 again), and only once it
    // runs them is us's rule removed: no rule left, no policy left.
    expect(writesWhenEuReady).toEqual(['patch {"us":4}']);
    expect(karmada.writes).toEqual(['patch {"us":4}', 'patch {}', 'delete']);
    expect(karmada.policies.size).toBe(0);
  });

  it('rolls back relative to a rule changed since the run', async () => {
    const { karmada, workloads, ctx } = await failedOverThenRollingBack();
    // Someone scaled us up by 2 after the run: the rollback takes back only
    // the 4 the run gave it.
    const policy = karmada.policies.get('flotilla-failover-checkout');
    policy.spec.overrideRules = [rule('us', 6), rule('eu', 0)];
    workloads.ready.eu = 4;
    karmada.writes.length = 0;
    await shiftReplicas(ctx);
    expect(karmada.writes).toEqual(['patch {"us":6}', 'patch {"us":2}']);
  });

  it('retries a write the API server refused with a conflict after re-reading', async () => {
    const karmada = karmadaPolicies();
    karmada.policies.set('flotilla-failover-checkout', {
      metadata: {
        name: 'flotilla-failover-checkout',
        namespace: 'shop',
        labels: { 'app.kubernetes.io/managed-by': 'flotilla' },
        resourceVersion: '5',
      },
      spec: { overrideRules: [rule('ap', 1)] },
    });
    let conflicts = 1;
    server.use(
      http.patch(`${OPS}/:name`, () => {
        if (conflicts-- <= 0) return undefined;
        karmada.policies.get(
          'flotilla-failover-checkout',
        ).metadata.resourceVersion = '6';
        return HttpResponse.json(k8sStatus(409, 'Conflict', 'modified'), {
          status: 409,
        });
      }),
    );
    await shiftReplicas(
      stepContext(testRun({}, true), 'shift-replicas', {
        karmada: [testKarmadaConnector()],
        workloads: members({ eu: 4, us: 4 }),
        inventory: healthy() as any,
      }),
    );
    expect(rulesOf(karmada.policies.get('flotilla-failover-checkout'))).toEqual(
      {
        ap: 1,
        us: 4,
        eu: 0,
      },
    );
  });

  it('needs the Karmada control plane the run recorded', async () => {
    await expect(
      shiftReplicas(stepContext(testRun({}, true), 'shift-replicas', {})),
    ).rejects.toEqual(expect.any(StepError));
  });
});
