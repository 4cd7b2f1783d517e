import { mockServices } from '@backstage/backend-test-utils';
import { planFailover } from '@flotilla/plugin-multi-cluster-common';
import { FailoverConfig } from '../config';
import { sleep, StepContext, StepDeps } from '../steps';
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

export function stepContext(
  run: FailoverRun,
  kind: FailoverStepRecord['kind'],
  deps: Partial<StepDeps> = {},
  signal: AbortSignal = new AbortController().signal,
): StepContext {
  return {
    run,
    step: run.steps.find(s => s.kind === kind)!,
    attempt: 1,
    signal,
    timeoutMs: 2000,
    pollIntervalMs: 5,
    deps: {
      config: baseConfig,
      logger: mockServices.logger.mock(),
      inventory: {} as any,
      workloads: {} as any,
      karmada: [],
      sleep,
      ...deps,
    },
  };
}
