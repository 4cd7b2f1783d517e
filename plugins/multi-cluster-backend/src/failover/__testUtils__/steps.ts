import { mockServices } from '@backstage/backend-test-utils';
import { planFailover } from '@flotilla/plugin-multi-cluster-common';
import { FailoverConfig } from '../config';
import { sleep, StepChanges, StepContext, StepDeps } from '../steps';
import type { ClusterChange } from '../ChangeJournal';
import { FailoverRun, FailoverStepRecord } from '../types';

export const baseConfig: FailoverConfig = {
  timeScale: 1,
  pollIntervalMs: 1000,
  leaseMs: 10_000,
  concurrency: 1,
  retryBackoffMs: 10,
  stepPollIntervalMs: 10,
};

const fleet = ['eu', 'us'].map(name => ({
  name,
  region: name,
  health: 'healthy' as const,
  resourceSummary: {
    allocatable: { cpu: '100', memory: '100Gi', pods: '100' },
  },
}));

/** A run as the worker sees it, for step executor tests. */
export function testRun(
  overrides: Partial<FailoverRun> = {},
  viaKarmada = false,
): FailoverRun {
  const plan = planFailover({
    service: {
      entityRef: 'component:default/checkout',
      strategy: 'active-passive-warm',
      kubernetesId: 'checkout',
      argocdApp: 'checkout-prod',
    },
    from: 'eu',
    to: 'us',
    placement: [{ name: 'eu', replicas: 4 }],
    fleet,
    viaKarmada,
    force: true,
    trafficProvider: 'webhook',
  });
  return {
    id: 'run-1',
    kind: 'failover',
    entityRef: 'component:default/checkout',
    status: 'running',
    from: 'eu',
    to: ['us'],
    reason: 'test',
    actor: 'user:default/owner',
    dry: false,
    plan,
    context: {
      entityRef: 'component:default/checkout',
      kubernetesId: 'checkout',
      namespace: 'shop',
      owners: ['group:default/shop'],
      argocdApp: 'checkout-prod',
      workloads: [],
      karmada: viaKarmada
        ? {
            controlPlane: 'global',
            namespace: 'shop',
            resources: [
              { apiVersion: 'apps/v1', kind: 'Deployment', name: 'checkout' },
            ],
          }
        : undefined,
      requestedBy: 'user:default/owner',
    },
    cancelRequested: false,
    claims: 1,
    createdAt: new Date().toISOString(),
    steps: plan.steps.map(s => ({
      order: s.order,
      kind: s.kind,
      title: s.title,
      status: 'pending',
      attempts: 0,
      maxAttempts: s.maxAttempts,
      timeoutSeconds: s.timeoutSeconds,
      params: s.params,
    })),
    ...overrides,
  };
}

/**
 * The change journal in memory: `records` holds every run's changes (a
 * rollback reads its original's), as the database would.
 */
export function memoryChanges(
  runId: string,
  stepOrder: number,
  records: ClusterChange[] = [],
): StepChanges & { records: ClusterChange[] } {
  return {
    records,
    ofRun: async (id = runId) => records.filter(c => c.runId === id),
    intend: async changes => {
      const now = new Date().toISOString();
      for (const c of changes) {
        records.push({
          ...c,
          runId,
          stepOrder,
          seq: records.filter(r => r.runId === runId).length + 1,
          status: 'intended',
          recordedAt: now,
        });
      }
    },
    applied: async (phase, resourceVersion, target) => {
      for (const c of records) {
        const matches =
          c.runId === runId &&
          c.stepOrder === stepOrder &&
          c.phase === phase &&
          c.status === 'intended' &&
          (!target || c.target === target);
        if (matches) {
          c.status = 'applied';
          c.resourceVersion = resourceVersion;
        }
      }
    },
  };
}

export function stepContext(
  run: FailoverRun,
  kind: FailoverStepRecord['kind'],
  deps: Partial<StepDeps> = {},
  signal: AbortSignal = new AbortController().signal,
  records: ClusterChange[] = [],
): StepContext & {
  changes: ReturnType<typeof memoryChanges>;
  progressed: Record<string, unknown>[];
} {
  const step = run.steps.find(s => s.kind === kind)!;
  const progressed: Record<string, unknown>[] = [];
  return {
    run,
    step,
    attempt: 1,
    signal,
    timeoutMs: 2000,
    pollIntervalMs: 5,
    changes: memoryChanges(run.id, step.order, records),
    progress: async output => {
      progressed.push(output);
    },
    progressed,
    deps: {
      config: baseConfig,
      logger: mockServices.logger.mock(),
      // Every cluster known and healthy unless a test says otherwise.
      inventory: {
        getCluster: async (name: string) => ({
          name,
          health: { status: 'healthy' },
        }),
        getAccess: async () => undefined,
      } as any,
      workloads: {} as any,
      karmada: [],
      sleep,
      ...deps,
    },
  };
}
