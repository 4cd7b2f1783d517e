import type { KubernetesRequestAuth } from '@backstage/plugin-kubernetes-common';
import type { ClusterAccess } from '../../inventory/types';
import type { KubernetesClient } from '../client/KubernetesClient';

/**
 * Options of a client for a request made on behalf of a signed-in user.
 *
 * @public
 */
export interface ClusterClientOptions {
  /**
   * The user's cluster credentials the frontend sent
   * (`Backstage-Kubernetes-Authorization-*`), used on clusters whose auth
   * provider is user-delegated (OIDC, Google, AKS).
   */
  userAuth?: KubernetesRequestAuth;
}

/** How this backend reaches a fleet cluster by one kind of access path. */
export interface AccessStrategy<A extends ClusterAccess> {
  /**
   * Whether this backend has what the access path needs. Says nothing
   * about whether the server answers.
   */
  canReach(access: A): boolean;
  /** The cluster's client over this path, when it has what it needs. */
  clientFor(
    clusterName: string,
    access: A,
    options: ClusterClientOptions,
  ): KubernetesClient | undefined;
}

/** One strategy per kind of {@link ClusterAccess}. */
export type AccessStrategies = {
  [K in ClusterAccess['kind']]: AccessStrategy<
    Extract<ClusterAccess, { kind: K }>
  >;
};
