import { z } from 'zod';
import { karmadaPlacementSchema } from '../scheduling/placement';
import type { KarmadaPolicyMatch } from './placement';

/**
 * One schema per success answer of the multi-cluster API, beside the
 * TypeScript types the callers use (`responses.test.ts` checks that each
 * schema's type and its TypeScript type are the same). The OpenAPI document
 * describes the answers with them, and the backend's tests parse real
 * answers with them.
 *
 * Objects are not strict: a field added to an answer is not a break for
 * callers, so it does not fail a parse either.
 */

const stringMap = z.record(z.string(), z.string());
/** Quantities keyed by resource name (`cpu`, `memory`, ...). */
const resourceListSchema = stringMap;
const strings = z.array(z.string());

// Fleet: GET /clusters, GET /clusters/:name.

const clusterSourceTypeSchema = z.enum([
  'catalog',
  'config',
  'karmada',
  'cluster-api',
]);

const clusterTaintSchema = z.object({
  key: z.string(),
  value: z.string().optional(),
  effect: z.enum(['NoSchedule', 'PreferNoSchedule', 'NoExecute']),
  timeAdded: z.string().optional(),
});

const virtualNodeSchema = z.object({
  name: z.string(),
  kind: z.enum(['liqo', 'admiralty']),
  peer: z.string(),
  peerCluster: z.string().optional(),
  allocatable: resourceListSchema,
  ready: z.boolean().optional(),
});

const clusterConditionSchema = z.object({
  type: z.string(),
  status: z.string(),
  reason: z.string().optional(),
  message: z.string().optional(),
  lastTransitionTime: z.string().optional(),
});

const fabricKindSchema = z.enum([
  'submariner',
  'istio',
  'cilium-clustermesh',
  'mcs',
  'cloud-private',
  'other',
]);
const connectivityEvidenceSchema = z.enum(['api', 'declared']);

const clusterConnectivitySchema = z.object({
  clusterSets: strings,
  fabrics: z.array(
    z.object({
      kind: fabricKindSchema,
      clusterSet: z.string(),
      clusterId: z.string().optional(),
      detectedVia: connectivityEvidenceSchema,
      globalnet: z.boolean().optional(),
      connectedTo: strings.optional(),
      gateway: z
        .object({ ready: z.boolean(), message: z.string().optional() })
        .optional(),
      evidence: strings,
    }),
  ),
  networks: z
    .object({
      podCidrs: strings,
      serviceCidrs: strings,
      detectedVia: connectivityEvidenceSchema,
    })
    .optional(),
  mcs: z
    .object({
      serviceExportCrd: z.boolean(),
      serviceImportCrd: z.boolean(),
      clusterId: z.string().optional(),
      clusterSet: z.string().optional(),
    })
    .optional(),
  serviceExports: z
    .array(
      z.object({
        namespace: z.string(),
        name: z.string(),
        valid: z.boolean().optional(),
        conflict: z.boolean().optional(),
        message: z.string().optional(),
      }),
    )
    .optional(),
  errors: strings.optional(),
  earlierObservations: z
    .array(z.object({ detector: z.string(), observedAt: z.string() }))
    .optional(),
});

