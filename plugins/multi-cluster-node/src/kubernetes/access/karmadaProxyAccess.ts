import { clusterDetailsOf } from '../../credentials/clusterDetails';
import type { ClusterAccess } from '../../inventory/types';
import type { KubernetesClient } from '../client/KubernetesClient';
import type { ControlPlanes } from '../factory/controlPlanes';
import type { ServiceClients } from '../factory/serviceClients';
import type { AccessStrategy } from './AccessStrategy';

type KarmadaProxy = Extract<ClusterAccess, { kind: 'karmada-proxy' }>;

/**
 * A Karmada member reached through its control plane's cluster proxy, with
 * the control plane's configured credentials.
 */
export class KarmadaProxyAccess implements AccessStrategy<KarmadaProxy> {
  constructor(
    private readonly controlPlanes: ControlPlanes,
    private readonly serviceClients: ServiceClients,
  ) {}

  canReach(access: KarmadaProxy): boolean {
    return this.controlPlanes.has('karmada', access.controlPlane);
  }

  clientFor(
    clusterName: string,
    access: KarmadaProxy,
  ): KubernetesClient | undefined {
    const cp = this.controlPlanes.endpoint('karmada', access.controlPlane);
    if (!cp) {
      return undefined;
    }
    const url = `${cp.url.replace(
      /\/+$/,
      '',
    )}/apis/cluster.karmada.io/v1alpha1/clusters/${encodeURIComponent(
      access.cluster,
    )}/proxy`;
    return this.serviceClients.get(
      `proxy:${access.controlPlane}:${clusterName}`,
      clusterDetailsOf({ ...cp, name: clusterName, url }),
    );
  }
}
