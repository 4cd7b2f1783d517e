import type { LabelSelector } from '@flotilla/plugin-multi-cluster-common';
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { KubernetesRequestOptions } from '../client/request';
import type { KubernetesTransport } from '../client/transport';
import {
  getClusterCustomObject,
  getCustomObject,
  listCustomObjects,
} from './customObjects';

/**
 * Open Cluster Management's cluster API group (ManagedCluster,
 * ManagedClusterSet, Placement, PlacementDecision).
 *
 * @public
 */
export const OCM_CLUSTER_GROUP = 'cluster.open-cluster-management.io';

const managedClusters = {
  group: OCM_CLUSTER_GROUP,
  version: 'v1',
  plural: 'managedclusters',
};
const managedClusterSets = {
  group: OCM_CLUSTER_GROUP,
  version: 'v1beta2',
  plural: 'managedclustersets',
};
const placements = {
  group: OCM_CLUSTER_GROUP,
  version: 'v1beta1',
  plural: 'placements',
};
const placementDecisions = {
  group: OCM_CLUSTER_GROUP,
  version: 'v1beta1',
  plural: 'placementdecisions',
};

/**
 * A condition of an OCM object.
 *
 * @public
 */
export interface OcmCondition {
  type?: string;
  status?: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
}

/**
 * The fields of an OCM `ManagedCluster` (cluster-scoped, v1) that Flotilla
 * reads.
 *
 * @public
 */
export interface ManagedCluster {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: {
    hubAcceptsClient?: boolean;
    managedClusterClientConfigs?: { url?: string; caBundle?: string }[];
    taints?: { key?: string; value?: string; effect?: string }[];
  };
  status?: {
    conditions?: OcmCondition[];
    version?: { kubernetes?: string };
    clusterClaims?: { name?: string; value?: string }[];
    allocatable?: Record<string, string>;
    capacity?: Record<string, string>;
  };
}

/**
 * The fields of an OCM `ManagedClusterSet` (cluster-scoped, v1beta2) that
 * Flotilla reads.
 *
 * @public
 */
export interface ManagedClusterSet {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: {
    clusterSelector?: {
      selectorType?: string;
      labelSelector?: LabelSelector;
    };
  };
  status?: { conditions?: OcmCondition[] };
}

/**
 * The fields of an OCM `Placement` (namespaced, v1beta1) that Flotilla reads.
 *
 * @public
 */
export interface Placement {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: {
    clusterSets?: string[];
    numberOfClusters?: number;
    /** ORed; each requires its label and claim selectors. */
    predicates?: {
      requiredClusterSelector?: {
        labelSelector?: LabelSelector;
        claimSelector?: {
          matchExpressions?: LabelSelector['matchExpressions'];
        };
      };
    }[];
  };
  status?: { numberOfSelectedClusters?: number; conditions?: OcmCondition[] };
}

/**
 * The fields of an OCM `PlacementDecision` (namespaced, v1beta1) that
 * Flotilla reads.
 *
 * @public
 */
export interface PlacementDecision {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  status?: { decisions?: { clusterName?: string; reason?: string }[] };
}

/**
 * The hub's `ManagedCluster`s.
 *
 * @public
 */
export async function listManagedClusters(
  hub: KubernetesTransport,
  opts?: KubernetesRequestOptions,
): Promise<ManagedCluster[]> {
  const res = await listCustomObjects<ManagedCluster>(
    hub,
    managedClusters,
    opts,
  );
  return res.items ?? [];
}

/**
 * One `ManagedCluster` by name.
 *
 * @public
 */
export function getManagedCluster(
  hub: KubernetesTransport,
  name: string,
  opts?: KubernetesRequestOptions,
): Promise<ManagedCluster> {
  return getClusterCustomObject<ManagedCluster>(
    hub,
    { ...managedClusters, name },
    opts,
  );
}

/**
 * The hub's `ManagedClusterSet`s.
 *
 * @public
 */
export async function listManagedClusterSets(
  hub: KubernetesTransport,
  opts?: KubernetesRequestOptions,
): Promise<ManagedClusterSet[]> {
  const res = await listCustomObjects<ManagedClusterSet>(
    hub,
    managedClusterSets,
    opts,
  );
  return res.items ?? [];
}

/**
 * One `ManagedClusterSet` by name.
 *
 * @public
 */
export function getManagedClusterSet(
  hub: KubernetesTransport,
  name: string,
  opts?: KubernetesRequestOptions,
): Promise<ManagedClusterSet> {
  return getClusterCustomObject<ManagedClusterSet>(
    hub,
    { ...managedClusterSets, name },
    opts,
  );
}

/**
 * The `Placement`s of a namespace (of all namespaces without one); with
 * `labelSelector`, only those it selects.
 *
 * @public
 */
export async function listPlacements(
  hub: KubernetesTransport,
  namespace?: string,
  opts?: KubernetesRequestOptions,
  labelSelector?: string,
): Promise<Placement[]> {
  const res = await listCustomObjects<Placement>(
    hub,
    { ...placements, namespace, labelSelector },
    opts,
  );
  return res.items ?? [];
}

/**
 * One `Placement` by namespace and name.
 *
 * @public
 */
export function getPlacement(
  hub: KubernetesTransport,
  ref: { namespace: string; name: string },
  opts?: KubernetesRequestOptions,
): Promise<Placement> {
  return getCustomObject<Placement>(hub, { ...placements, ...ref }, opts);
}

/**
 * The `PlacementDecision`s of a namespace; with `placement`, only that
 * Placement's (by the `cluster.open-cluster-management.io/placement` label
 * OCM sets on them).
 *
 * @public
 */
export async function listPlacementDecisions(
  hub: KubernetesTransport,
  req: { namespace?: string; placement?: string } = {},
  opts?: KubernetesRequestOptions,
): Promise<PlacementDecision[]> {
  const res = await listCustomObjects<PlacementDecision>(
    hub,
    {
      ...placementDecisions,
      namespace: req.namespace,
      labelSelector: req.placement
        ? `${OCM_CLUSTER_GROUP}/placement=${req.placement}`
        : undefined,
    },
    opts,
  );
  return res.items ?? [];
}

/**
 * One `PlacementDecision` by namespace and name.
 *
 * @public
 */
export function getPlacementDecision(
  hub: KubernetesTransport,
  ref: { namespace: string; name: string },
  opts?: KubernetesRequestOptions,
): Promise<PlacementDecision> {
  return getCustomObject<PlacementDecision>(
    hub,
    { ...placementDecisions, ...ref },
    opts,
  );
}
