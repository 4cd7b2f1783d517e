import { ClusterLifecycle } from '@flotilla/plugin-multi-cluster-node';

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

/** @public */
export interface DeleteClusterResult {
  cluster: string;
  namespace: string;
  name: string;
  deletionRequested: true;
  source: 'cluster-api';
}

/**
 * Applies lifecycle changes to a cluster's Cluster API objects.
 *
 * @public
 */
export interface ClusterLifecycleProvider {
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
