/**
 * Shapes of the multi-cluster backend's REST API, shared by the backend,
 * the frontend and the Scaffolder module.
 */

import type { ClusterTaint } from '../scheduling/types';
import type { ClusterConnectivity, VirtualNode } from '../connectivity/types';

/**
 * Where a cluster record came from.
 *
 * @public
 */
export type ClusterSourceType =
  | 'catalog'
  | 'config'
  | 'karmada'
  | 'cluster-api'
  | 'ocm';

/** @public */
export type ClusterHealthStatus = 'healthy' | 'unhealthy' | 'unknown';

/**
 * Who observed a cluster's health: this backend's readiness probe
 * (`/readyz`) or a fleet source.
 *
 * @public
 */
export type ClusterHealthSource = 'probe' | 'karmada' | 'ocm' | 'cluster-api';

/**
 * One observation of a cluster's health, as its observer reported it.
 *
 * @public
 */
export interface ClusterHealthEvidence {
  source: ClusterHealthSource;
  /** The source that reported it, e.g. `karmada:global`; absent for the probe. */
  sourceId?: string;
  /** What this observer says; `unknown` when it cannot tell. */
  status: ClusterHealthStatus;
  /** Why, e.g. `connection refused` or `Ready=False: cluster is not reachable`. */
  reason?: string;
  /** When this backend probed the cluster or read the source. */
  checkedAt?: string;
  /** Since when the source reports this (its condition's last transition). */
  since?: string;
  /** The probe's round trip. */
  latencyMs?: number;
}

/**
 * A cluster's health: one verdict over every observer's evidence (the
 * backend plugin's README, "Cluster health", gives the order).
 *
 * @public
 */
export interface ClusterHealth {
  status: ClusterHealthStatus;
  /** Whose evidence decided the status (`readyz`: this backend's probe). */
  via: 'readyz' | 'karmada' | 'cluster-api' | 'ocm' | 'none';
  /** When this backend reached the verdict. */
  checkedAt?: string;
  /** The probe's round trip, when the cluster was probed. */
  latencyMs?: number;
  /** The decisive evidence, one `observer: reason` each, `; `-separated. */
  message?: string;
  /** Every observer's evidence: the probe first, then each source. */
  evidence?: ClusterHealthEvidence[];
}

/** @public */
export interface ClusterCapacity {
  /** Declared capacity (e.g. the `flotilla.io/capacity` annotation). */
  declared?: Record<string, string>;
  allocatable?: Record<string, string>;
  /**
   * Everything the cluster's nodes have, allocatable or not (OCM's
   * `ManagedCluster` `status.capacity`).
   */
  total?: Record<string, string>;
  allocated?: Record<string, string>;
  allocating?: Record<string, string>;
  availableReplicas?: number;
  /**
   * Virtual nodes (Liqo, Admiralty) in this cluster: capacity borrowed from a
   * peer. `allocatable` above never includes them.
   */
  virtualNodes?: VirtualNode[];
}

/** @public */
export interface ClusterCondition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
}

/** @public */
export interface MachineDeploymentSummary {
  name: string;
  namespace: string;
  phase?: string;
  version?: string;
  replicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  updatedReplicas?: number;
  conditions?: ClusterCondition[];
}

/** @public */
export interface ClusterLifecycle {
  /** Name of the Cluster API management cluster. */
  managementCluster: string;
  namespace: string;
  name: string;
  apiVersion: string;
  phase?: string;
  version?: string;
  /** True when the Cluster uses a ClusterClass topology. */
  topology?: boolean;
  conditions?: ClusterCondition[];
  controlPlane?: {
    kind: string;
    name: string;
    apiVersion?: string;
    version?: string;
    replicas?: number;
    readyReplicas?: number;
    updatedReplicas?: number;
    ready?: boolean;
  };
  machineDeployments: MachineDeploymentSummary[];
}

/**
 * A cluster as an Open Cluster Management hub registers it (its
 * `ManagedCluster`).
 *
 * @public
 */
