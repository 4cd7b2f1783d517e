import { parseYamlDocument } from '@flotilla/plugin-multi-cluster-common';
import { KubernetesEndpoint } from '../client/kubeConfig';

/** The Secret type Cluster API gives `<cluster>-kubeconfig` Secrets. */
export const CAPI_SECRET_TYPE = 'cluster.x-k8s.io/secret';
/** The data key Cluster API writes the kubeconfig under. */
export const CAPI_KUBECONFIG_KEY = 'value';

/** Name of the kubeconfig Secret Cluster API writes for a Cluster. */
export function capiKubeconfigSecretName(clusterName: string): string {
  return `${clusterName}-kubeconfig`;
}

/**
 * Fields that would make the backend read local files, run commands or
 * use credentials other than inline data. A kubeconfig Secret is written
 * by whoever can write Secrets in the management cluster, so none of them
 * is followed.
 */
const FORBIDDEN_CLUSTER_KEYS = ['certificate-authority', 'proxy-url'];
const FORBIDDEN_USER_KEYS = [
  'token-file',
  'client-certificate',
  'client-key',
  'exec',
  'auth-provider',
  'username',
  'password',
  'as',
  'as-groups',
  'as-uid',
  'as-user-extra',
];

function record(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function optionalString(
  map: Record<string, unknown>,
  key: string,
  where: string,
): string | undefined {
  const value = map[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') {
    throw new Error(`${where}.${key} is not a string`);
  }
  return value;
}

function named(
  list: unknown,
  name: string,
  field: string,
): Record<string, unknown> {
  const entry = Array.isArray(list)
    ? list.map(record).find(e => e?.name === name)
    : undefined;
  const inner = record(entry?.[field]);
  if (!inner) {
    throw new Error(`no ${field} named '${name}'`);
  }
  return inner;
}

/**
 * Reads the current context of a Cluster API kubeconfig into an endpoint:
 * server, CA data, and a bearer token or a client certificate. Only inline
 * credentials are accepted (see FORBIDDEN_*). Error messages name fields,
 * never values.
 */
export function parseCapiKubeconfig(
  text: string,
  endpointName: string,
): KubernetesEndpoint {
  let parsed: unknown;
  try {
    parsed = parseYamlDocument(text);
  } catch {
    throw new Error('kubeconfig is not valid YAML');
  }
  const doc = record(parsed);
  if (!doc) throw new Error('kubeconfig is not a YAML mapping');
  const contexts = Array.isArray(doc.contexts) ? doc.contexts : [];
  // Without current-context, a kubeconfig with one context means that one.
  let contextName: unknown = doc['current-context'];
  if (typeof contextName !== 'string' || !contextName) {
    contextName = contexts.length === 1 ? record(contexts[0])?.name : undefined;
  }
  if (typeof contextName !== 'string') {
    throw new Error('kubeconfig has no current-context');
  }
  const context = named(doc.contexts, contextName, 'context');
  const clusterName = optionalString(context, 'cluster', 'context');
  const userName = optionalString(context, 'user', 'context');
  if (!clusterName || !userName) {
    throw new Error(`context '${contextName}' names no cluster or user`);
  }
  const cluster = named(doc.clusters, clusterName, 'cluster');
  const user = named(doc.users, userName, 'user');
  for (const key of FORBIDDEN_CLUSTER_KEYS) {
    if (cluster[key] !== undefined) {
      throw new Error(`cluster field '${key}' is not supported`);
    }
  }
  for (const key of FORBIDDEN_USER_KEYS) {
    if (user[key] !== undefined) {
      throw new Error(`user field '${key}' is not supported`);
    }
  }
  const server = optionalString(cluster, 'server', 'cluster');
  if (!server || !/^https?:\/\//i.test(server)) {
    throw new Error('cluster server is missing or not an http(s) URL');
  }
  const token = optionalString(user, 'token', 'user');
  const certData = optionalString(user, 'client-certificate-data', 'user');
  const keyData = optionalString(user, 'client-key-data', 'user');
  if (Boolean(certData) !== Boolean(keyData)) {
    throw new Error(
      'user has only one of client-certificate-data and client-key-data',
    );
  }
  if (!token && !certData) {
    throw new Error('user has neither a token nor a client certificate');
  }
  return {
    name: endpointName,
    url: server,
    caData: optionalString(cluster, 'certificate-authority-data', 'cluster'),
    skipTLSVerify: cluster['insecure-skip-tls-verify'] === true,
    token,
    certData,
    keyData,
  };
}
