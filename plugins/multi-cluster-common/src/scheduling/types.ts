/**
 * Public request/response shapes of the placement engine.
 */
import type { ResourceList } from '../quantity/resourceList';
import type { KarmadaPlacement, TaintEffect } from './placement';
import type { KarmadaVersion } from './versionRules';

/** @public */
export interface ClusterTaint {
  key: string;
  value?: string;
  effect: TaintEffect;
  timeAdded?: string;
}

/** Quantities keyed by resource name; see `../quantity/resourceList`. */
export type { ResourceList };

/** @public */
export interface ResourceSummary {
  allocatable?: ResourceList;
  allocated?: ResourceList;
  allocating?: ResourceList;
}

/**
 * One entry of Karmada's `Cluster.status.apiEnablements`: the resources a
 * member cluster serves for one group/version.
 *
 * @public
 */
export interface ApiEnablement {
  /** e.g. `apps/v1`, or `v1` for the core group. */
  groupVersion: string;
  /** The resources served under it, e.g. `{ name: 'deployments', kind: 'Deployment' }`. */
  resources: { name: string; kind: string }[];
}

/**
 * The resource a binding propagates (`spec.resource` of a ResourceBinding).
 *
 * @public
 */
export interface WorkloadResource {
  /** e.g. `apps/v1`. */
  apiVersion: string;
  /** e.g. `Deployment`. */
  kind: string;
}

/** @public */
export interface ClusterSnapshot {
  name: string;
  labels?: Record<string, string>;
  provider?: string;
  region?: string;
  zones?: string[];
  taints?: ClusterTaint[];
  /** estimator result for this workload: how many MORE replicas fit, not counting its own */
  availableReplicas?: number;
  /** Karmada Cluster.status.resourceSummary; used when availableReplicas is absent */
  resourceSummary?: ResourceSummary;
  /** Cluster sets the cluster belongs to (Flotilla's reachability filter). */
  clusterSets?: string[];
  /**
   * Karmada `Cluster.status.apiEnablements`. Undefined: not known here, the
   * APIEnablement filter passes the cluster; a list (even an empty one) is
   * checked as Karmada checks it.
   */
  apiEnablements?: ApiEnablement[];
}

/**
 * A Flotilla extension to Karmada's filters: every chosen cluster must share
 * a cluster set with at least one cluster of each dependency.
 *
 * @public
 */
export interface ReachabilityRequirement {
  dependencies: {
    /** e.g. `component:default/payments-db`. */
    ref: string;
    /** Clusters the dependency runs on, with their cluster sets. */
    clusters: { name: string; clusterSets?: string[] }[];
  }[];
}

/** @public */
export interface TargetCluster {
  name: string;
  replicas?: number;
}

/** @public */
export interface ReplicaRequirements {
  resourceRequest?: ResourceList;
}

/** @public */
export interface ScheduleRequest {
  /**
   * The Karmada release whose scheduler to reproduce (one of
   * `SUPPORTED_KARMADA_VERSIONS`, e.g. `v1.16.8`); default the newest.
   */
  karmadaVersion?: KarmadaVersion;
  /**
   * The propagated resource, checked against each cluster's
   * `apiEnablements`; default `apps/v1` `Deployment`.
   */
  resource?: WorkloadResource;
  replicas: number;
  /** PropagationPolicy spec.placement, verbatim (webhook/CRD defaults are applied here). */
  placement: KarmadaPlacement;
  clusters: ClusterSnapshot[];
  /** ResourceBinding spec.clusters (may name clusters that are no longer candidates) */
  previous?: { name: string; replicas: number }[];
  replicaRequirements?: ReplicaRequirements;
  /** spec.resource.uid: drives the Webster tie-break */
  uid?: string;
  /** rescheduleTriggeredAt later than lastScheduledTime */
  fresh?: boolean;
  /** ResourceBinding status.schedulerObservedAffinityName (clusterAffinities only). */
  observedAffinityName?: string;
  /** Clusters named by spec.gracefulEvictionTasks[].fromCluster. */
  evictingClusters?: string[];
  /** Only clusters that can reach these dependencies are feasible (not a Karmada feature). */
  reachability?: ReachabilityRequirement;
}

/** @public */
export type Verdict = 'selected' | 'filtered' | 'not-selected';

/** @public */
export interface ClusterExplanation {
  cluster: string;
  verdict: Verdict;
  reasons: string[];
}

/** @public */
export interface ScheduleResult {
  /** sorted by name, 0-replica entries dropped */
  targets: TargetCluster[];
  /** One entry per input cluster, in input order (computed on first access). */
  explanation: ClusterExplanation[];
  /** The clusterAffinities term that produced the result, when that list is used. */
  affinityName?: string;
}