/** A fleet cluster (`GET /clusters/:name`). */
export const fleetClusterSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  source: clusterSourceTypeSchema,
  sources: z.array(z.object({ type: clusterSourceTypeSchema, id: z.string() })),
  apiServerUrl: z.string().optional(),
  dashboardUrl: z.string().optional(),
  catalogEntityRef: z.string().optional(),
  labels: stringMap,
  environment: z.string().optional(),
  region: z.string().optional(),
  provider: z.string().optional(),
  tenant: z.string().optional(),
  workloadClass: z.string().optional(),
  jurisdiction: z.string().optional(),
  zones: strings.optional(),
  costPerCpuHour: z.number().optional(),
  kubernetesVersion: z.string().optional(),
  taints: z.array(clusterTaintSchema).optional(),
  capacity: z.object({
    declared: stringMap.optional(),
    allocatable: stringMap.optional(),
    allocated: stringMap.optional(),
    allocating: stringMap.optional(),
    availableReplicas: z.number().optional(),
    virtualNodes: z.array(virtualNodeSchema).optional(),
  }),
  health: z.object({
    status: z.enum(['healthy', 'unhealthy', 'unknown']),
    via: z.enum(['readyz', 'karmada', 'cluster-api', 'none']),
    checkedAt: z.string().optional(),
    latencyMs: z.number().optional(),
    message: z.string().optional(),
  }),
  lifecycle: z
    .object({
      managementCluster: z.string(),
      namespace: z.string(),
      name: z.string(),
      apiVersion: z.string(),
      phase: z.string().optional(),
      version: z.string().optional(),
      topology: z.boolean().optional(),
      conditions: z.array(clusterConditionSchema).optional(),
      controlPlane: z
        .object({
          kind: z.string(),
          name: z.string(),
          apiVersion: z.string().optional(),
          version: z.string().optional(),
          replicas: z.number().optional(),
          readyReplicas: z.number().optional(),
          updatedReplicas: z.number().optional(),
          ready: z.boolean().optional(),
        })
        .optional(),
      machineDeployments: z.array(
        z.object({
          name: z.string(),
          namespace: z.string(),
          phase: z.string().optional(),
          version: z.string().optional(),
          replicas: z.number().optional(),
          readyReplicas: z.number().optional(),
          availableReplicas: z.number().optional(),
          updatedReplicas: z.number().optional(),
          conditions: z.array(clusterConditionSchema).optional(),
        }),
      ),
    })
    .optional(),
  karmada: z
    .object({
      controlPlane: z.string(),
      syncMode: z.string().optional(),
      ready: z.boolean().optional(),
    })
    .optional(),
  workloads: z
    .array(
      z.object({
        namespace: z.string(),
        kind: z.string(),
        name: z.string(),
        replicas: z.number().optional(),
        kubernetesId: z.string().optional(),
        source: clusterSourceTypeSchema,
      }),
    )
    .optional(),
  connectivity: clusterConnectivitySchema.optional(),
  conflicts: z
    .array(
      z.object({
        field: z.string(),
        values: z.array(z.object({ sourceId: z.string(), value: z.string() })),
        message: z.string(),
      }),
    )
    .optional(),
  stale: z.boolean(),
  lastError: z.string().optional(),
  problems: strings.optional(),
  refreshedAt: z.string(),
});

/** `GET /clusters`. */
export const clusterListResponseSchema = z.object({
  items: z.array(fleetClusterSchema),
  totalCount: z.number(),
});

// Lifecycle: the backend's ScaleMachineDeploymentResult, UpgradeClusterResult
// and DeleteClusterResult (checked against them in the backend's tests).

/** `POST /clusters/:name/scale`. */
export const scaleClusterResponseSchema = z.object({
  cluster: z.string(),
  machineDeployment: z.string(),
  namespace: z.string(),
  previousReplicas: z.number().optional(),
  replicas: z.number(),
  resourceVersion: z.string().optional(),
  attempts: z.number(),
  source: z.literal('cluster-api'),
});

/** `POST /clusters/:name/upgrade`. */
export const upgradeClusterResponseSchema = z.object({
  cluster: z.string(),
  target: z.enum(['topology', 'control-plane']),
  objectName: z.string(),
  previousVersion: z.string().optional(),
  version: z.string(),
  resourceVersion: z.string().optional(),
  attempts: z.number(),
  source: z.literal('cluster-api'),
});

/** `DELETE /clusters/:name`. */
export const deleteClusterResponseSchema = z.object({
  cluster: z.string(),
  namespace: z.string(),
  name: z.string(),
  deletionRequested: z.literal(true),
  source: z.literal('cluster-api'),
});

/**
 * `GET /clusters/:name/history`: the backend's HistoryEntry records. A
 * call's input and result are whatever the call took and answered.
 */
export const clusterHistoryResponseSchema = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      createdAt: z.string(),
      actor: z.string(),
      action: z.string(),
      cluster: z.string().optional(),
      entityRef: z.string().optional(),
      status: z.enum(['succeeded', 'failed', 'denied']),
      input: z.unknown(),
      result: z.unknown(),
      error: z.string().optional(),
    }),
  ),
});

// Placement: POST /placement/simulate, POST /placement/recommend.

/** Karmada's scheduling answer (`schedule`). */
export const scheduleResultSchema = z.object({
  targets: z.array(
    z.object({ name: z.string(), replicas: z.number().optional() }),
  ),
  explanation: z.array(
    z.object({
      cluster: z.string(),
      verdict: z.enum(['selected', 'filtered', 'not-selected']),
      reasons: strings,
    }),
  ),
  affinityName: z.string().optional(),
});

