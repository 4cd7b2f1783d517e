import path from 'node:path';
import { ConfigReader } from '@backstage/config';
import { ConfigSources } from '@backstage/config-loader';
import { mockServices } from '@backstage/backend-test-utils';
import {
  ClusterClientFactory,
  ClusterCredentials,
  readMultiClusterConfig,
  userAuthProviderOf,
} from '@flotilla/plugin-multi-cluster-node';

// The documented real fleet, on top of the production configuration, as a
// platform team starts it (secrets from the environment).
const repoRoot = path.resolve(__dirname, '../../..');

async function loadRealFleetConfig() {
  const config = await ConfigSources.toConfig(
    ConfigSources.defaultForTargets({
      rootDir: repoRoot,
      targets: [
        'app-config.yaml',
        'app-config.production.yaml',
        'examples/fleet/app-config.real-fleet.yaml',
      ].map(file => ({
        type: 'path' as const,
        target: path.join(repoRoot, file),
      })),
      substitutionFunc: async name =>
        name.endsWith('_URL')
          ? `https://${name.toLowerCase().replace(/_/g, '-')}.example.com`
          : `${name}-value`,
    }),
  );
  try {
    return new ConfigReader(config.get());
  } finally {
    config.close();
  }
}

describe('examples/fleet/app-config.real-fleet.yaml', () => {
  it('connects Karmada, Cluster API, OCM and plain EKS, GKE, AKS, OIDC and client-certificate clusters', async () => {
    const config = await loadRealFleetConfig();
    const fleet = readMultiClusterConfig(config);
    expect(fleet.karmada.map(k => k.name)).toEqual(['global']);
    expect(fleet.clusterApi.map(m => m.name)).toEqual(['mgmt']);
    expect(fleet.ocm.map(h => h.name)).toEqual(['hub']);
    expect(
      fleet.configClusters.map(c => [
        c.name,
        c.authMetadata?.['kubernetes.io/auth-provider'],
      ]),
    ).toEqual([
      ['prod-us-east-eks-1', 'aws'],
      ['prod-eu-west-gke-1', 'googleServiceAccount'],
      ['prod-us-east-aks-1', 'azure'],
      ['onprem-dc1', 'oidc'],
      ['edge-store-042', 'clientCertificate'],
    ]);
    // Control planes without authProvider take their certificate or token.
    expect(fleet.karmada[0].authMetadata?.['kubernetes.io/auth-provider']).toBe(
      'clientCertificate',
    );
    expect(fleet.ocm[0].authMetadata).toMatchObject({
      'kubernetes.io/auth-provider': 'serviceAccount',
      serviceAccountToken: 'OCM_HUB_TOKEN-value',
    });
    // Users read the on-premises cluster with their Keycloak token.
    expect(
      fleet.configClusters.map(c => userAuthProviderOf(c.authMetadata ?? {})),
    ).toEqual([undefined, undefined, undefined, 'oidc.keycloak', undefined]);

    // Every entry passes its auth strategy's checks: the backend starts.
    const credentials = ClusterCredentials.create({
      config,
      logger: mockServices.logger.mock(),
    });
    const clients = new ClusterClientFactory(fleet, { credentials });
    expect(clients.canAuthenticate('config:onprem-dc1')).toBe(true);
    for (const [type, name] of [
      ['karmada', 'global'],
      ['cluster-api', 'mgmt'],
      ['ocm', 'hub'],
    ] as const) {
      expect(clients.forControlPlane(type, name)).toBeDefined();
    }
  });
});
