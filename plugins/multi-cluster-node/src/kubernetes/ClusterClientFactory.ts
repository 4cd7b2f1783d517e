import fs from 'node:fs';
import { createHash } from 'node:crypto';
import { ConfigReader } from '@backstage/config';
import {
  ANNOTATION_KUBERNETES_AUTH_PROVIDER,
  type KubernetesRequestAuth,
} from '@backstage/plugin-kubernetes-common';
import type {
  ClusterDetails,
  KubernetesCredential,
} from '@backstage/plugin-kubernetes-node';
import { MultiClusterConfig } from '../config';
import {
  authProviderOf,
  ClusterCredentials,
} from '../credentials/ClusterCredentials';
import { clusterDetailsOf } from '../credentials/clusterDetails';
import { ClusterAccess } from '../inventory/types';
import {
  buildKubeConfig,
  CredentialsUnavailableError,
  KubernetesClient,
  KubernetesEndpoint,
} from './KubernetesClient';
import {
  CAPI_KUBECONFIG_KEY,
  CAPI_SECRET_TYPE,
  parseCapiKubeconfig,
} from './apis/capiKubeconfig';

const IN_CLUSTER_TOKEN = '/var/run/secrets/kubernetes.io/serviceaccount/token';

/** Clients built for signed-in users' credentials, at most this many kept. */
const USER_CLIENTS_MAX = 256;

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

/** The endpoint a credential from an auth strategy authenticates. */
function endpointWith(
  details: ClusterDetails,
  credential: KubernetesCredential,
): KubernetesEndpoint {
  const base = {
    name: details.name,
    url: details.url,
    caData: details.caData,
    caFile: details.caFile,
    skipTLSVerify: details.skipTLSVerify,
  };
  switch (credential.type) {
    case 'bearer token':
      return { ...base, token: credential.token };
    case 'x509 client certificate':
      return {
        ...base,
        certData: Buffer.from(credential.cert).toString('base64'),
        keyData: Buffer.from(credential.key).toString('base64'),
      };
    default:
      return base;
  }
}

const silentLogger = {
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  child: () => silentLogger,
};

/**
 * Creates (and caches) one client per cluster. Cluster URLs only ever come
 * from configuration or the catalog (via the stored inventory), never from a
 * request. Credentials come from the Kubernetes plugin's auth strategies
 * ({@link ClusterCredentials}) by the cluster's `authProvider`, are looked up
 * here by reference and never leave the clients.
 *
 * @public
 */
export class ClusterClientFactory {
  private readonly clients = new Map<string, KubernetesClient>();
  private readonly userClients = new Map<string, KubernetesClient>();
  private readonly configClusters = new Map<string, ClusterDetails>();
  private readonly controlPlanes = new Map<string, KubernetesEndpoint>();
  private readonly credentials: ClusterCredentials;
  private inClusterToken?: boolean;

  constructor(
    private readonly config: Pick<
      MultiClusterConfig,
      | 'configClusters'
      | 'karmada'
      | 'clusterApi'
      | 'catalog'
      | 'clusterTimeoutMs'
    > &
      Partial<Pick<MultiClusterConfig, 'kubeconfigMaxAgeMs' | 'ocm'>>,
    options: { credentials?: ClusterCredentials } = {},
  ) {
    this.credentials =
      options.credentials ??
      ClusterCredentials.create({
        config: new ConfigReader({}),
        logger: silentLogger,
      });
    for (const c of config.configClusters) {
      this.configClusters.set(`config:${c.name}`, clusterDetailsOf(c));
    }
    for (const k of config.karmada) {
      this.controlPlanes.set(`karmada:${k.name}`, k);
    }
    for (const m of config.clusterApi) {
      this.controlPlanes.set(`cluster-api:${m.name}`, m);
    }
    for (const hub of config.ocm ?? []) {
      this.controlPlanes.set(`ocm:${hub.name}`, hub);
    }
    const invalid = [
      ...this.configClusters.values(),
      ...[...this.controlPlanes].map(([key, endpoint]) =>
        clusterDetailsOf({ ...endpoint, name: key }),
      ),
    ].flatMap(details =>
      this.credentials
        .validate(details)
        .map(error => `'${details.name}': ${error.message}`),
    );
    if (invalid.length) {
      // At start-up, naming the entry: a typo in authProvider would otherwise
      // show much later as one unreachable cluster.
      throw new Error(`Invalid cluster configuration: ${invalid.join('; ')}`);
    }
  }

