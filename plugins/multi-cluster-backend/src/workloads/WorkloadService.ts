import { NotFoundError } from '@backstage/errors';
import { DemoFleetConnector } from '../inventory/connectors/DemoFleetConnector';
import { FleetInventoryService } from '../inventory/FleetInventory';
import { ClusterClientFactory } from '../kubernetes/ClusterClientFactory';
import { ScaleWorkloadResult, WorkloadKind, WorkloadStatus } from './types';

/**
 * Reads and scales an entity's workloads in one cluster, through the
 * cluster's KubeConfig (direct or Karmada proxy) or the demo simulator.
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
      demo?: DemoFleetConnector;
    },
  ) {}

  private async target(clusterName: string) {
    const cluster = await this.options.inventory.getCluster(clusterName);
    if (!cluster) {
      throw new NotFoundError(`Cluster '${clusterName}' not found`);
    }
    const access = await this.options.inventory.getAccess(clusterName);
    if (access?.kind === 'demo' && this.options.demo) {
      return { demo: this.options.demo };
    }
    const client = this.options.clients.forCluster(clusterName, access);
    if (!client) {
      throw new NotFoundError(
        `Cluster '${clusterName}' has no server-side access configured`,
      );
    }
    return { client };
  }

  async listWorkloads(
    clusterName: string,
    query: { kubernetesId: string; namespace?: string },
    options?: { timeoutMs?: number; signal?: AbortSignal },
  ): Promise<WorkloadStatus[]> {
    const t = await this.target(clusterName);
    if (t.demo) {
      return t.demo.listWorkloads(clusterName, query);
    }
    const labelSelector = `backstage.io/kubernetes-id=${query.kubernetesId}`;
    const [deployments, statefulSets] = await Promise.all([
      t.client!.listWorkloads(
        'Deployment',
        { namespace: query.namespace, labelSelector },
        options,
      ),
      t.client!.listWorkloads(
        'StatefulSet',
        { namespace: query.namespace, labelSelector },
        options,
      ),
    ]);
    const toStatus =
      (kind: WorkloadKind) =>
      (o: any): WorkloadStatus => ({
        cluster: clusterName,
        namespace: o.metadata?.namespace,
        kind,
        name: o.metadata?.name,
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
    const t = await this.target(clusterName);
    if (t.demo) {
      return t.demo.scaleWorkload(clusterName, target);
    }
    const patched = await t.client!.scaleWorkload(target.kind, target);
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
