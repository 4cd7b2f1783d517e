import type { ClusterUpgrade } from '@flotilla/plugin-multi-cluster-common';
import { ClusterLifecycle } from '@flotilla/plugin-multi-cluster-node';
import type { UpgradeOperations } from './upgrade/ClusterUpgradeWorker';

/** @public */
export interface ScaleMachineDeploymentResult {
  cluster: string;
  machineDeployment: string;
  namespace: string;
  previousReplicas?: number;
  replicas: number;
  resourceVersion?: string;
  /** Number of patch attempts (more than 1 after resourceVersion conflicts). */
  attempts: number;
  source: 'cluster-api';
}

/** @public */
export interface UpgradeClusterResult {
  cluster: string;
  /** Object that was patched: the Cluster topology or the control plane. */
  target: 'topology' | 'control-plane';
  objectName: string;
  previousVersion?: string;
  version: string;
  resourceVersion?: string;
  attempts: number;
  source: 'cluster-api';
}

/**
 * The answer to an upgrade request: its first write and the upgrade it
 * started, whose later steps run in the background.
 *
 * @public
 */
export interface UpgradeClusterAnswer extends UpgradeClusterResult {
  upgrade: ClusterUpgrade;
}

/** @public */
export interface DeleteClusterResult {
  cluster: string;
  namespace: string;
  name: string;
  deletionRequested: true;
  source: 'cluster-api';
}

/**
 * Applies lifecycle changes to a cluster's Cluster API objects, and reads
 * and moves an upgrade after its first write (`UpgradeOperations`).
 *
 * @public
 */
export interface ClusterLifecycleProvider extends UpgradeOperations {
  scaleMachineDeployment(
    clusterName: string,
    lifecycle: ClusterLifecycle,
    machineDeployment: string,
    replicas: number,
  ): Promise<ScaleMachineDeploymentResult>;
  upgrade(
    clusterName: string,
    lifecycle: ClusterLifecycle,
    version: string,
  ): Promise<UpgradeClusterResult>;
  deleteCluster(
    clusterName: string,
    lifecycle: ClusterLifecycle,
  ): Promise<DeleteClusterResult>;
}
