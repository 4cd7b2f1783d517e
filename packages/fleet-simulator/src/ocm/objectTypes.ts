/**
 * The spec and status fields of the OCM hub objects the controllers read:
 * ManagedCluster, ManagedClusterSet(Binding), Placement and
 * PlacementDecision (cluster.open-cluster-management.io). One open shape per
 * field set: a list of one type returns one kind, the others' fields absent.
 */
import type { LabelSelectorLike } from '@flotilla/plugin-multi-cluster-common';
import type { KubeObject } from './kube';
import type { ManagedClusterStatus } from './model';
import type { Decision } from './placement';

/** One Placement predicate: a label and a claim selector. */
export interface PlacementPredicate {
  requiredClusterSelector?: {
    labelSelector?: LabelSelectorLike;
    claimSelector?: LabelSelectorLike;
  };
}

export interface OcmSpec {
  /** ManagedCluster */
  hubAcceptsClient?: boolean;
  /** ManagedClusterSet */
  clusterSelector?: {
    selectorType?: string;
    labelSelector?: LabelSelectorLike;
  };
  /** ManagedClusterSetBinding */
  clusterSet?: string;
  /** Placement */
  clusterSets?: string[];
  predicates?: PlacementPredicate[];
  numberOfClusters?: number;
  [key: string]: unknown;
}

export interface OcmStatus extends ManagedClusterStatus {
  /** PlacementDecision */
  decisions?: Decision[];
  [key: string]: unknown;
}

export interface OcmObject extends KubeObject {
  spec?: OcmSpec;
  status?: OcmStatus;
}

/** The object with the fields the controllers read typed (the hub validated it against its CRD). */
export function ocmFields(object: KubeObject): OcmObject;
export function ocmFields(
  object: KubeObject | undefined,
): OcmObject | undefined;
export function ocmFields(
  object: KubeObject | undefined,
): OcmObject | undefined {
  return object as OcmObject | undefined;
}
