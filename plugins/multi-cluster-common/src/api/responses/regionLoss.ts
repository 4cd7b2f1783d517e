import { z } from 'zod';
import { healthEvidenceSchema } from './clusters';

// Region loss: what-if plans, detection, region failovers and failbacks.

const assignmentSchema = z.array(
  z.object({ name: z.string(), replicas: z.number() }),
);

const objectiveSchema = z.object({
  targetSeconds: z.number().optional(),
  expectedSeconds: z.number(),
  kept: z.boolean().nullable(),
});

const whatIfServiceSchema = z.object({
  entityRef: z.string(),
  priority: z.number(),
  tier: z.number().optional(),
  outcome: z.enum(['unaffected', 'moved', 'partial', 'unplaceable']),
  lostReplicas: z.number(),
  placedReplicas: z.number(),
  sources: z.array(
    z.object({
      from: z.string(),
      replicas: z.number(),
      targets: assignmentSchema,
    }),
  ),
  placementAfter: assignmentSchema,
  shortfall: z
    .object({
      resource: z.string(),
      requested: z.string(),
      available: z.string(),
      replicasUnplaced: z.number(),
    })
    .optional(),
  reason: z.string().optional(),
  rto: objectiveSchema,
  rpo: objectiveSchema,
  quorum: z.object({
    minReplicas: z.number(),
    replicasAfter: z.number(),
    kept: z.boolean(),
  }),
  dependencies: z.object({
    reachable: z.boolean(),
    problems: z.array(z.string()),
  }),
});

const usageSchema = z.object({
  allocatable: z.number(),
  usedBefore: z.number(),
  usedAfter: z.number(),
});

const capacityShape = { cpu: usageSchema, memory: usageSchema };

/** `POST /what-if`. @public */
export const whatIfPlanSchema = z.object({
  lostClusters: z.array(z.string()),
  services: z.array(whatIfServiceSchema),
  clusters: z.array(
    z.object({
      ...capacityShape,
      name: z.string(),
      region: z.string().optional(),
      provider: z.string().optional(),
      lost: z.boolean(),
    }),
  ),
  regions: z.array(
    z.object({
      ...capacityShape,
      region: z.string(),
      clusters: z.number(),
      lostClusters: z.number(),
    }),
  ),
  summary: z.object({
    services: z.number(),
    affected: z.number(),
    moved: z.number(),
    partial: z.number(),
    unplaceable: z.number(),
    atRisk: z.number(),
  }),
});

/** `GET /detection/clusters`. @public */
export const detectionClusterListSchema = z.object({
  items: z.array(
    z.object({
      cluster: z.string(),
      region: z.string().optional(),
      state: z.enum(['healthy', 'failing', 'unknown']),
      since: z.string().optional(),
      evidence: z.array(healthEvidenceSchema),
    }),
  ),
});

const detectionDecisionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  entityRef: z.string().optional(),
  clusters: z.array(z.string()),
  kind: z.enum([
    'would-fail-over',
    'failed-over',
    'held-back',
    'karmada-handles',
    'propose-failback',
    'failed-back',
  ]),
  reason: z.string(),
  policy: z.enum(['manual', 'automatic']),
  evidence: z.array(
    z.object({
      cluster: z.string(),
      source: z.string(),
      status: z.string(),
      reason: z.string().optional(),
      since: z.string().optional(),
    }),
  ),
  stormId: z.string().optional(),
});

/** `GET /detection/decisions`. @public */
export const detectionDecisionListSchema = z.object({
  items: z.array(detectionDecisionSchema),
});

const childStatusSchema = z.enum([
  'queued',
  'waiting-capacity',
  'running',
  'succeeded',
  'failed',
  'cancelled',
  'skipped',
]);

/** A region failover or failback. @public */
export const regionFailoverSchema = z.object({
  id: z.string(),
  kind: z.enum(['failover', 'failback']),
  status: z.enum(['running', 'paused', 'succeeded', 'failed', 'cancelled']),
  lostClusters: z.array(z.string()),
  reason: z.string(),
  actor: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().optional(),
  failbackOf: z.string().optional(),
  limits: z.object({
    maxConcurrentRuns: z.number(),
    maxRunsPerTargetCluster: z.number(),
  }),
  children: z.array(
    z.object({
      entityRef: z.string(),
      priority: z.number(),
      from: z.string(),
      to: z.array(z.string()),
      replicas: z.number(),
      status: childStatusSchema,
      runId: z.string().optional(),
      reason: z.string().optional(),
    }),
  ),
  counts: z.record(childStatusSchema, z.number()),
});

/** `GET /region-failovers`. @public */
export const regionFailoverListSchema = z.object({
  items: z.array(regionFailoverSchema),
});

/** `POST /region-failovers` and `POST /failbacks` (202). @public */
export const regionFailoverStartedSchema = z.object({
  storm: regionFailoverSchema,
});

/** `POST /region-failovers` with `dryRun` (200). @public */
export const regionFailoverDryRunSchema = z.object({
  plan: whatIfPlanSchema,
});
