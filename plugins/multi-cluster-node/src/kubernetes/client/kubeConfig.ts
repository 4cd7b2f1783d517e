import { KubeConfig } from '@kubernetes/client-node';

/**
 * How to reach one Kubernetes API server. Held in memory only; the token is
 * never logged or returned.
 *
 * @public
 */
export interface KubernetesEndpoint {
  /** Name used for the kubeconfig context (the cluster or control plane). */
  name: string;
  url: string;
  caData?: string;
  /** A CA bundle file, read on every connection (rotated bundles apply). */
  caFile?: string;
  skipTLSVerify?: boolean;
  token?: string;
  /** Client certificate and key, base64 PEM (kubeconfig `client-certificate-data`, `client-key-data`). */
  certData?: string;
  keyData?: string;
  /**
   * The Kubernetes plugin's `authMetadata` of the entry (`authProvider`,
   * `serviceAccountToken`, `assumeRole`, ...), when it came from
   * configuration: the credential is then obtained through the auth
   * strategies instead of `token`/`certData`.
   */
  authMetadata?: Record<string, string>;
}

/**
 * Where a client's KubeConfig comes from when it is not known up front
 * (e.g. a Cluster API `<cluster>-kubeconfig` Secret). Called on first use
 * and again when the server answers 401 (rotated credentials). Errors it
 * throws must not contain credentials.
 *
 * @public
 */
export interface KubeConfigSource {
  load(): Promise<KubeConfig>;
  /** Loaded credentials older than this are loaded again before use. */
  maxAgeMs?: number;
}

/**
 * Builds a single-context KubeConfig for one API server.
 *
 * @public
 */
export function buildKubeConfig(endpoint: KubernetesEndpoint): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [
      {
        name: endpoint.name,
        server: endpoint.url.replace(/\/+$/, ''),
        caData: endpoint.caData,
        caFile: endpoint.caData ? undefined : endpoint.caFile,
        skipTLSVerify: endpoint.skipTLSVerify ?? false,
      },
    ],
    users: [
      {
        name: 'flotilla',
        ...(endpoint.token ? { token: endpoint.token } : {}),
        ...(endpoint.certData && endpoint.keyData
          ? { certData: endpoint.certData, keyData: endpoint.keyData }
          : {}),
      },
    ],
    contexts: [
      { name: endpoint.name, cluster: endpoint.name, user: 'flotilla' },
    ],
    currentContext: endpoint.name,
  });
  return kc;
}
