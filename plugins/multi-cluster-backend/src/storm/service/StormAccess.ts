import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { InputError, NotAllowedError } from '@backstage/errors';
import { JsonObject } from '@backstage/types';
import {
  multiClusterClusterReadPermission,
  multiClusterFailoverRegionPermission,
} from '@flotilla/plugin-multi-cluster-common';
import { FleetCluster } from '@flotilla/plugin-multi-cluster-node';
import { actorOf } from '../../history/MutationRecorder';
import { FleetInventoryService } from '../../inventory/FleetInventory';
import { ClusterPermissions } from '../../permissions/ClusterPermissions';
import { StormEvents } from '../StormEvents';
import { Storm } from '../types';

/**
 * Who may do what with storms: every change needs the basic permission
 * `multi-cluster.failover.region`; reading a storm needs
 * `multi-cluster.cluster.read` on each of its lost clusters (so a policy
 * that lets a team read only its region's clusters shows it only those
 * storms). A refusal leaves an audit event and nothing else.
 */
export class StormAccess {
  constructor(
    private readonly options: {
      permissions: Pick<ClusterPermissions, 'authorizeBasic' | 'clusterFilter'>;
      inventory: Pick<FleetInventoryService, 'getClusters'>;
      events: StormEvents;
    },
  ) {}

  /** 403 unless the caller may run region failovers. */
  authorizeChange(credentials: BackstageCredentials): Promise<void> {
    return this.options.permissions.authorizeBasic(
      multiClusterFailoverRegionPermission,
      credentials,
    );
  }

  /** Whether the caller may read a storm: its lost clusters, each. */
  async readFilter(
    credentials: BackstageCredentials,
  ): Promise<(storm: Storm) => boolean> {
    const [allowed, clusters] = await Promise.all([
      this.options.permissions.clusterFilter(
        multiClusterClusterReadPermission,
        credentials,
      ),
      this.options.inventory.getClusters(),
    ]);
    const byName = new Map(clusters.map(c => [c.name, c]));
    // A lost cluster the inventory no longer lists is judged by its name.
    const clusterOf = (name: string) =>
      byName.get(name) ?? ({ name } as FleetCluster);
    return storm => storm.lostClusters.every(n => allowed(clusterOf(n)));
  }

  /** 403 unless the caller may read the storm. */
  async authorizeRead(storm: Storm, credentials: BackstageCredentials) {
    const readable = await this.readFilter(credentials);
    if (!readable(storm)) {
      throw new NotAllowedError(
        `Permission '${multiClusterClusterReadPermission.name}' denied for region failover ${storm.id}`,
      );
    }
  }

  /**
   * Runs `handle`; a refusal (400, 403) is audited with the request's
   * bounded fields, and nothing else is recorded.
   */
  async auditRefusal<T>(
    eventId: string,
    credentials: BackstageCredentials,
    request: JsonObject,
    handle: () => Promise<T>,
  ): Promise<T> {
    try {
      return await handle();
    } catch (error) {
      if (error instanceof NotAllowedError || error instanceof InputError) {
        await this.options.events.refused({
          eventId,
          actor: actorOf(credentials),
          request,
          error,
        });
      }
      throw error;
    }
  }
}
