import { SERVICE_ANNOTATIONS } from '@flotilla/plugin-multi-cluster-common';
import { NotFoundError } from '@backstage/errors';
import { FleetInventoryService } from '../inventory/FleetInventory';
import {
  ClusterClientFactory,
  ClusterClientOptions,
} from '@flotilla/plugin-multi-cluster-node';
import { listServiceWorkloads, workloadStatus } from './serviceWorkloads';
import { ScaleWorkloadResult, WorkloadKind, WorkloadStatus } from './types';

/**
 * Reads and scales an entity's workloads in one cluster, through the
 * cluster's Kubernetes API (however the inventory reaches it: directly, or
 * through a Karmada cluster proxy).
 *
 * @public
 */
export interface WorkloadOperations {
  /**
   * `query.kinds`: only these kinds (default: Deployments and StatefulSets).
   * `options.userAuth`: read as the signed-in user where the cluster
   * delegates reads to the user's own credentials.
   */
  listWorkloads(
    clusterName: string,
    query: { kubernetesId: string; namespace?: string; kinds?: WorkloadKind[] },
    options?: {
      timeoutMs?: number;
      signal?: AbortSignal;
    } & ClusterClientOptions,
  ): Promise<WorkloadStatus[]>;
  /**
   * Scales a Deployment/StatefulSet in a cluster (no permission checks; the
   * caller authorizes and records history).
   */
  scaleWorkload(
    clusterName: string,
    target: {
      namespace: string;
      kind: WorkloadKind;
      name: string;
      replicas: number;
    },
  ): Promise<ScaleWorkloadResult>;
}

/** The interface declares them (its public API); the class follows it. */
type WorkloadQuery = Parameters<WorkloadOperations['listWorkloads']>[1];
type WorkloadReadOptions = Parameters<WorkloadOperations['listWorkloads']>[2];
type ScaleTarget = Parameters<WorkloadOperations['scaleWorkload']>[1];

export class WorkloadService implements WorkloadOperations {
  constructor(
    private readonly options: {
      inventory: FleetInventoryService;
      clients: ClusterClientFactory;
    },
  ) {}

  private async client(clusterName: string, options?: ClusterClientOptions) {
    const cluster = await this.options.inventory.getCluster(clusterName);
    if (!cluster) {
      throw new NotFoundError(`Cluster '${clusterName}' not found`);
    }
    const access = await this.options.inventory.getAccess(clusterName);
    const client = this.options.clients.forCluster(
      clusterName,
      access,
      options,
    );
    if (!client) {
      throw new NotFoundError(
        `Cluster '${clusterName}' has no server-side access configured`,
      );
    }
    return client;
  }

  async listWorkloads(
    clusterName: string,
    query: WorkloadQuery,
    options?: WorkloadReadOptions,
  ): Promise<WorkloadStatus[]> {
    // Writes below never take the user's credentials: they follow a
    // permission check and act as the service.
    const client = await this.client(clusterName, {
      userAuth: options?.userAuth,
    });
    const workloads = await listServiceWorkloads(
      client,
      {
        namespace: query.namespace,
        labelSelector: `${SERVICE_ANNOTATIONS.kubernetesId}=${query.kubernetesId}`,
        kinds: query.kinds,
      },
      options,
    );
    return workloads.map(({ kind, object }) =>
      workloadStatus(clusterName, kind, object),
    );
  }

  async scaleWorkload(
    clusterName: string,
    target: ScaleTarget,
  ): Promise<ScaleWorkloadResult> {
    const client = await this.client(clusterName);
    const patched = await client.scaleWorkload(target.kind, target);
    return {
      cluster: clusterName,
      namespace: target.namespace,
      kind: target.kind,
      name: target.name,
      replicas: patched?.spec?.replicas ?? target.replicas,
      source: 'kubernetes',
    };
  }
}
