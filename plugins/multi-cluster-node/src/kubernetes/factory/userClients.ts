import { createHash } from 'node:crypto';
import type { KubernetesRequestAuth } from '@backstage/plugin-kubernetes-common';
import type { ClusterDetails } from '@backstage/plugin-kubernetes-node';
import type { MultiClusterConfig } from '../../config';
import {
  authProviderOf,
  type ClusterCredentials,
} from '../../credentials/ClusterCredentials';
import { CredentialsUnavailableError } from '../client/errors';
import { KubernetesClient } from '../client/KubernetesClient';
import { buildKubeConfig } from '../client/kubeConfig';
import { endpointWith } from './credentialEndpoint';
import type { UserClientCache } from './userClientCache';

/** Clients that read a cluster with a signed-in user's own credential. */
export class UserClients {
  constructor(
    private readonly credentials: ClusterCredentials,
    private readonly cache: UserClientCache,
    private readonly config: Pick<MultiClusterConfig, 'clusterTimeoutMs'>,
  ) {}

  /** One client per user credential and cluster, kept briefly. */
  get(
    details: ClusterDetails,
    userAuth: KubernetesRequestAuth,
  ): KubernetesClient {
    const fingerprint = createHash('sha256')
      .update(JSON.stringify(userAuth))
      .digest('hex');
    const key = `${details.name}:${details.url}:${fingerprint}`;
    return this.cache.get(key, () =>
      KubernetesClient.fromSource(
        details.name,
        {
          load: async () =>
            buildKubeConfig(
              endpointWith(
                details,
                await this.credentials.forUser(details, userAuth),
              ),
            ),
        },
        this.config.clusterTimeoutMs,
      ),
    );
  }

  /**
   * A user-delegated cluster read without the user's credential: every call
   * fails with a message that says what is missing, nothing is sent.
   */
  withoutCredential(details: ClusterDetails): KubernetesClient {
    const provider = authProviderOf(details);
    return KubernetesClient.fromSource(
      details.name,
      {
        load: async () => {
          throw new CredentialsUnavailableError(
            `${details.name} is read with the signed-in user's ${provider} credentials, and this request carried none`,
          );
        },
      },
      this.config.clusterTimeoutMs,
    );
  }
}
