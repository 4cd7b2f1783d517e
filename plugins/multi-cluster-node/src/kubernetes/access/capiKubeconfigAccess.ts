import type { MultiClusterConfig } from '../../config';
import type { ClusterAccess } from '../../inventory/types';
import {
  CAPI_KUBECONFIG_KEY,
  CAPI_SECRET_TYPE,
  parseCapiKubeconfig,
} from '../apis/capiKubeconfig';
import { KubernetesClient } from '../client/KubernetesClient';
import { buildKubeConfig } from '../client/kubeConfig';
import type { ClientCache } from '../factory/clientCache';
import type { ControlPlanes } from '../factory/controlPlanes';
import type { AccessStrategy } from './AccessStrategy';

type CapiKubeconfig = Extract<ClusterAccess, { kind: 'capi-kubeconfig' }>;

/**
 * A workload cluster reached with the kubeconfig Cluster API keeps in a
 * Secret on the management cluster. The Secret is read on first use, again
 * when the cluster answers 401 (CAPI rotates it) and once it is older than
 * `timeouts.kubeconfigMaxAge`; its contents stay inside the returned
 * client.
 */
export class CapiKubeconfigAccess implements AccessStrategy<CapiKubeconfig> {
  constructor(
    private readonly controlPlanes: ControlPlanes,
    private readonly cache: ClientCache,
    private readonly config: Pick<MultiClusterConfig, 'clusterTimeoutMs'> &
      Partial<Pick<MultiClusterConfig, 'kubeconfigMaxAgeMs'>>,
  ) {}

  canReach(access: CapiKubeconfig): boolean {
    return this.controlPlanes.has('cluster-api', access.managementCluster);
  }

  clientFor(
    clusterName: string,
    access: CapiKubeconfig,
  ): KubernetesClient | undefined {
    const management = this.controlPlanes.client(
      'cluster-api',
      access.managementCluster,
    );
    if (!management) {
      return undefined;
    }
    const key = `capi:${access.managementCluster}:${access.namespace}/${access.secretName}:${clusterName}`;
    return this.cache.get(key, () =>
      KubernetesClient.fromSource(
        clusterName,
        {
          // Re-read now and then: a rotated Secret, or a revoked right to
          // read it, shows without waiting for a 401.
          maxAgeMs: this.config.kubeconfigMaxAgeMs,
          load: () => this.readKubeconfig(management, clusterName, access),
        },
        this.config.clusterTimeoutMs,
      ),
    );
  }

  private async readKubeconfig(
    management: KubernetesClient,
    clusterName: string,
    access: CapiKubeconfig,
  ) {
    const where = `secret ${access.namespace}/${access.secretName} on ${access.managementCluster}`;
    const text = await management.readSecretKey({
      namespace: access.namespace,
      name: access.secretName,
      key: CAPI_KUBECONFIG_KEY,
      type: CAPI_SECRET_TYPE,
    });
    if (text === undefined) {
      throw new Error(
        `${where} or its '${CAPI_KUBECONFIG_KEY}' key does not exist`,
      );
    }
    try {
      return buildKubeConfig(parseCapiKubeconfig(text, clusterName));
    } catch (error) {
      // The parser names fields, never values.
      throw new Error(
        `${where}: ${error instanceof Error ? error.message : error}`,
      );
    }
  }
}