  get timeoutMs(): number {
    return this.config.clusterTimeoutMs;
  }

  /** The cluster entry behind a direct access, with the service's token for catalog clusters. */
  private directDetails(
    clusterName: string,
    access: Extract<ClusterAccess, { kind: 'direct' }>,
  ): ClusterDetails | undefined {
    const configured = this.configClusters.get(access.credentialRef);
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
    const token = this.config.catalog.serviceAccountToken;
    return {
      ...annotations,
      [ANNOTATION_KUBERNETES_AUTH_PROVIDER]: provider,
      ...(provider === 'serviceAccount' && token
        ? { serviceAccountToken: token }
        : {}),
    };
  }

  /** Whether a credential reference can be resolved for the service identity. */
  canAuthenticate(ref: string): boolean {
    const configured = this.configClusters.get(ref);
    if (configured) {
      const service = this.credentials.serviceDetails(configured);
      return !!service && this.hasServiceCredential(service);
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
      this.credentials.providers.includes(authProviderOf(details)) &&
      !this.credentials.isUserDelegated(details) &&
      this.hasServiceCredential(details)
    );
  }

  /**
   * False only for a service account without a token outside a pod: the
   * Kubernetes plugin's strategy would read the pod's token, and there is none.
   */
  private hasServiceCredential(service: ClusterDetails): boolean {
    if (
      authProviderOf(service) !== 'serviceAccount' ||
      service.authMetadata.serviceAccountToken
    ) {
      return true;
    }
    this.inClusterToken ??= fs.existsSync(IN_CLUSTER_TOKEN);
    return this.inClusterToken;
  }

  /** Client for a Karmada control plane (`karmada`), CAPI management cluster or OCM hub. */
  forControlPlane(
    type: 'karmada' | 'cluster-api' | 'ocm',
    name: string,
  ): KubernetesClient | undefined {
    const key = `${type}:${name}`;
    const endpoint = this.controlPlanes.get(key);
    if (!endpoint) {
      return undefined;
    }
    return this.serviceClient(
      key,
      clusterDetailsOf({ ...endpoint, name: key }),
    );
  }

  /**
   * Whether this backend has what an access path needs: the credential of a
   * direct access, the configured Karmada control plane or CAPI management
   * cluster of a proxied or kubeconfig-Secret access. Says nothing about
   * whether the server answers.
   */
  canReach(access: ClusterAccess): boolean {
    switch (access.kind) {
      case 'direct':
        return this.canAuthenticate(access.credentialRef);
      case 'karmada-proxy':
        return this.controlPlanes.has(`karmada:${access.controlPlane}`);
      case 'capi-kubeconfig':
        return this.controlPlanes.has(
          `cluster-api:${access.managementCluster}`,
        );
      default:
        return false;
    }
  }

