import { ClusterClientFactory } from './ClusterClientFactory';

describe('ClusterClientFactory', () => {
  const factory = new ClusterClientFactory({
    configClusters: [
      { name: 'a', url: 'https://a', token: 'ta' },
      { name: 'no-token', url: 'https://n' },
    ],
    karmada: [{ name: 'k', url: 'https://karmada:5443/', token: 'tk' }],
    clusterApi: [{ name: 'm', url: 'https://mgmt', token: 'tm' }],
    catalog: { enabled: true, serviceAccountToken: 'sa' },
    clusterTimeoutMs: 1000,
  });

  it('builds one KubeConfig per cluster and caches the client', () => {
    const access = {
      kind: 'direct' as const,
      url: 'https://a',
      credentialRef: 'config:a',
    };
    const client = factory.forCluster('a', access)!;
    expect(client.kubeConfig.getCurrentCluster()?.server).toBe('https://a');
    expect(client.kubeConfig.getCurrentUser()?.token).toBe('ta');
    expect(factory.forCluster('a', access)).toBe(client);
  });

  it('routes Karmada members through the aggregated proxy', () => {
    const client = factory.forCluster('member', {
      kind: 'karmada-proxy',
      controlPlane: 'k',
      cluster: 'member',
    })!;
    expect(client.kubeConfig.getCurrentCluster()?.server).toBe(
      'https://karmada:5443/apis/cluster.karmada.io/v1alpha1/clusters/member/proxy',
    );
    expect(client.kubeConfig.getCurrentUser()?.token).toBe('tk');
  });

  it('refuses clusters it cannot authenticate to', () => {
    expect(
      factory.forCluster('x', {
        kind: 'direct',
        url: 'https://x',
        credentialRef: 'catalog:oidc',
      }),
    ).toBeUndefined();
    expect(
      factory.forCluster('n', {
        kind: 'direct',
        url: 'https://n',
        credentialRef: 'config:no-token',
      }),
    ).toBeUndefined();
    expect(
      factory
        .forCluster('c', {
          kind: 'direct',
          url: 'https://c',
          credentialRef: 'catalog:serviceAccount',
        })
        ?.kubeConfig.getCurrentUser()?.token,
    ).toBe('sa');
    expect(factory.forCluster('d', { kind: 'demo' })).toBeUndefined();
    expect(factory.forControlPlane('cluster-api', 'm')?.name).toBe(
      'cluster-api:m',
    );
    expect(factory.forControlPlane('karmada', 'nope')).toBeUndefined();
  });
});
