import { z } from 'zod';
import { karmadaPlacementSchema } from '../../scheduling/placement';
import type { KarmadaPolicyMatch } from '../placement';
import { recommendPlacementRequestSchema } from '../schemas/placement';
import { clusterSourceTypeSchema } from './clusters';
import { conditionSummarySchema, strings } from './parts';

// Placement: POST /placement/simulate, POST /placement/recommend.

/** Karmada's scheduling answer (`schedule`). @public */
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
 *
 * @public
 */
export const simulatePlacementResponseSchema = scheduleResultSchema.extend({
  fleet: z.enum(['live', 'request']),
  clusterCount: z.number(),
});

export const replicaSplitSchema = z.array(
  z.object({ name: z.string(), replicas: z.number() }),
);

/** One candidate placement of the advice. @public */
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

/** `POST /placement/recommend`. @public */
export const placementAdviceSchema = z.object({
  recommendations: z.array(placementRecommendationSchema),
  excluded: z.array(z.object({ cluster: z.string(), reasons: strings })),
  rejected: z.array(z.object({ clusters: strings, reason: z.string() })),
});

// POST /entities/:kind/:namespace/:name/placement/advice, GET /placement/options.

const provenanceSchema = z.object({
  source: z.string(),
  known: z.boolean(),
  detail: z.string(),
  readAt: z.string().optional(),
});

const footprintSchema = z.object({
  clusters: replicaSplitSchema,
  regions: strings,
  costPerHour: z.number().optional(),
  meanLatencyMs: z.number().optional(),
  headroomReplicas: z.number().optional(),
});

/** `POST /entities/:kind/:namespace/:name/placement/advice`. @public */
export const entityPlacementAdviceSchema = z.object({
  entityRef: z.string(),
  requirements: recommendPlacementRequestSchema,
  requirementsFrom: z.enum(['annotations', 'request']),
  problems: z.array(z.object({ annotation: z.string(), message: z.string() })),
  advice: placementAdviceSchema,
  current: footprintSchema.optional(),
  comparisons: z.array(
    z.object({
      rank: z.number(),
      footprint: footprintSchema,
      delta: z.object({
        costPerHour: z.number().optional(),
        meanLatencyMs: z.number().optional(),
        headroomReplicas: z.number().optional(),
      }),
    }),
  ),
  inputs: z.array(
    z.object({
      cluster: z.string(),
      region: z.string().optional(),
      inputs: z.record(z.string(), provenanceSchema),
    }),
  ),
  objectives: z.array(
    z.object({
      id: z.string(),
      weight: z.number(),
      origin: z.enum(['built-in', 'module']),
    }),
  ),
});

/** `GET /placement/options`. @public */
export const placementOptionsSchema = z.object({
  regions: z.array(
    z.object({
      name: z.string(),
      providers: strings,
      clusters: strings,
      jurisdictions: strings,
    }),
  ),
  clusters: z.array(
    z.object({
      name: z.string(),
      region: z.string().optional(),
      provider: z.string().optional(),
      environment: z.string().optional(),
      health: z.enum(['healthy', 'unhealthy', 'unknown']).optional(),
      jurisdiction: z.string().optional(),
      compliance: strings,
    }),
  ),
  userRegions: strings,
  jurisdictions: strings,
  compliance: strings,
  environments: strings,
  gpuModels: strings,
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
  failover: z
    .boolean()
    .optional()
    .describe(
      "The policy declares spec.failover (Karmada's application failover)",
    ),
}) as z.ZodType<KarmadaPolicyMatch, z.ZodTypeDef, unknown>;

const workloadKindSchema = z.enum(['Deployment', 'StatefulSet']);

/** `GET /entities/:kind/:namespace/:name/placement`. @public */
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
            scheduled: conditionSummarySchema.optional(),
          })
          .optional(),
      }),
    ),
    ocm: z
      .array(
        z.object({
          hub: z.string(),
          namespace: z.string(),
          name: z.string(),
          clusterSets: strings,
          numberOfClusters: z.number().optional(),
          predicates: strings,
          numberOfSelectedClusters: z.number().optional(),
          decisions: z.array(
            z.object({ cluster: z.string(), reason: z.string().optional() }),
          ),
          satisfied: conditionSummarySchema.optional(),
        }),
      )
      .optional(),
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
