import { LoggerService } from '@backstage/backend-plugin-api';
import { Config } from '@backstage/config';
import { MultiClusterConfig, readMultiClusterConfig } from './config';
import { ClusterApiConnector } from './inventory/connectors/ClusterApiConnector';
import { KarmadaConnector } from './inventory/connectors/KarmadaConnector';
import { OcmHubConnector } from './inventory/connectors/OcmHubConnector';
import { mergeRecords } from './inventory/merge';
import { ClusterRecord, FleetCluster, FleetConnector } from './inventory/types';
import { ClusterCredentials } from './credentials/ClusterCredentials';
import { ClusterClientFactory } from './kubernetes/ClusterClientFactory';

/**
 * A control plane that knows clusters: a Karmada control plane, a Cluster
 * API management cluster or an Open Cluster Management hub.
 *
 * @public
 */
export interface ClusterSource {
  /** Lists the source's clusters; its id is `karmada:<name>`, `cluster-api:<name>` or `ocm:<name>`. */
  connector: FleetConnector;
  /** The source's API server URL. */
  url: string;
}

/**
 * The Karmada control planes (`multiCluster.karmada`), Cluster API
 * management clusters (`multiCluster.clusterApi`) and Open Cluster
 * Management hubs (`multiCluster.ocm`) of the configuration, read
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
  const config = readMultiClusterConfig(options.config);
  const { karmada, clusterApi, ocm } = createControlPlaneConnectors({
    config,
    clients: new ClusterClientFactory(config, {
      credentials: ClusterCredentials.create(options),
    }),
    logger: options.logger,
  });
  return [
    ...withUrls(karmada, config.karmada),
    ...withUrls(clusterApi, config.clusterApi),
    ...withUrls(ocm, config.ocm),
  ];
}

/** Connectors built in configuration order, each with its entry's URL. */
function withUrls(
  connectors: FleetConnector[],
  entries: { url: string }[],
): ClusterSource[] {
  return connectors.map((connector, i) => ({ connector, url: entries[i].url }));
}

/**
 * The connectors of the configured Karmada control planes, Cluster API
 * management clusters and OCM hubs, in configuration order. The plugin's services and
 * {@link createClusterSources} both build them here, so they read with the
 * same clients, timeouts and retries.
 *
 * @public
 */
export function createControlPlaneConnectors(options: {
  config: MultiClusterConfig;
  clients: ClusterClientFactory;
  logger: LoggerService;
}): {
  karmada: KarmadaConnector[];
  clusterApi: ClusterApiConnector[];
  ocm: OcmHubConnector[];
} {
  const { config, clients, logger } = options;
  return {
    karmada: config.karmada.map(
      controlPlane =>
        new KarmadaConnector({
          controlPlane,
          client: clients.forControlPlane('karmada', controlPlane.name)!,
          logger,
          conflictRetries: config.conflictRetries,
        }),
    ),
    clusterApi: config.clusterApi.map(
      management =>
        new ClusterApiConnector({
          management,
          client: clients.forControlPlane('cluster-api', management.name)!,
          logger,
        }),
    ),
    ocm: (config.ocm ?? []).map(
      hub =>
        new OcmHubConnector({
          hub,
          client: clients.forControlPlane('ocm', hub.name)!,
          logger,
        }),
    ),
  };
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
