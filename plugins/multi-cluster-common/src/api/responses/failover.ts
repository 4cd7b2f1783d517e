import { z } from 'zod';
import { karmadaPlacementSchema } from '../../scheduling/placement';
import { findingSchema } from './connectivity';
import { stringMap, strings } from './parts';
import { placementRecommendationSchema, replicaSplitSchema } from './placement';

// Failover: plans, runs and DR posture.

const failoverStepKindSchema = z.enum([
  'precheck-source',
  'precheck-target',
  'gitops-pause',
  'state-restore',
  'shift-replicas',
  'gitops-sync',
  'traffic-shift',
  'verify',
  'gitops-resume',
  'notify',
]);
const gitopsObjects = {
  argocdApp: z.string().optional(),
  fluxKustomization: z.string().optional(),
};
const shiftMethodSchema = z.enum(['karmada-override', 'direct-scale']);
const replicaMoveSchema = z.object({
  cluster: z.string(),
  before: z.number(),
  after: z.number(),
});

function planStep<
  K extends z.infer<typeof failoverStepKindSchema>,
  P extends z.ZodTypeAny,
>(kind: K, params: P) {
  return z.object({
    order: z.number(),
    kind: z.literal(kind),
    title: z.string(),
    description: z.string(),
    timeoutSeconds: z.number(),
    maxAttempts: z.number(),
    skipReason: z.string().optional(),
    params,
  });
}

const failoverStepSchema = z.discriminatedUnion('kind', [
  planStep(
    'precheck-source',
    z.object({ cluster: z.string(), force: z.boolean() }),
  ),
  planStep(
    'precheck-target',
    z.object({
      targets: z.array(
        z.object({ cluster: z.string(), additionalReplicas: z.number() }),
      ),
    }),
  ),
  planStep(
    'shift-replicas',
    z.object({
      method: shiftMethodSchema,
      moves: z.array(replicaMoveSchema),
      kubernetesId: z.string().optional(),
      // A rollback reverses what this run recorded it changed.
      rollbackOf: z.string().optional(),
    }),
  ),
  planStep('gitops-pause', z.object(gitopsObjects)),
  planStep(
    'state-restore',
    z.object({
      parts: strings,
      from: z.string(),
      to: strings,
      rollbackOf: z.string().optional(),
    }),
  ),
  planStep('gitops-sync', z.object({ application: z.string().optional() })),
  planStep(
    'traffic-shift',
    z.object({
      from: z.string(),
      to: strings,
      provider: z.string().optional(),
      record: z.string().optional(),
      rollbackOf: z.string().optional(),
    }),
  ),
  planStep(
    'verify',
    z.object({
      expected: z.array(
        z.object({ cluster: z.string(), replicas: z.number() }),
      ),
      healthProbe: z.string().optional(),
    }),
  ),
  planStep(
    'gitops-resume',
    z.object({
      ...gitopsObjects,
      afterFailover: z.enum(['resume', 'leave-paused']),
    }),
  ),
  planStep('notify', z.object({ entityRef: z.string() })),
]);

/** A failover plan: where replicas move and the runbook's steps. @public */
export const failoverPlanSchema = z.object({
  entityRef: z.string(),
  from: z.string(),
  to: strings,
  targetChosenBy: z.enum(['request', 'recommendation', 'plan']),
  recommendation: placementRecommendationSchema.optional(),
  movedReplicas: z.number(),
  method: shiftMethodSchema,
  moves: z.array(replicaMoveSchema),
  steps: z.array(failoverStepSchema),
});

const failoverRunStatusSchema = z.enum([
  'pending',
  'running',
  'succeeded',
  'failed',
  'cancelled',
]);
const failoverStepStatusSchema = z.enum([
  'pending',
  'running',
  'succeeded',
  'failed',
  'skipped',
  'cancelled',
]);