/**
 * `POST /placement/simulate`: the scheduling answer, with the fleet it was
 * computed on (the posted clusters or the live ones) and its size.
 */
export const simulatePlacementResponseSchema = scheduleResultSchema.extend({
  fleet: z.enum(['live', 'request']),
  clusterCount: z.number(),
});

const replicaSplitSchema = z.array(
  z.object({ name: z.string(), replicas: z.number() }),
);

/** One candidate placement of the advice. */
export const placementRecommendationSchema = z.object({
  rank: z.number(),
  strategy: z.string(),
  clusters: strings,
  placement: karmadaPlacementSchema,
  split: replicaSplitSchema,
  regions: strings,
  zones: strings,
  costPerHour: z.number().optional(),
  score: z.object({
    total: z.number(),
    byObjective: z.record(z.string(), z.number()),
  }),
  explanation: z.array(z.object({ cluster: z.string(), reasons: strings })),
});

/** `POST /placement/recommend`. */
export const placementAdviceSchema = z.object({
  recommendations: z.array(placementRecommendationSchema),
  excluded: z.array(z.object({ cluster: z.string(), reasons: strings })),
  rejected: z.array(z.object({ clusters: strings, reason: z.string() })),
});

// Connectivity: GET /connectivity, GET /addons, GET .../exposure.

const severitySchema = z.enum(['critical', 'high', 'medium', 'low', 'info']);

/** `GET /connectivity`. */
export const fleetConnectivityReportSchema = z.object({
  clusterSets: z.array(
    z.object({
      name: z.string(),
      fabrics: z.array(fabricKindSchema),
      clusters: strings,
      globalnet: z.boolean(),
    }),
  ),
  isolated: strings,
  findings: z.array(
    z.object({
      id: z.string(),
      severity: severitySchema,
      title: z.string(),
      detail: z.string(),
      clusters: strings,
      clusterSet: z.string().optional(),
    }),
  ),
  borrowed: z.array(
    z.object({
      cluster: z.string(),
      own: resourceListSchema.optional(),
      virtualNodes: z.array(virtualNodeSchema),
      effective: resourceListSchema.optional(),
    }),
  ),
  fleetCapacity: resourceListSchema,
  errors: strings.optional(),
});

/** `GET /addons`. */
export const addonCoverageReportSchema = z.object({
  addons: z.array(
    z.object({
      name: z.string(),
      category: z.string().optional(),
      delivery: z.enum([
        'argocd-applicationset',
        'fleet-gitrepo',
        'karmada-clusterpropagationpolicy',
      ]),
      source: z.string(),
      clusters: z.array(
        z.object({
          cluster: z.string(),
          state: z.enum(['in-sync', 'drifted', 'missing', 'unknown']),
          revision: z.string().optional(),
          desiredRevision: z.string().optional(),
          message: z.string().optional(),
        }),
      ),
      error: z.string().optional(),
    }),
  ),
});

/** `GET /entities/:kind/:namespace/:name/exposure`. */
export const entityExposureSchema = z.object({
  entityRef: z.string(),
  exports: z.array(
    z.object({
      namespace: z.string(),
      name: z.string(),
      clusterSetHost: z.string(),
      exportedFrom: strings,
      reachableFrom: strings,
      problems: strings,
    }),
  ),
  dependencies: z.array(
    z.object({
      entityRef: z.string(),
      clusters: strings,
      unreachableFrom: strings,
    }),
  ),
  problems: strings.optional(),
});

// GET /entities/:kind/:namespace/:name/placement.

/**
 * zod types an `unknown` field as optional (`placement?: unknown`), which
 * on the wire it is: JSON drops an undefined value. KarmadaPolicyMatch
 * declares it `placement: unknown` (undefined included), the same answer.
 */
const karmadaPolicyMatchSchema = z.object({
  kind: z.enum(['PropagationPolicy', 'ClusterPropagationPolicy']),
  name: z.string(),
  namespace: z.string().optional(),
  effective: z.boolean(),
  priority: z.number(),
  // The policy's spec.placement as Karmada stores it.
  placement: z.unknown(),
}) as z.ZodType<KarmadaPolicyMatch, z.ZodTypeDef, unknown>;

const workloadKindSchema = z.enum(['Deployment', 'StatefulSet']);

