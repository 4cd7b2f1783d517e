import fs from 'node:fs';
import { MultiClusterConfig } from '../config';
import { ClusterAccess } from '../inventory/types';
import {
  buildKubeConfig,
  KubernetesClient,
  KubernetesEndpoint,
} from './KubernetesClient';
import {
  CAPI_KUBECONFIG_KEY,
  CAPI_SECRET_TYPE,
  parseCapiKubeconfig,
} from './apis/capiKubeconfig';

const IN_CLUSTER_TOKEN = '/var/run/secrets/kubernetes.io/serviceaccount/token';

/**
 * Creates (and caches) one `KubeConfig`-backed client per cluster. Cluster
 * URLs only ever come from configuration or the catalog (via the stored
 * inventory), never from a request. Credentials are looked up here by
 * reference and never leave this class.
 *
 * @public
 */
export class ClusterClientFactory {
  private readonly clients = new Map<string, KubernetesClient>();
  private readonly tokens = new Map<string, string | undefined>();
  private readonly controlPlanes = new Map<string, KubernetesEndpoint>();

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
  ) {
    for (const c of config.configClusters) {
      if (c.token) {
        this.tokens.set(`config:${c.name}`, c.token);
      }
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
  }

  get timeoutMs(): number {
    return this.config.clusterTimeoutMs;
  }

  private token(ref: string): string | undefined {
    if (this.tokens.has(ref)) {
      return this.tokens.get(ref);
    }
    if (ref === 'catalog:serviceAccount') {
      let token = this.config.catalog.serviceAccountToken;
      if (!token && fs.existsSync(IN_CLUSTER_TOKEN)) {
        token = fs.readFileSync(IN_CLUSTER_TOKEN, 'utf8').trim();
      }
      this.tokens.set(ref, token);
      return token;
    }
    return undefined;
  }

  /** Whether a credential reference can be resolved at all. */
  canAuthenticate(ref: string): boolean {
    if (ref === 'catalog:serviceAccount') {
      return this.token(ref) !== undefined;
    }
    return this.tokens.has(ref);
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
    return this.cached(key, () => ({ ...endpoint, name: key }));
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

  /** Client for a fleet cluster, from its stored access descriptor. */
  forCluster(
    clusterName: string,
    access: ClusterAccess | undefined,
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
      return this.cached(`proxy:${access.controlPlane}:${clusterName}`, () => ({
        ...cp,
        name: clusterName,
        url: `${cp.url.replace(
          /\/+$/,
          '',
        )}/apis/cluster.karmada.io/v1alpha1/clusters/${encodeURIComponent(
          access.cluster,
        )}/proxy`,
      }));
    }
    if (!this.canAuthenticate(access.credentialRef)) {
      return undefined; // e.g. a catalog cluster with an unsupported auth provider
    }
    return this.cached(
      `direct:${clusterName}:${access.url}:${access.credentialRef}`,
      () => ({
        name: clusterName,
        url: access.url,
        caData: access.caData,
        skipTLSVerify: access.skipTLSVerify,
        token: this.token(access.credentialRef),
      }),
    );
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

  private cached(
    key: string,
    endpoint: () => KubernetesEndpoint,
  ): KubernetesClient {
    let client = this.clients.get(key);
    if (!client) {
      client = KubernetesClient.fromEndpoint(
        endpoint(),
        this.config.clusterTimeoutMs,
      );
      this.clients.set(key, client);
    }
    return client;
  }
}
