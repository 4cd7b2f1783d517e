import { SERVICE_ANNOTATIONS } from '@flotilla/plugin-multi-cluster-common';
import { NotFoundError } from '@backstage/errors';
import { FleetInventoryService } from '../inventory/FleetInventory';
import { ClusterClientFactory } from '../kubernetes/ClusterClientFactory';
import type { Workload } from '../kubernetes/KubernetesClient';
import { ScaleWorkloadResult, WorkloadKind, WorkloadStatus } from './types';

/**
 * Reads and scales an entity's workloads in one cluster, through the
 * cluster's Kubernetes API (however the inventory reaches it: directly, or
 * through a Karmada cluster proxy).
 *
 * @public
 */
export interface WorkloadOperations {
  listWorkloads(
    clusterName: string,
    query: { kubernetesId: string; namespace?: string },
    options?: { timeoutMs?: number; signal?: AbortSignal },
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

export class WorkloadService implements WorkloadOperations {
  constructor(
    private readonly options: {
      inventory: FleetInventoryService;
      clients: ClusterClientFactory;
    },
  ) {}

  private async client(clusterName: string) {
    const cluster = await this.options.inventory.getCluster(clusterName);
    if (!cluster) {
      throw new NotFoundError(`Cluster '${clusterName}' not found`);
    }
    const access = await this.options.inventory.getAccess(clusterName);
    const client = this.options.clients.forCluster(clusterName, access);
    if (!client) {
      throw new NotFoundError(
        `Cluster '${clusterName}' has no server-side access configured`,
      );
    }
    return client;
  }

  async listWorkloads(
    clusterName: string,
    query: { kubernetesId: string; namespace?: string },
    options?: { timeoutMs?: number; signal?: AbortSignal },
  ): Promise<WorkloadStatus[]> {
    const client = await this.client(clusterName);
    const labelSelector = `${SERVICE_ANNOTATIONS.kubernetesId}=${query.kubernetesId}`;
    const [deployments, statefulSets] = await Promise.all([
      client.listWorkloads(
        'Deployment',
        { namespace: query.namespace, labelSelector },
        options,
      ),
      client.listWorkloads(
        'StatefulSet',
        { namespace: query.namespace, labelSelector },
        options,
      ),
    ]);
    const toStatus =
      (kind: WorkloadKind) =>
      (o: Workload): WorkloadStatus => ({
        cluster: clusterName,
        // Listed objects always carry both.
        namespace: o.metadata?.namespace as string,
        kind,
        name: o.metadata?.name as string,
        replicas: o.spec?.replicas ?? 0,
        readyReplicas: o.status?.readyReplicas ?? 0,
        availableReplicas: o.status?.availableReplicas,
        updatedReplicas: o.status?.updatedReplicas,
      });
    return [
      ...deployments.map(toStatus('Deployment')),
      ...statefulSets.map(toStatus('StatefulSet')),
    ];
  }

  async scaleWorkload(
    clusterName: string,
    target: {
      namespace: string;
      kind: WorkloadKind;
      name: string;
      replicas: number;
    },
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
