import { z } from 'zod';
import {
  karmadaPlacementSchema,
  karmadaTolerationSchema,
} from '../../scheduling/placement';
import { SUPPORTED_KARMADA_VERSIONS } from '../../scheduling/versionRules';
import { boundedArray, JsonBounds, withinJsonBounds } from './bounded';
import {
  clusterNameSchema,
  entityRefSchema,
  labelKeySchema,
  labelMapSchema,
  labelValueSchema,
  REQUEST_LIMITS,
  shortNameSchema,
} from './names';
import {
  capacityResourceListSchema,
  resourceRequestsSchema,
} from './quantities';
import { requestObject } from './request';

/**
 * Karmada's placement and toleration schemas check what Karmada's webhook
 * checks, not sizes: these bounds come first.
 */
const PLACEMENT_BOUNDS: JsonBounds = {
  // clusterAffinities[].overflowAffinities[].labelSelector.matchExpressions[].values[]
  maxDepth: 10,
  maxArrayLength: REQUEST_LIMITS.clusters,
  maxKeys: REQUEST_LIMITS.labels,
  maxStringLength: 317,
  maxNodes: 20_000,
};

/** A dependency and its clusters: `{ ref, clusters: [{ name }] }`. */
const REACHABILITY_BOUNDS: JsonBounds = {
  maxDepth: 6,
  maxArrayLength: REQUEST_LIMITS.dependencyClusters,
  maxKeys: 2,
  maxStringLength: 255,
  // Objects, names and cluster sets of all dependencies together.
  maxNodes: 3 * REQUEST_LIMITS.dependencyClusters,
};

const TOLERATION_BOUNDS: JsonBounds = {
  maxDepth: 1,
  maxArrayLength: 0,
  maxKeys: 5,
  maxStringLength: 317,
  maxNodes: 6,
};

/** A PropagationPolicy `spec.placement`, within bounds. */
export const boundedKarmadaPlacementSchema = withinJsonBounds(
  PLACEMENT_BOUNDS,
  karmadaPlacementSchema,
).describe(
  'Karmada placement (clusterAffinity, spreadConstraints, replicaScheduling, ...)',
);

const boundedTolerationSchema = withinJsonBounds(
  TOLERATION_BOUNDS,
  karmadaTolerationSchema,
);

const taintSchema = z
  .object({
    key: labelKeySchema,
    value: labelValueSchema.optional(),
    effect: z.enum(['NoSchedule', 'PreferNoSchedule', 'NoExecute']),
    timeAdded: z.string().max(64).optional(),
  })
  .strict();

const nameListSchema = boundedArray(shortNameSchema, REQUEST_LIMITS.names);

/** Group/versions a cluster serves, and resources within one. */
const API_ENABLEMENT_LIMITS = { groupVersions: 1_000, resources: 1_000 };

/** Karmada's `Cluster.status.apiEnablements`. */
const apiEnablementsSchema = boundedArray(
  z
    .object({
      groupVersion: shortNameSchema,
      resources: boundedArray(
        z.object({ name: shortNameSchema, kind: shortNameSchema }).strict(),
        API_ENABLEMENT_LIMITS.resources,
      ),
    })
    .strict(),
  API_ENABLEMENT_LIMITS.groupVersions,
);

const karmadaVersionSchema = z.enum(SUPPORTED_KARMADA_VERSIONS, {
  errorMap: () => ({
    message: `must be a supported Karmada release: ${SUPPORTED_KARMADA_VERSIONS.join(
      ', ',
    )}`,
  }),
});
const clusterSetsSchema = boundedArray(
  shortNameSchema,
  REQUEST_LIMITS.clusterSets,
);

/**
 * A cluster as the scheduler sees it (Karmada's Cluster, trimmed).
 *
 * @public
 */
export const clusterSnapshotSchema = z
  .object({
    name: clusterNameSchema,
    labels: labelMapSchema.optional(),
    provider: shortNameSchema.optional(),
    region: shortNameSchema.optional(),
    zones: boundedArray(shortNameSchema, REQUEST_LIMITS.zones).optional(),
    taints: boundedArray(taintSchema, REQUEST_LIMITS.taints).optional(),
    availableReplicas: z
      .number()
      .int()
      .min(0)
      .max(REQUEST_LIMITS.int32)
      .optional(),
    resourceSummary: z
      .object({
        allocatable: capacityResourceListSchema.optional(),
        allocated: capacityResourceListSchema.optional(),
        allocating: capacityResourceListSchema.optional(),
      })
      .strict()
      .optional(),
    clusterSets: clusterSetsSchema.optional(),
    apiEnablements: apiEnablementsSchema
      .optional()
      .describe(
        "Karmada's Cluster.status.apiEnablements; without it the APIEnablement filter passes the cluster",
      ),
  })
  .strict();

