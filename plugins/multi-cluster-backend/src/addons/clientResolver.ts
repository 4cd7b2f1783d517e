import {
  type ClusterClientFactory,
  type ClusterAccess,
} from '@flotilla/plugin-multi-cluster-node';
import { AddonClientResolver } from './types';

/**
 * The resolver the add-on sources use: `karmada` refs are configured Karmada
 * control planes; `cluster` refs are fleet clusters (through their stored
 * access) or, failing that, configured Cluster API management clusters,
 * where Argo CD or Fleet often run.
 */
export function createAddonClientResolver(options: {
  clients: Pick<ClusterClientFactory, 'forCluster' | 'forControlPlane'>;
  inventory: { getAccess(name: string): Promise<ClusterAccess | undefined> };
}): AddonClientResolver {
  const { clients, inventory } = options;
  return async ref => {
    if (ref.kind === 'karmada') {
      return clients.forControlPlane('karmada', ref.name);
    }
    const access = await inventory.getAccess(ref.name);
    return (
      clients.forCluster(ref.name, access) ??
      clients.forControlPlane('cluster-api', ref.name)
    );
  };
}