/** A failover, rollback or drill run (`GET /failovers/:id`). @public */
export const failoverRunSchema = z.object({
  id: z.string(),
  kind: z.enum(['failover', 'rollback', 'drill']),
  entityRef: z.string(),
  status: failoverRunStatusSchema,
  from: z.string(),
  to: strings,
  reason: z.string(),
  actor: z.string(),
  rollbackOf: z.string().optional(),
  dry: z.boolean(),
  cancelRequested: z.boolean(),
  plan: failoverPlanSchema,
  currentStep: z.string().optional(),
  error: z.string().optional(),
  durationMs: z.number().optional(),
  createdAt: z.string(),
  startedAt: z.string().optional(),
  finishedAt: z.string().optional(),
  steps: z.array(
    z.object({
      order: z.number(),
      kind: failoverStepKindSchema,
      title: z.string(),
      status: failoverStepStatusSchema,
      attempts: z.number(),
      maxAttempts: z.number(),
      timeoutSeconds: z.number(),
      skipReason: z.string().optional(),
      error: z.string().optional(),
      // What the step's executor reported; its shape is the executor's.
      output: z.unknown(),
      startedAt: z.string().optional(),
      finishedAt: z.string().optional(),
      durationMs: z.number().optional(),
    }),
  ),
  completedSteps: z.array(failoverStepKindSchema).optional(),
  rollbackAvailable: z.boolean().optional(),
  changes: z
    .array(
      z.object({
        cluster: z.string(),
        kind: z.enum(['workload-replicas', 'override-rule']),
        target: z.string(),
        phase: z.enum(['raise', 'lower']),
        before: z.number().optional(),
        after: z.number().optional(),
        status: z.enum(['intended', 'applied']),
        resourceVersion: z.string().optional(),
        recordedAt: z.string(),
        appliedAt: z.string().optional(),
      }),
    )
    .optional(),
});

/** `POST /failovers` and `POST /drills` with `dryRun`: 200 and the plan. @public */
export const failoverDryRunResponseSchema = z.object({
  dryRun: z.literal(true),
  plan: failoverPlanSchema,
});

/** `POST /failovers` and `POST /drills`: 202 and the run started. @public */
export const failoverStartedResponseSchema = z.object({
  id: z.string(),
  created: z.boolean(),
  status: failoverRunStatusSchema,
  plan: failoverPlanSchema,
  run: failoverRunSchema,
});

/** `POST /failovers/:id/rollback`. @public */
export const rollbackFailoverResponseSchema =
  failoverStartedResponseSchema.extend({ rollbackOf: z.string() });

/** `GET /failovers`. @public */
export const failoverRunListSchema = z.object({
  items: z.array(failoverRunSchema),
});

const drStrategyIdSchema = z.enum([
  'active-active',
  'active-passive-warm',
  'active-passive-cold',
  'backup-restore',
]);
const recoveryClassSchema = z.enum([
  'near-zero',
  'seconds',
  'minutes',
  'hours',
]);
const nullableNumber = z.number().nullable();

/** `GET /entities/:kind/:namespace/:name/dr`. @public */
export const entityDrStatusSchema = z.object({
  entityRef: z.string(),
  declared: z
    .object({
      entityRef: z.string(),
      strategy: drStrategyIdSchema,
      rtoSeconds: z.number().optional(),
      rpoSeconds: z.number().optional(),
      replicas: z.number().optional(),
      placement: karmadaPlacementSchema.optional(),
      primaryCluster: z.string().optional(),
      standbyCluster: z.string().optional(),
      resourceRequest: stringMap.optional(),
      kubernetesId: z.string().optional(),
      argocdApp: z.string().optional(),
    })
    .nullable(),
  strategy: z
    .object({
      id: drStrategyIdSchema,
      title: z.string(),
      description: z.string(),
      bestRtoSeconds: z.number(),
      bestRpoSeconds: z.number(),
      rtoClass: recoveryClassSchema,
      rpoClass: recoveryClassSchema,
      complexity: z.enum(['low', 'medium', 'high']),
      costFactor: z.number(),
      minClusters: z.number(),
      standby: z.enum([
        'serving',
        'scaled-down',
        'provisioned-on-demand',
        'restored-from-backup',
      ]),
    })
    .nullable(),
  problems: z.array(z.object({ annotation: z.string(), message: z.string() })),
  placement: replicaSplitSchema,
  placementErrors: z.array(
    z.object({ cluster: z.string(), message: z.string() }),
  ),
  findings: z.array(findingSchema.extend({ clusters: strings.optional() })),
  activeRunId: z.string().nullable(),
  drills: z.array(
    z.object({
      runId: z.string(),
      status: failoverRunStatusSchema,
      dryRun: z.boolean(),
      from: z.string(),
      to: strings,
      createdAt: z.string(),
      finishedAt: z.string().optional(),
      movedReplicas: z.number(),
      achievedRtoSeconds: nullableNumber,
      targetRtoSeconds: nullableNumber,
      metTarget: z.boolean().nullable(),
      metTargetReason: z.string().nullable(),
      steps: z.array(
        z.object({
          kind: failoverStepKindSchema,
          status: failoverStepStatusSchema,
          durationMs: nullableNumber,
        }),
      ),
    }),
  ),
});
