/**
 * The Rancher Fleet objects the simulation reads and writes
 * (fleet.cattle.io/v1alpha1), with the fields its controllers use; other
 * fields pass through.
 */
import type { LabelSelectorLike } from '@flotilla/plugin-multi-cluster-common';
import type { CustomObject } from '../capi/customObject';

/** The name and labels targets are matched on. */
export interface Targetable {
  metadata: { name: string; labels?: Record<string, string> };
}

export interface GitRepoTarget {
  name?: string;
  clusterName?: string;
  clusterSelector?: LabelSelectorLike;
  clusterGroup?: string;
}

export interface GitRepo extends CustomObject {
  spec?: {
    revision?: string;
    paths?: string[];
    targets?: GitRepoTarget[];
    [key: string]: unknown;
  };
  status?: {
    commit?: string;
    display?: Record<string, unknown>;
    [key: string]: unknown;
  };
}

export interface Bundle extends CustomObject {
  spec?: { targets?: GitRepoTarget[]; [key: string]: unknown };
}

export interface ClusterGroup extends CustomObject {
  spec?: { selector?: LabelSelectorLike; [key: string]: unknown };
}

export interface FleetCluster extends CustomObject {
  status?: { namespace?: string; [key: string]: unknown };
}

export interface AgentCondition {
  type: string;
  status: string;
  lastUpdateTime?: string;
  message?: string;
}

export interface BundleDeploymentStatus {
  appliedDeploymentID?: string;
  ready?: boolean;
  nonModified?: boolean;
  conditions?: AgentCondition[];
  [key: string]: unknown;
}

export interface BundleDeployment extends CustomObject {
  spec?: { deploymentID?: string; [key: string]: unknown };
  status?: BundleDeploymentStatus;
}
