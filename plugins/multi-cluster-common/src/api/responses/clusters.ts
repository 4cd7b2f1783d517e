import { z } from 'zod';
import { FABRIC_KINDS } from '../../connectivity/types';
import { resourceListSchema, stringMap, strings } from './parts';

// Fleet: GET /clusters, GET /clusters/:name.

export const clusterSourceTypeSchema = z.enum([
  'catalog',
  'config',
  'karmada',
  'cluster-api',
  'ocm',
]);

const clusterTaintSchema = z.object({
  key: z.string(),
  value: z.string().optional(),
  effect: z.enum(['NoSchedule', 'PreferNoSchedule', 'NoExecute']),
  timeAdded: z.string().optional(),
});

export const virtualNodeSchema = z.object({
  name: z.string(),
  kind: z.enum(['liqo', 'admiralty']),
  peer: z.string(),
  peerCluster: z.string().optional(),
  allocatable: resourceListSchema,
  ready: z.boolean().optional(),
});

const healthStatusSchema = z.enum(['healthy', 'unhealthy', 'unknown']);

export const healthEvidenceSchema = z.object({
  source: z.enum(['probe', 'karmada', 'ocm', 'cluster-api']),
  sourceId: z.string().optional(),
  status: healthStatusSchema,
  reason: z.string().optional(),
  checkedAt: z.string().optional(),
  since: z.string().optional(),
  latencyMs: z.number().optional(),
});

const clusterConditionSchema = z.object({
  type: z.string(),
  status: z.string(),
  reason: z.string().optional(),
  message: z.string().optional(),
  lastTransitionTime: z.string().optional(),
});

export const fabricKindSchema = z.enum(FABRIC_KINDS);
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

/** A fleet cluster (`GET /clusters/:name`). @public */
export const fleetClusterSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  source: clusterSourceTypeSchema,
  sources: z.array(z.object({ type: clusterSourceTypeSchema, id: z.string() })),
  apiServerUrl: z.string().optional(),
  dashboardUrl: z.string().optional(),
  catalogEntityRef: z.string().optional(),
  userAuthProvider: z.string().optional(),
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
    total: stringMap.optional(),
    allocated: stringMap.optional(),
    allocating: stringMap.optional(),
    availableReplicas: z.number().optional(),
    virtualNodes: z.array(virtualNodeSchema).optional(),
  }),
  health: z.object({
    status: healthStatusSchema,
    via: z.enum(['readyz', 'karmada', 'cluster-api', 'ocm', 'none']),
    checkedAt: z.string().optional(),
    latencyMs: z.number().optional(),
    message: z.string().optional(),
    evidence: z.array(healthEvidenceSchema).optional(),
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
  ocm: z
    .object({
      hub: z.string(),
      clusterSet: z.string().optional(),
      hubAcceptsClient: z.boolean().optional(),
      accepted: z.boolean().optional(),
      joined: z.boolean().optional(),
      available: clusterConditionSchema.optional(),
      claims: stringMap.optional(),
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

/** `GET /clusters`. @public */
export const clusterListResponseSchema = z.object({
  items: z.array(fleetClusterSchema),
  totalCount: z.number(),
});

// Lifecycle: the backend's ScaleMachineDeploymentResult, UpgradeClusterResult
// and DeleteClusterResult (checked against them in the backend's tests).

/** `POST /clusters/:name/scale`. @public */
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

/** `POST /clusters/:name/upgrade`. @public */
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

/** `DELETE /clusters/:name`. @public */
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
 *
 * @public
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
