import type { ClusterDetails } from '@backstage/plugin-kubernetes-node';
import type { MultiClusterConfig } from '../../config';
import type { ClusterCredentials } from '../../credentials/ClusterCredentials';
import { KubernetesClient } from '../client/KubernetesClient';
import { buildKubeConfig } from '../client/kubeConfig';
import type { ClientCache } from './clientCache';
import { endpointWith } from './credentialEndpoint';

/**
 * The service identity's clients for cluster entries, each credential from
 * the entry's auth strategy: fetched on first use, again after a 401 and,
 * for credentials that expire (cloud tokens, files), every few minutes.
 */
export class ServiceClients {
  constructor(
    private readonly credentials: ClusterCredentials,
    private readonly cache: ClientCache,
    private readonly config: Pick<MultiClusterConfig, 'clusterTimeoutMs'>,
  ) {}

  get(key: string, details: ClusterDetails): KubernetesClient {
    return this.cache.get(key, () => {
      const service = this.credentials.serviceDetails(details) ?? details;
      return KubernetesClient.fromSource(
        details.name,
        {
          maxAgeMs: this.credentials.maxAgeMs(service),
          load: async () =>
            buildKubeConfig(
              endpointWith(details, await this.credentials.forService(details)),
            ),
        },
        this.config.clusterTimeoutMs,
      );
    });
  }
}
