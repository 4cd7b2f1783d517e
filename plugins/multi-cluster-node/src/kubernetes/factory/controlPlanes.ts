import type { ClusterDetails } from '@backstage/plugin-kubernetes-node';
import type { MultiClusterConfig } from '../../config';
import { clusterDetailsOf } from '../../credentials/clusterDetails';
import type { KubernetesClient } from '../client/KubernetesClient';
import type { KubernetesEndpoint } from '../client/kubeConfig';
import type { ServiceClients } from './serviceClients';

/** The kinds of control plane a fleet is read from. */
export type ControlPlaneType = 'karmada' | 'cluster-api' | 'ocm';

/**
 * The configured Karmada control planes, Cluster API management clusters
 * and OCM hubs, each keyed `<type>:<name>` and read with the service
 * identity.
 */
export class ControlPlanes {
  private readonly endpoints = new Map<string, KubernetesEndpoint>();

  constructor(
    config: Pick<MultiClusterConfig, 'karmada' | 'clusterApi'> &
      Partial<Pick<MultiClusterConfig, 'ocm'>>,
    private readonly serviceClients: ServiceClients,
  ) {
    const configured: [ControlPlaneType, KubernetesEndpoint[]][] = [
      ['karmada', config.karmada],
      ['cluster-api', config.clusterApi],
      ['ocm', config.ocm ?? []],
    ];
    for (const [type, endpoints] of configured) {
      for (const endpoint of endpoints) {
        this.endpoints.set(`${type}:${endpoint.name}`, endpoint);
      }
    }
  }

  has(type: ControlPlaneType, name: string): boolean {
    return this.endpoints.has(`${type}:${name}`);
  }

  endpoint(
    type: ControlPlaneType,
    name: string,
  ): KubernetesEndpoint | undefined {
    return this.endpoints.get(`${type}:${name}`);
  }

  /** Every control plane as a cluster entry named by its key. */
  details(): ClusterDetails[] {
    return [...this.endpoints].map(([key, endpoint]) =>
      clusterDetailsOf({ ...endpoint, name: key }),
    );
  }

  client(type: ControlPlaneType, name: string): KubernetesClient | undefined {
    const key = `${type}:${name}`;
    const endpoint = this.endpoints.get(key);
    if (!endpoint) {
      return undefined;
    }
    return this.serviceClients.get(
      key,
      clusterDetailsOf({ ...endpoint, name: key }),
    );
  }
}
