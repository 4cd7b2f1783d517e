/**
 * The fields of Karmada's objects that Flotilla reads, as the API server
 * serves them (JSON; every field optional unless the server always sets it).
 */
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { LabelSelector } from '@flotilla/plugin-multi-cluster-common';

/**
 * Metadata of a stored object: the API server always gives it a name.
 *
 * @public
 */
export interface ServedObjectMeta extends V1ObjectMeta {
  name: string;
}

/**
 * A `metav1.Condition`.
 *
 * @public
 */
export interface KarmadaCondition {
  type?: string;
  status?: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
}

/**
 * A `cluster.karmada.io/v1alpha1` Cluster.
 *
 * @public
 */
export interface KarmadaCluster {
  metadata?: V1ObjectMeta;
  spec?: {
    provider?: string;
    region?: string;
    zone?: string;
    zones?: string[];
    apiEndpoint?: string;
    syncMode?: string;
    taints?: unknown;
  };
  status?: {
    kubernetesVersion?: string;
    resourceSummary?: unknown;
    conditions?: unknown;
  };
}

/**
 * One entry of a policy's `spec.resourceSelectors`.
 *
 * @public
 */
export interface ResourceSelector {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  name?: string;
  labelSelector?: LabelSelector;
}

/**
 * A PropagationPolicy or ClusterPropagationPolicy.
 *
 * @public
 */
export interface PropagationPolicy {
  metadata: ServedObjectMeta;
  spec?: {
    resourceSelectors?: ResourceSelector[];
    priority?: number;
    placement?: unknown;
    /** Karmada's application failover (`decisionConditions`, `purgeMode`). */
    failover?: unknown;
  };
}

/**
 * An OverridePolicy (its rules are the failover steps' to read).
 *
 * @public
 */
export interface OverridePolicy {
  metadata?: V1ObjectMeta;
  spec?: {
    resourceSelectors?: ResourceSelector[];
    overrideRules?: unknown[];
    [field: string]: unknown;
  };
}

/**
 * A cluster a binding schedules its resource to.
 *
 * @public
 */
export interface TargetCluster {
  name: string;
  replicas?: number;
}

/**
 * A `work.karmada.io` (Cluster)ResourceBinding.
 *
 * @public
 */
export interface ResourceBinding {
  kind?: string;
  metadata: ServedObjectMeta;
  spec?: {
    resource?: {
      apiVersion?: string;
      kind?: string;
      namespace?: string;
      name?: string;
    };
    clusters?: TargetCluster[];
  };
  status?: {
    conditions?: KarmadaCondition[];
    aggregatedStatus?: {
      clusterName?: string;
      applied?: boolean;
      appliedMessage?: string;
      health?: string;
    }[];
  };
}
