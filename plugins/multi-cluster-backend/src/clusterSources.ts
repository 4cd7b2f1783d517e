import { LoggerService } from '@backstage/backend-plugin-api';
import { Config } from '@backstage/config';
import { readMultiClusterConfig } from './config';
import { ClusterApiConnector } from './inventory/connectors/ClusterApiConnector';
import { KarmadaConnector } from './inventory/connectors/KarmadaConnector';
import { mergeRecords } from './inventory/merge';
import { ClusterRecord, FleetCluster, FleetConnector } from './inventory/types';
import { ClusterClientFactory } from './kubernetes/ClusterClientFactory';

/**
 * A control plane that knows clusters: a Karmada control plane or a Cluster
 * API management cluster.
 *
 * @public
 */
export interface ClusterSource {
  /** Lists the source's clusters; its id is `karmada:<name>` or `cluster-api:<name>`. */
  connector: FleetConnector;
  /** The source's API server URL. */
  url: string;
}

/**
 * The Karmada control planes (`multiCluster.karmada`) and Cluster API
 * management clusters (`multiCluster.clusterApi`) of the configuration, read
 * with the same clients, timeouts and retries as the plugin's own inventory.
 * This is the seam the catalog module
 * `@flotilla/plugin-catalog-backend-module-multi-cluster` ingests from.
 *
 * @public
 */
export function createClusterSources(options: {
  config: Config;
  logger: LoggerService;
}): ClusterSource[] {
  const { logger } = options;
  const config = readMultiClusterConfig(options.config);
  const clients = new ClusterClientFactory(config);
  return [
    ...config.karmada.map(cp => ({
      connector: new KarmadaConnector({
        controlPlane: cp,
        client: clients.forControlPlane('karmada', cp.name)!,
        logger,
        conflictRetries: config.conflictRetries,
      }),
      url: cp.url,
    })),
    ...config.clusterApi.map(m => ({
      connector: new ClusterApiConnector({
        management: m,
        client: clients.forControlPlane('cluster-api', m.name)!,
        logger,
        conflictRetries: config.conflictRetries,
      }),
      url: m.url,
    })),
  ];
}

/**
 * Merges the records of several sources into one cluster per name, the way
 * the fleet inventory does (a cluster known to several sources becomes one).
 *
 * @public
 */
export function mergeClusterRecords(records: ClusterRecord[]): FleetCluster[] {
  return mergeRecords(records, new Date().toISOString()).map(
    merged => merged.cluster,
  );
}
