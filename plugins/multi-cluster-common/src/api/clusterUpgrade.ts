/**
 * A Kubernetes version upgrade of a Cluster API cluster, followed step by
 * step: the control plane first, then each MachineDeployment (classic
 * clusters, where Flotilla sets each version), or the topology's progress
 * (ClusterClass clusters, where Cluster API's topology controller does).
 */

/** @public */
export type ClusterUpgradeStepKind =
  | 'topology'
  | 'control-plane'
  | 'machine-deployment';

/** @public */
export type ClusterUpgradeStepStatus =
  | 'pending'
  | 'in-progress'
  | 'done'
  | 'failed';

/** @public */
export interface ClusterUpgradeStep {
  kind: ClusterUpgradeStepKind;
  /** The object: the Cluster, the control plane or the MachineDeployment. */
  name: string;
  status: ClusterUpgradeStepStatus;
  /** What the objects report now (versions, replicas, conditions). */
  detail?: string;
  /** When the step reached its status. */
  since?: string;
}

/** @public */
export type ClusterUpgradeStatus = 'in-progress' | 'succeeded' | 'failed';

/** @public */
export interface ClusterUpgrade {
  id: string;
  cluster: string;
  version: string;
  previousVersion?: string;
  /** `topology`: a ClusterClass-managed Cluster; `classic` otherwise. */
  management: 'classic' | 'topology';
  status: ClusterUpgradeStatus;
  steps: ClusterUpgradeStep[];
  /**
   * Machine images stay the user's: Flotilla changes versions only (see
   * Cluster API's "Upgrading workload clusters", Images).
   */
  imageNote: string;
  error?: string;
  startedAt: string;
  updatedAt: string;
  finishedAt?: string;
}