/** Flotilla's reachability requirement (ReachabilityRequirement). */
export const reachabilityRequirementSchema = withinJsonBounds(
  REACHABILITY_BOUNDS,
  z
    .object({
      dependencies: boundedArray(
        z
          .object({
            ref: entityRefSchema,
            clusters: boundedArray(
              z
                .object({
                  name: clusterNameSchema,
                  clusterSets: clusterSetsSchema.optional(),
                })
                .strict(),
              REQUEST_LIMITS.dependencyClusters,
            ),
          })
          .strict(),
        REQUEST_LIMITS.dependencies,
      ),
    })
    .strict(),
);

/**
 * Reachability fields shared by simulate and recommend: explicit
 * dependencies, an entity whose catalog `dependsOn` relations name them, or
 * the refs a service about to be created will depend on.
 */
const reachabilityShape = {
  reachability: reachabilityRequirementSchema.optional(),
  dependenciesOf: entityRefSchema
    .optional()
    .describe(
      'Entity ref (e.g. component:default/checkout); only clusters that share a cluster set with where each of its catalog dependsOn targets runs are used',
    ),
  dependsOn: boundedArray(entityRefSchema, REQUEST_LIMITS.dependencies)
    .optional()
    .describe(
      'Entity refs a service not yet in the catalog will depend on; only clusters that can reach where they run are used',
    ),
};

/**
 * `POST /placement/simulate` and the `simulate-placement` action: a
 * ScheduleRequest whose clusters are optional (the live fleet otherwise).
 *
 * @public
 */
export const simulatePlacementRequestSchema = requestObject({
  karmadaVersion: karmadaVersionSchema
    .optional()
    .describe(
      "The Karmada release whose scheduler to reproduce; default the control plane's configured version, else the newest supported",
    ),
  resource: z
    .object({ apiVersion: shortNameSchema, kind: shortNameSchema })
    .strict()
    .optional()
    .describe(
      "The propagated resource, checked against the clusters' apiEnablements (default apps/v1 Deployment)",
    ),
  replicas: z.number().int().min(0).max(REQUEST_LIMITS.replicas),
  placement: boundedKarmadaPlacementSchema,
  clusters: boundedArray(clusterSnapshotSchema, REQUEST_LIMITS.clusters)
    .optional()
    .describe('Clusters to schedule on instead of the live fleet'),
  previous: boundedArray(
    z
      .object({
        name: clusterNameSchema,
        replicas: z.number().int().min(0).max(REQUEST_LIMITS.replicas),
      })
      .strict(),
    REQUEST_LIMITS.clusters,
  ).optional(),
  replicaRequirements: z
    .object({ resourceRequest: resourceRequestsSchema.optional() })
    .strict()
    .optional(),
  uid: z.string().min(1).max(128).optional(),
  fresh: z.boolean().optional(),
  controlPlane: clusterNameSchema
    .optional()
    .describe(
      "A Karmada control plane's name: only its member clusters are candidates, as for a PropagationPolicy applied there",
    ),
  ...reachabilityShape,
});

/** @public */
export type SimulatePlacementRequest = z.output<
  typeof simulatePlacementRequestSchema
>;

/**
 * `POST /placement/recommend` and the `recommend-placement` action: a
 * workload's requirements (WorkloadRequirements).
 *
 * @public
 */
export const recommendPlacementRequestSchema = requestObject({
  replicas: z
    .number()
    .int()
    .min(1)
    .max(REQUEST_LIMITS.replicas)
    .describe('Total replicas'),
  resourceRequest: resourceRequestsSchema
    .optional()
    .describe('Per-replica requests, e.g. { "cpu": "500m", "memory": "1Gi" }'),
  allowedJurisdictions: nameListSchema
    .optional()
    .describe('Jurisdictions the data may live in, e.g. [eu]'),
  userRegions: nameListSchema.optional().describe('Regions the users are in'),
  minRegions: z.number().int().min(1).max(1_000).optional(),
  minZones: z.number().int().min(1).max(1_000).optional(),
  maxCostPerHour: z.number().positive().max(1_000_000_000).optional(),
  requiredCompliance: nameListSchema.optional(),
  gpuModels: boundedArray(labelValueSchema, REQUEST_LIMITS.names)
    .optional()
    .describe(
      'GPU models (Node label nvidia.com/gpu.product) the workload runs on',
    ),
  requiredLabels: labelMapSchema
    .optional()
    .describe('Labels every chosen cluster must carry'),
  tolerations: boundedArray(
    boundedTolerationSchema,
    REQUEST_LIMITS.tolerations,
  ).optional(),
  excludeClusters: boundedArray(
    clusterNameSchema,
    REQUEST_LIMITS.names,
  ).optional(),
  limit: z.number().int().min(1).max(20).optional(),
  ...reachabilityShape,
});

/** @public */
export type RecommendPlacementRequest = z.output<
  typeof recommendPlacementRequestSchema
>;

/**
 * `POST /entities/:kind/:namespace/:name/placement/advice`: no body (or no
 * `requirements`) advises on the entity's annotations; `requirements`
 * replaces them (the advisor card's edits).
 *
 * @public
 */
export const entityPlacementAdviceRequestSchema = requestObject({
  requirements: recommendPlacementRequestSchema.optional(),
});
