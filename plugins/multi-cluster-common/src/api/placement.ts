/**
 * What GET /entities/:kind/:namespace/:name/placement returns: where a
 * service should run (Karmada, Open Cluster Management or its annotation)
 * and where it does run.
 */
import type { ClusterSourceType, WorkloadStatus } from './fleet';

/** @public */
export interface KarmadaPolicyMatch {
  kind: 'PropagationPolicy' | 'ClusterPropagationPolicy';
  name: string;
  namespace?: string;
  /**
   * True for the policy that propagates the resource: the one its claim
   * labels name, else the one Karmada's detector would claim it for (a
   * PropagationPolicy before any ClusterPropagationPolicy; then explicit
   * priority, selector specificity and name).
   */
  effective: boolean;
  /** The policy's explicit `spec.priority` (0 when unset). */
  priority: number;
  placement: unknown;
  /**
   * True when the policy declares `spec.failover`: Karmada's own
   * application failover moves the resource off a failing cluster.
   */
  failover?: boolean;
}

/** @public */
export interface KarmadaDesiredPlacement {
  controlPlane: string;
  resource: {
    apiVersion: string;
    kind: string;
    namespace: string;
    name: string;
  };
  policies: KarmadaPolicyMatch[];
  resourceBinding?: {
    name: string;
    namespace: string;
    clusters: { name: string; replicas?: number }[];
    scheduled?: { status: string; reason?: string; message?: string };
  };
}

/**
 * An Open Cluster Management `Placement` of the entity (labelled
 * `backstage.io/kubernetes-id: <the entity's id>` on its hub) and what the
 * hub decided for it.
 *
 * @public
 */
export interface OcmDesiredPlacement {
  /** The hub's name (from `multiCluster.ocm[].name`). */
  hub: string;
  namespace: string;
  name: string;
  /** `spec.clusterSets` (every set bound in the namespace when empty). */
  clusterSets: string[];
  /** `spec.numberOfClusters` (every feasible cluster when absent). */
  numberOfClusters?: number;
  /**
   * One line per predicate of `spec.predicates` (ORed), e.g.
   * `labels: region In (eu-west,us-east); claims: platform.open-cluster-management.io In (AWS)`.
   */
  predicates: string[];
  /** `status.numberOfSelectedClusters`. */
  numberOfSelectedClusters?: number;
  /** The clusters of its PlacementDecisions, in decision order. */
  decisions: { cluster: string; reason?: string }[];
  /** The `PlacementSatisfied` condition. */
  satisfied?: { status: string; reason?: string; message?: string };
}

/** @public */
export interface ClusterWorkloads {
  cluster: string;
  source: ClusterSourceType;
  workloads: WorkloadStatus[];
  replicas: number;
  readyReplicas: number;
  latencyMs: number;
}

/** @public */
export interface EntityPlacement {
  entityRef: string;
  kubernetesId: string;
  namespace?: string;
  desired: {
    karmada: KarmadaDesiredPlacement[];
    /** The entity's OCM Placements, on every configured hub. */
    ocm?: OcmDesiredPlacement[];
    /** Parsed `flotilla.io/placement` annotation (Karmada placement). */
    annotation?: unknown;
  };
  actual: {
    clusters: ClusterWorkloads[];
    totalReplicas: number;
    readyReplicas: number;
  };
  /** Per-cluster (or per-control-plane) errors next to partial results. */
  errors: { cluster: string; message: string; timeout: boolean }[];
  /**
   * Clusters not read live: in a fleet larger than the live-read limit,
   * those whose recent workload census shows none of the entity's workloads.
   */
  notRead?: { clusters: number; reason: string };
  durationMs: number;
}
