import {
  karmadaPlacementSchema,
  karmadaTolerationSchema,
} from '@flotilla/plugin-multi-cluster-common';
import { z } from 'zod';

const quantityMap = z.record(
  z.string(),
  z.union([z.string(), z.number()]).transform(String),
);

export const clusterSnapshotSchema = z.object({
  name: z.string().min(1),
  labels: z.record(z.string(), z.string()).optional(),
  provider: z.string().optional(),
  region: z.string().optional(),
  zones: z.array(z.string()).optional(),
  taints: z
    .array(
      z.object({
        key: z.string().min(1),
        value: z.string().optional(),
        effect: z.enum(['NoSchedule', 'PreferNoSchedule', 'NoExecute']),
        timeAdded: z.string().optional(),
      }),
    )
    .optional(),
  availableReplicas: z.number().int().min(0).optional(),
  resourceSummary: z
    .object({
      allocatable: quantityMap.optional(),
      allocated: quantityMap.optional(),
      allocating: quantityMap.optional(),
    })
    .optional(),
  clusterSets: z.array(z.string().min(1)).max(100).optional(),
});

const entityRefSchema = z
  .string()
  .min(1)
  .regex(
    /^[a-z0-9-_]+:([a-z0-9-_.]+\/)?[a-z0-9-_.]+$/i,
    'must be an entity ref such as component:default/checkout',
  );

/** Flotilla's reachability requirement (ReachabilityRequirement). */
export const reachabilitySchema = z.object({
  dependencies: z
    .array(
      z.object({
        ref: z.string().min(1),
        clusters: z
          .array(
            z.object({
              name: z.string().min(1),
              clusterSets: z.array(z.string().min(1)).max(100).optional(),
            }),
          )
          .max(20_000),
      }),
    )
    .max(200),
});

/**
 * Reachability fields shared by simulate and recommend: explicit
 * dependencies, an entity whose catalog `dependsOn` relations name them, or
 * the refs a service about to be created will depend on.
 */
const reachabilityFields = {
  reachability: reachabilitySchema.optional(),
  dependenciesOf: entityRefSchema.optional(),
  dependsOn: z.array(entityRefSchema).max(200).optional(),
};

/** `POST /placement/simulate`: a ScheduleRequest whose clusters are optional. */
export const simulateBodySchema = z.object({
  replicas: z.number().int().min(0).max(100_000),
  placement: karmadaPlacementSchema,
  clusters: z.array(clusterSnapshotSchema).max(20_000).optional(),
  previous: z
    .array(
      z.object({ name: z.string().min(1), replicas: z.number().int().min(0) }),
    )
    .optional(),
  replicaRequirements: z
    .object({ resourceRequest: quantityMap.optional() })
    .optional(),
  uid: z.string().optional(),
  fresh: z.boolean().optional(),
  ...reachabilityFields,
});

const nameList = z.array(z.string().min(1)).max(1_000);

/** `POST /placement/recommend`: a workload's requirements (WorkloadRequirements). */
export const recommendBodySchema = z.object({
  replicas: z.number().int().min(1).max(100_000),
  resourceRequest: quantityMap.optional(),
  allowedJurisdictions: nameList.optional(),
  userRegions: nameList.optional(),
  minRegions: z.number().int().min(1).max(1_000).optional(),
  minZones: z.number().int().min(1).max(1_000).optional(),
  maxCostPerHour: z.number().positive().optional(),
  requiredCompliance: nameList.optional(),
  requiredLabels: z.record(z.string(), z.string()).optional(),
  tolerations: z.array(karmadaTolerationSchema).max(100).optional(),
  excludeClusters: nameList.optional(),
  limit: z.number().int().min(1).max(20).optional(),
  ...reachabilityFields,
});