export interface OcmClusterInfo {
  /** The hub's name (from `multiCluster.ocm[].name`). */
  hub: string;
  /** The `cluster.open-cluster-management.io/clusterset` label. */
  clusterSet?: string;
  /** `spec.hubAcceptsClient`. */
  hubAcceptsClient?: boolean;
  /** Condition `HubAcceptedManagedCluster` is True. */
  accepted?: boolean;
  /** Condition `ManagedClusterJoined` is True. */
  joined?: boolean;
  /**
   * Condition `ManagedClusterConditionAvailable`: True, False or Unknown
   * (Unknown with reason `ManagedClusterLeaseUpdateStopped` when the
   * member's agent stopped renewing its lease).
   */
  available?: ClusterCondition;
  /** `status.clusterClaims` by name (bounded in count and length). */
  claims?: Record<string, string>;
}

/** @public */
export interface PlacedWorkload {
  namespace: string;
  kind: string;
  name: string;
  replicas?: number;
  kubernetesId?: string;
  source: ClusterSourceType;
}

/** @public */
export interface ClusterConflict {
  field: string;
  values: { sourceId: string; value: string }[];
  message: string;
}

/** @public */
export interface ClusterSourceRef {
  type: ClusterSourceType;
  /** Connector id, e.g. `karmada:prod` or `catalog`. */
  id: string;
}

/**
 * A fleet cluster as returned by the API. Never contains credentials.
 *
 * @public
 */
export interface FleetCluster {
  name: string;
  title?: string;
  /** Primary source (the highest priority one that knows the cluster). */
  source: ClusterSourceType;
  sources: ClusterSourceRef[];
  apiServerUrl?: string;
  dashboardUrl?: string;
  catalogEntityRef?: string;
  /**
   * Set when the cluster is read with the signed-in user's own credentials
   * (its `authProvider` is `oidc`, `google` or `aks`): the Kubernetes
   * plugin's frontend auth provider whose token the frontend sends, as
   * `oidc.<tokenProvider>`, `google` or `aks`.
   */
  userAuthProvider?: string;
  /**
   * All labels; segmentation values also appear under their short keys
   * (`environment`, `region`, `provider`, `tenant`, `workload-class`,
   * `jurisdiction`).
   */
  labels: Record<string, string>;
  environment?: string;
  region?: string;
  provider?: string;
  tenant?: string;
  workloadClass?: string;
  jurisdiction?: string;
  zones?: string[];
  costPerCpuHour?: number;
  kubernetesVersion?: string;
  taints?: ClusterTaint[];
  capacity: ClusterCapacity;
  health: ClusterHealth;
  lifecycle?: ClusterLifecycle;
  karmada?: { controlPlane: string; syncMode?: string; ready?: boolean };
  /** What an Open Cluster Management hub says about the cluster. */
  ocm?: OcmClusterInfo;
  workloads?: PlacedWorkload[];
  /** Fabrics, cluster sets, networks and MCS exports. */
  connectivity?: ClusterConnectivity;
  conflicts?: ClusterConflict[];
  /** True when this is the last good snapshot and the latest refresh failed. */
  stale: boolean;
  lastError?: string;
  /**
   * What the cluster's sources reported that Flotilla could not use, one
   * line each naming the source and field, e.g.
   * `karmada:global: resourceSummary.allocatable: cpu 'abc' is not a quantity: ...`.
   * The rest of the record still holds (such a resource counts as
   * unavailable). At most 20 lines, control characters escaped, each cut
   * to a few hundred characters.
   */
  problems?: string[];
  /** Last successful refresh of this cluster. */
  refreshedAt: string;
}

/** @public */
export interface ClusterListFilter {
  labels?: Record<string, string>;
  region?: string[];
  provider?: string[];
  environment?: string[];
  health?: ClusterHealthStatus[];
  source?: ClusterSourceType[];
  conflicted?: boolean;
  stale?: boolean;
}

/** @public */
export interface ClusterListResult {
  items: FleetCluster[];
  totalCount: number;
}

/** @public */
export type WorkloadKind = 'Deployment' | 'StatefulSet';

/**
 * One Deployment/StatefulSet of an entity in one cluster.
 *
 * @public
 */
export interface WorkloadStatus {
  cluster: string;
  namespace: string;
  kind: WorkloadKind;
  name: string;
  replicas: number;
  readyReplicas: number;
  availableReplicas?: number;
  updatedReplicas?: number;
}

/** @public */
export interface ScaleWorkloadResult {
  cluster: string;
  namespace: string;
  kind: WorkloadKind;
  name: string;
  previousReplicas?: number;
  replicas: number;
  source: 'kubernetes';
}
