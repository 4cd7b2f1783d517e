import {
  ConfigClusterConfig,
  ClusterRecord,
  FleetConnector,
  userAuthProviderOf,
} from '@flotilla/plugin-multi-cluster-node';

/**
 * Clusters declared under `kubernetes.clusterLocatorMethods` (type `config`),
 * the same block the Kubernetes plugin reads.
 */
export class ConfigClusterConnector implements FleetConnector {
  readonly id = 'config';
  readonly type = 'config' as const;

  constructor(private readonly clusters: ConfigClusterConfig[]) {}

  async listClusters(): Promise<ClusterRecord[]> {
    return this.clusters.map(c => ({
      name: c.name,
      source: 'config',
      sourceId: this.id,
      fields: {
        title: c.title,
        apiServerUrl: c.url,
        dashboardUrl: c.dashboardUrl,
        userAuthProvider: userAuthProviderOf(c.authMetadata ?? {}),
        labels: {},
      },
      access: {
        kind: 'direct',
        url: c.url,
        caData: c.caData,
        skipTLSVerify: c.skipTLSVerify,
        credentialRef: `config:${c.name}`,
      },
    }));
  }
}