/** `GET /entities/:kind/:namespace/:name/placement`. */
export const entityPlacementSchema = z.object({
  entityRef: z.string(),
  kubernetesId: z.string(),
  namespace: z.string().optional(),
  desired: z.object({
    karmada: z.array(
      z.object({
        controlPlane: z.string(),
        resource: z.object({
          apiVersion: z.string(),
          kind: z.string(),
          namespace: z.string(),
          name: z.string(),
        }),
        policies: z.array(karmadaPolicyMatchSchema),
        resourceBinding: z
          .object({
            name: z.string(),
            namespace: z.string(),
            clusters: z.array(
              z.object({ name: z.string(), replicas: z.number().optional() }),
            ),
            scheduled: z
              .object({
                status: z.string(),
                reason: z.string().optional(),
                message: z.string().optional(),
              })
              .optional(),
          })
          .optional(),
      }),
    ),
    // The `flotilla.io/placement` annotation as written.
    annotation: z.unknown(),
  }),
  actual: z.object({
    clusters: z.array(
      z.object({
        cluster: z.string(),
        source: clusterSourceTypeSchema,
        workloads: z.array(
          z.object({
            cluster: z.string(),
            namespace: z.string(),
            kind: workloadKindSchema,
            name: z.string(),
            replicas: z.number(),
            readyReplicas: z.number(),
            availableReplicas: z.number().optional(),
            updatedReplicas: z.number().optional(),
          }),
        ),
        replicas: z.number(),
        readyReplicas: z.number(),
        latencyMs: z.number(),
      }),
    ),
    totalReplicas: z.number(),
    readyReplicas: z.number(),
  }),
  errors: z.array(
    z.object({
      cluster: z.string(),
      message: z.string(),
      timeout: z.boolean(),
    }),
  ),
  notRead: z.object({ clusters: z.number(), reason: z.string() }).optional(),
  durationMs: z.number(),
});

// Failover: plans, runs and DR posture.

const failoverStepKindSchema = z.enum([
  'precheck-source',
  'precheck-target',
  'shift-replicas',
  'gitops-sync',
  'traffic-shift',
  'verify',
  'notify',
]);
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
    }),
  ),
  planStep('gitops-sync', z.object({ application: z.string().optional() })),
  planStep('traffic-shift', z.object({ from: z.string(), to: strings })),
  planStep(
    'verify',
    z.object({
      expected: z.array(
        z.object({ cluster: z.string(), replicas: z.number() }),
      ),
    }),
  ),
  planStep('notify', z.object({ entityRef: z.string() })),
]);

/** A failover plan: where replicas move and the runbook's steps. */
export const failoverPlanSchema = z.object({
  entityRef: z.string(),
  from: z.string(),
  to: strings,
  targetChosenBy: z.enum(['request', 'recommendation']),
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

/** A failover, rollback or drill run (`GET /failovers/:id`). */
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
});

/** `POST /failovers` and `POST /drills` with `dryRun`: 200 and the plan. */
export const failoverDryRunResponseSchema = z.object({
  dryRun: z.literal(true),
  plan: failoverPlanSchema,
});

/** `POST /failovers` and `POST /drills`: 202 and the run started. */
export const failoverStartedResponseSchema = z.object({
  id: z.string(),
  created: z.boolean(),
  status: failoverRunStatusSchema,
  plan: failoverPlanSchema,
  run: failoverRunSchema,
});

/** `POST /failovers/:id/rollback`. */
export const rollbackFailoverResponseSchema =
  failoverStartedResponseSchema.extend({ rollbackOf: z.string() });

/** `GET /failovers`. */
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

/** `GET /entities/:kind/:namespace/:name/dr`. */
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
  findings: z.array(
    z.object({
      id: z.string(),
      severity: severitySchema,
      title: z.string(),
      detail: z.string(),
      clusters: strings.optional(),
    }),
  ),
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

/** `GET /health`. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });

/**
 * Parts of several answers, by the name the OpenAPI document describes them
 * under once (`#/components/schemas/<name>`).
 */
export const sharedResponseSchemas: Readonly<Record<string, z.ZodTypeAny>> = {
  FleetCluster: fleetClusterSchema,
  KarmadaPlacement: karmadaPlacementSchema,
  PlacementRecommendation: placementRecommendationSchema,
  FailoverPlan: failoverPlanSchema,
  FailoverRun: failoverRunSchema,
};