  /**
   * Client for a fleet cluster, from its stored access descriptor. With
   * `userAuth`, a direct cluster whose auth provider is user-delegated is
   * read with the user's own credential; everything else, and every write,
   * uses the service identity.
   */
  forCluster(
    clusterName: string,
    access: ClusterAccess | undefined,
    options: ClusterClientOptions = {},
  ): KubernetesClient | undefined {
    if (!access) {
      return undefined;
    }
    if (access.kind === 'capi-kubeconfig') {
      return this.forCapiKubeconfig(clusterName, access);
    }
    if (access.kind === 'karmada-proxy') {
      const cp = this.controlPlanes.get(`karmada:${access.controlPlane}`);
      if (!cp) {
        return undefined;
      }
      const url = `${cp.url.replace(
        /\/+$/,
        '',
      )}/apis/cluster.karmada.io/v1alpha1/clusters/${encodeURIComponent(
        access.cluster,
      )}/proxy`;
      return this.serviceClient(
        `proxy:${access.controlPlane}:${clusterName}`,
        clusterDetailsOf({ ...cp, name: clusterName, url }),
      );
    }
    const details = this.directDetails(clusterName, access);
    if (!details) {
      return undefined;
    }
    if (this.credentials.hasUserCredential(details, options.userAuth)) {
      return this.userClient(details, options.userAuth!);
    }
    if (this.credentials.isUserDelegated(details)) {
      if (!this.credentials.serviceDetails(details)) {
        return this.withoutCredential(details);
      }
    } else if (!this.canAuthenticate(access.credentialRef)) {
      return undefined; // e.g. a catalog cluster with an unknown auth provider
    }
    return this.serviceClient(
      `direct:${clusterName}:${access.url}:${access.credentialRef}`,
      details,
    );
  }

  /**
   * A user-delegated cluster read without the user's credential: every call
   * fails with a message that says what is missing, nothing is sent.
   */
  private withoutCredential(details: ClusterDetails): KubernetesClient {
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

  /** One client per user credential and cluster, kept briefly. */
  private userClient(
    details: ClusterDetails,
    userAuth: KubernetesRequestAuth,
  ): KubernetesClient {
    const fingerprint = createHash('sha256')
      .update(JSON.stringify(userAuth))
      .digest('hex');
    const key = `${details.name}:${details.url}:${fingerprint}`;
    let client = this.userClients.get(key);
    if (client) {
      this.userClients.delete(key); // most recently used goes last
    } else {
      client = KubernetesClient.fromSource(
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
      );
      if (this.userClients.size >= USER_CLIENTS_MAX) {
        this.userClients.delete(this.userClients.keys().next().value!);
      }
    }
    this.userClients.set(key, client);
    return client;
  }

  /**
   * A workload cluster reached with the kubeconfig Cluster API keeps in a
   * Secret on the management cluster. The Secret is read on first use, again
   * when the cluster answers 401 (CAPI rotates it) and once it is older than
   * `timeouts.kubeconfigMaxAge`; its contents stay inside the returned
   * client.
   */
  private forCapiKubeconfig(
    clusterName: string,
    access: Extract<ClusterAccess, { kind: 'capi-kubeconfig' }>,
  ): KubernetesClient | undefined {
    const management = this.forControlPlane(
      'cluster-api',
      access.managementCluster,
    );
    if (!management) {
      return undefined;
    }
    const key = `capi:${access.managementCluster}:${access.namespace}/${access.secretName}:${clusterName}`;
    let client = this.clients.get(key);
    if (!client) {
      const where = `secret ${access.namespace}/${access.secretName} on ${access.managementCluster}`;
      client = KubernetesClient.fromSource(
        clusterName,
        {
          // Re-read now and then: a rotated Secret, or a revoked right to
          // read it, shows without waiting for a 401.
          maxAgeMs: this.config.kubeconfigMaxAgeMs,
          load: async () => {
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
          },
        },
        this.config.clusterTimeoutMs,
      );
      this.clients.set(key, client);
    }
    return client;
  }

  /**
   * The service identity's client for a cluster entry, its credential from
   * the entry's auth strategy: fetched on first use, again after a 401 and,
   * for credentials that expire (cloud tokens, files), every few minutes.
   */
  private serviceClient(
    key: string,
    details: ClusterDetails,
  ): KubernetesClient {
    let client = this.clients.get(key);
    if (!client) {
      const service = this.credentials.serviceDetails(details) ?? details;
      client = KubernetesClient.fromSource(
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
      this.clients.set(key, client);
    }
    return client;
  }
}
