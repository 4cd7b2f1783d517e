import {
  ConfigClusterConfig,
  ClusterRecord,
  FleetConnector,
  segmentationFromMetadata,
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
    return this.clusters.map(c => {
      // Segmented like a catalog cluster's labels; the nodes' topology
      // fills what is not declared (ConfigClusterTopology).
      const segmentation = segmentationFromMetadata(c.segmentation);
      return {
        name: c.name,
        source: 'config',
        sourceId: this.id,
        fields: {
          ...segmentation,
          title: c.title,
          apiServerUrl: c.url,
          dashboardUrl: c.dashboardUrl,
          userAuthProvider: userAuthProviderOf(c.authMetadata ?? {}),
          labels: { ...c.segmentation, ...segmentation.labels },
        },
        access: {
          kind: 'direct',
          url: c.url,
          caData: c.caData,
          skipTLSVerify: c.skipTLSVerify,
          credentialRef: `config:${c.name}`,
        },
      };
    });
  }
}
