import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { NotFoundError } from '@backstage/errors';
import { multiClusterClusterReadPermission } from '@flotilla/plugin-multi-cluster-common';
import { HistoryEntry, HistoryRecorder } from '../database/MultiClusterStore';
import { FleetInventoryService } from '../inventory/FleetInventory';
import {
  ClusterListFilter,
  ClusterListResult,
  FleetCluster,
} from '@flotilla/plugin-multi-cluster-node';
import { ClusterPermissions } from '../permissions/ClusterPermissions';

/**
 * Reads of the fleet's clusters and their history, each on the clusters the
 * caller holds `multi-cluster.cluster.read` on (conditional decisions
 * included).
 */
export class ClusterReadService {
  constructor(
    private readonly options: {
      inventory: FleetInventoryService;
      permissions: ClusterPermissions;
      history: Pick<HistoryRecorder, 'list'>;
    },
  ) {}

  /** A page of the clusters the caller may read that match `filter`. */
  async listClusters(
    filter: ClusterListFilter,
    page: { limit?: number; offset?: number },
    credentials: BackstageCredentials,
  ): Promise<ClusterListResult> {
    const canRead = await this.options.permissions.clusterFilter(
      multiClusterClusterReadPermission,
      credentials,
    );
    return this.options.inventory.listClusters(filter, page, canRead);
  }

  /** Every cluster the caller may read. */
  async readableClusters(
    credentials: BackstageCredentials,
  ): Promise<FleetCluster[]> {
    const canRead = await this.options.permissions.clusterFilter(
      multiClusterClusterReadPermission,
      credentials,
    );
    return (await this.options.inventory.getClusters()).filter(canRead);
  }

  /** One cluster: 404 if unknown, 403 if the caller may not read it. */
  async getCluster(
    name: string,
    credentials: BackstageCredentials,
  ): Promise<FleetCluster> {
    const cluster = await this.options.inventory.getCluster(name);
    if (!cluster) {
      throw new NotFoundError(`Cluster '${name}' not found`);
    }
    await this.options.permissions.authorizeCluster(
      multiClusterClusterReadPermission,
      cluster,
      credentials,
    );
    return cluster;
  }

  /** Recorded mutating calls on a cluster the caller may read. */
  async getHistory(
    name: string,
    options: { limit?: number },
    credentials: BackstageCredentials,
  ): Promise<HistoryEntry[]> {
    await this.getCluster(name, credentials);
    return this.options.history.list({ cluster: name, limit: options.limit });
  }
}
