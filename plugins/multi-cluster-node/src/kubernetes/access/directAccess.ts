import { ANNOTATION_KUBERNETES_AUTH_PROVIDER } from '@backstage/plugin-kubernetes-common';
import type { ClusterDetails } from '@backstage/plugin-kubernetes-node';
import type { MultiClusterConfig } from '../../config';
import {
  authProviderOf,
  type ClusterCredentials,
} from '../../credentials/ClusterCredentials';
import type { ClusterAccess } from '../../inventory/types';
import type { KubernetesClient } from '../client/KubernetesClient';
import type { InClusterTokenProbe } from '../factory/inClusterTokenProbe';
import type { ServiceClients } from '../factory/serviceClients';
import type { UserClients } from '../factory/userClients';
import type { AccessStrategy, ClusterClientOptions } from './AccessStrategy';

type Direct = Extract<ClusterAccess, { kind: 'direct' }>;

/** What the direct access path reads clusters with. */
export interface DirectAccessDeps {
  credentials: ClusterCredentials;
  /** The configured clusters' entries by credential reference (`config:<name>`). */
  configClusters: Map<string, ClusterDetails>;
  config: Pick<MultiClusterConfig, 'catalog'>;
  serviceClients: ServiceClients;
  userClients: UserClients;
  tokenProbe: InClusterTokenProbe;
}

/**
 * A cluster reached at its own URL with the credential its reference names:
 * a configured cluster's (`config:<name>`) or a catalog cluster's auth
 * provider (`catalog:<authProvider>`). With `userAuth`, a cluster whose auth
 * provider is user-delegated is read with the user's own credential;
 * everything else, and every write, uses the service identity.
 */
export class DirectAccess implements AccessStrategy<Direct> {
  constructor(private readonly deps: DirectAccessDeps) {}

  canReach(access: Direct): boolean {
    return this.canAuthenticate(access.credentialRef);
  }

  /** Whether a credential reference can be resolved for the service identity. */
  canAuthenticate(ref: string): boolean {
    const { credentials, tokenProbe } = this.deps;
    const configured = this.deps.configClusters.get(ref);
    if (configured) {
      const service = credentials.serviceDetails(configured);
      return !!service && tokenProbe.hasServiceCredential(service);
    }
    if (!ref.startsWith('catalog:')) {
      return false;
    }
    const details: ClusterDetails = {
      name: ref,
      url: '',
      authMetadata: this.catalogAuthMetadata(ref),
    };
    // Catalog entries never carry a service token for user-delegated providers.
    return (
      credentials.providers.includes(authProviderOf(details)) &&
      !credentials.isUserDelegated(details) &&
      tokenProbe.hasServiceCredential(details)
    );
  }

  clientFor(
    clusterName: string,
    access: Direct,
    options: ClusterClientOptions,
  ): KubernetesClient | undefined {
    const { credentials } = this.deps;
    const details = this.details(clusterName, access);
    if (!details) {
      return undefined;
    }
    if (credentials.hasUserCredential(details, options.userAuth)) {
      return this.deps.userClients.get(details, options.userAuth!);
    }
    if (credentials.isUserDelegated(details)) {
      if (!credentials.serviceDetails(details)) {
        return this.deps.userClients.withoutCredential(details);
      }
    } else if (!this.canAuthenticate(access.credentialRef)) {
      return undefined; // e.g. a catalog cluster with an unknown auth provider
    }
    return this.deps.serviceClients.get(
      `direct:${clusterName}:${access.url}:${access.credentialRef}`,
      details,
    );
  }

  /** The cluster entry behind a direct access, with the service's token for catalog clusters. */
  private details(
    clusterName: string,
    access: Direct,
  ): ClusterDetails | undefined {
    const configured = this.deps.configClusters.get(access.credentialRef);
    if (configured) {
      return { ...configured, name: clusterName, url: access.url };
    }
    if (!access.credentialRef.startsWith('catalog:')) {
      return undefined;
    }
    return {
      name: clusterName,
      url: access.url,
      caData: access.caData,
      skipTLSVerify: access.skipTLSVerify,
      authMetadata: this.catalogAuthMetadata(
        access.credentialRef,
        access.authMetadata,
      ),
    };
  }

  /**
   * The `authMetadata` of a catalog cluster (`catalog:<authProvider>`): its
   * annotations, which are public (the catalog module keeps only the
   * `kubernetes.io/*` ones and never a token, as the Kubernetes plugin does),
   * plus `multiCluster.catalog.serviceAccountToken` for `serviceAccount`.
   */
  private catalogAuthMetadata(
    ref: string,
    annotations: Record<string, string> = {},
  ): Record<string, string> {
    const provider = ref.slice('catalog:'.length);
    const token = this.deps.config.catalog.serviceAccountToken;
    return {
      ...annotations,
      [ANNOTATION_KUBERNETES_AUTH_PROVIDER]: provider,
      ...(provider === 'serviceAccount' && token
        ? { serviceAccountToken: token }
        : {}),
    };
  }
}
