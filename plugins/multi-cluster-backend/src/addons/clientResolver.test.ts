import {
  ClusterClientFactory,
  type ClusterAccess,
} from '@flotilla/plugin-multi-cluster-node';
import { createAddonClientResolver } from './clientResolver';

const factory = new ClusterClientFactory({
  configClusters: [
    { name: 'mgmt', url: 'https://mgmt.example.com:6443', token: 't' },
  ],
  karmada: [
    { name: 'global', url: 'https://karmada.example.com:5443', token: 'tk' },
  ],
  clusterApi: [
    { name: 'capi-mgmt', url: 'https://capi.example.com:6443', token: 'tc' },
  ],
  catalog: { enabled: false },
  clusterTimeoutMs: 1000,
});

const access: Record<string, ClusterAccess> = {
  mgmt: {
    kind: 'direct',
    url: 'https://mgmt.example.com:6443',
    credentialRef: 'config:mgmt',
  },
  // reached through a Karmada control plane that is not configured
  orphan: {
    kind: 'karmada-proxy',
    controlPlane: 'elsewhere',
    cluster: 'orphan',
  },
};

const resolve = createAddonClientResolver({
  clients: factory,
  inventory: { getAccess: async name => access[name] },
});

describe('createAddonClientResolver', () => {
  it('resolves fleet clusters, then management clusters, and Karmada control planes', async () => {
    const mgmt = await resolve({ kind: 'cluster', name: 'mgmt' });
    expect(mgmt?.name).toBe('mgmt');
    expect((await mgmt?.resolveKubeConfig())?.getCurrentCluster()?.server).toBe(
      'https://mgmt.example.com:6443',
    );
    const capi = await resolve({ kind: 'cluster', name: 'capi-mgmt' });
    expect((await capi?.resolveKubeConfig())?.getCurrentCluster()?.server).toBe(
      'https://capi.example.com:6443',
    );
    const karmada = await resolve({ kind: 'karmada', name: 'global' });
    expect(
      (await karmada?.resolveKubeConfig())?.getCurrentCluster()?.server,
    ).toBe('https://karmada.example.com:5443');
  });

  it('returns undefined for clusters without usable access and unknown names', async () => {
    expect(await resolve({ kind: 'cluster', name: 'orphan' })).toBeUndefined();
    expect(await resolve({ kind: 'cluster', name: 'nowhere' })).toBeUndefined();
    // a Karmada ref never falls back to a cluster of the same name
    expect(await resolve({ kind: 'karmada', name: 'mgmt' })).toBeUndefined();
  });
});
