/**
 * The Cluster API v1beta2 objects the simulation reads, with the fields its
 * controllers use (cluster.x-k8s.io and controlplane.cluster.x-k8s.io CRDs in
 * packages/upstream-crds); other fields pass through.
 */
import type { Condition } from './conditions';
import type { CustomObject } from './customObject';

export interface NodeInfo {
  kubeletVersion?: string;
}

export interface MachineStatus {
  phase?: string;
  nodeRef?: { name: string };
  nodeInfo?: NodeInfo;
  addresses?: Array<{ type: string; address: string }>;
  conditions?: Condition[];
  [key: string]: unknown;
}

export interface Machine extends CustomObject {
  spec?: {
    clusterName?: string;
    version?: string;
    failureDomain?: string;
    providerID?: string;
    [key: string]: unknown;
  };
  status?: MachineStatus;
}

export interface MachineDeployment extends CustomObject {
  spec?: {
    clusterName?: string;
    replicas?: number;
    selector?: { matchLabels?: Record<string, string> };
    template?: {
      metadata?: { labels?: Record<string, string> };
      spec?: { version?: string; [key: string]: unknown };
    };
    [key: string]: unknown;
  };
  status?: { conditions?: Condition[]; [key: string]: unknown };
}

/** The fields of a control plane its rollout is decided on. */
export interface ControlPlaneVersions {
  spec?: { version?: string };
  status?: {
    version?: string;
    conditions?: Array<{
      type: string;
      status: string;
      lastTransitionTime?: string;
    }>;
  };
}

export interface KubeadmControlPlane extends CustomObject {
  spec?: { replicas?: number; version?: string; [key: string]: unknown };
  status?: {
    version?: string;
    replicas?: number;
    readyReplicas?: number;
    availableReplicas?: number;
    upToDateReplicas?: number;
    conditions?: Condition[];
    [key: string]: unknown;
  };
}

export interface CapiCluster extends CustomObject {
  spec?: {
    topology?: { version?: string; [key: string]: unknown };
    controlPlaneRef?: { name?: string; [key: string]: unknown };
    [key: string]: unknown;
  };
  status?: { conditions?: Condition[]; [key: string]: unknown };
}

/** Any object with conditions in its status. */
export interface WithConditions {
  status?: { conditions?: Condition[] };
}
