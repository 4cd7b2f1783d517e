import {
  ConfigClusterConfig,
  ClusterRecord,
  FleetConnector,
  segmentationFromMetadata,
  userAuthProviderOf,
} from '@flotilla/plugin-multi-cluster-node';

/** The declared labels with the short keys segmentation adds (`region`, ...). */
function withDeclaredLabels(
  declared: Record<string, string> | undefined,
): Record<string, string> {
  return { ...declared, ...segmentationFromMetadata(declared).labels };
}

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
        // Segmented like a catalog cluster's labels; the nodes' topology
        // fills what is not declared (ConfigClusterTopology).
        ...segmentationFromMetadata(c.segmentation),
        title: c.title,
        apiServerUrl: c.url,
        dashboardUrl: c.dashboardUrl,
        userAuthProvider: userAuthProviderOf(c.authMetadata ?? {}),
        labels: withDeclaredLabels(c.segmentation),
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
