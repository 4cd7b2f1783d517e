import type {
  V1ConfigMap,
  V1Namespace,
  V1Node,
  V1ObjectMeta,
  V1Secret,
  V1Service,
} from '@kubernetes/client-node';
import { isNotFound, KubernetesRequestError } from '../client/errors';
import {
  PARTIAL_METADATA_ACCEPT,
  PARTIAL_METADATA_LIST_ACCEPT,
  type KubernetesRequestOptions,
  type ObjectName,
} from '../client/request';
import type { KubernetesTransport } from '../client/transport';

/** The object, or undefined when the server answers 404. */
async function unlessNotFound<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

export async function listNodes(
  transport: KubernetesTransport,
  req: { labelSelector?: string } = {},
  opts?: KubernetesRequestOptions,
): Promise<V1Node[]> {
  const list = await transport.request(
    'list nodes',
    (apis, options) =>
      apis.core.listNode({ labelSelector: req.labelSelector }, options),
    opts,
  );
  return list.items ?? [];
}

/** The ConfigMap, or undefined when it does not exist (HTTP 404). */
export function getConfigMap(
  transport: KubernetesTransport,
  req: ObjectName,
  opts?: KubernetesRequestOptions,
): Promise<V1ConfigMap | undefined> {
  return unlessNotFound(
    transport.request(
      `get configmap ${req.namespace}/${req.name}`,
      (apis, options) => apis.core.readNamespacedConfigMap(req, options),
      opts,
    ),
  );
}

/** The Namespace's metadata, or undefined when it does not exist (HTTP 404). */
export async function getNamespaceMetadata(
  transport: KubernetesTransport,
  name: string,
  opts?: KubernetesRequestOptions,
): Promise<V1ObjectMeta | undefined> {
  const namespace: V1Namespace | undefined = await unlessNotFound(
    transport.request(
      `get namespace ${name}`,
      (apis, options) => apis.core.readNamespace({ name }, options),
      { ...opts, headers: { Accept: PARTIAL_METADATA_ACCEPT } },
    ),
  );
  return namespace?.metadata;
}

export async function listServices(
  transport: KubernetesTransport,
  req: { namespace: string; labelSelector?: string },
  opts?: KubernetesRequestOptions,
): Promise<V1Service[]> {
  const list = await transport.request(
    `list services in ${req.namespace}`,
    (apis, options) =>
      apis.core.listNamespacedService(
        { namespace: req.namespace, labelSelector: req.labelSelector },
        options,
      ),
    opts,
  );
  return list.items ?? [];
}

/**
 * Metadata (names, labels, annotations) of the Secrets matching the
 * selector. Only `PartialObjectMetadataList` is accepted, so the API server
 * never sends the Secrets' data.
 */
export async function listSecretMetadata(
  transport: KubernetesTransport,
  namespace: string,
  labelSelector?: string,
  opts?: KubernetesRequestOptions,
): Promise<V1ObjectMeta[]> {
  const list = await transport.request(
    `list secret metadata in ${namespace}`,
    (apis, options) =>
      apis.core.listNamespacedSecret({ namespace, labelSelector }, options),
    { ...opts, headers: { Accept: PARTIAL_METADATA_LIST_ACCEPT } },
  );
  // Keep nothing but metadata, even from a server that ignored the Accept header.
  return (list.items ?? []).flatMap(item =>
    item.metadata ? [item.metadata] : [],
  );
}

/**
 * One key of a Secret, and the type the Secret must have.
 *
 * @public
 */
export interface SecretKeyRequest extends ObjectName {
  key: string;
  type?: string;
}

/**
 * One key of a Secret's data, decoded, or undefined when the Secret or
 * the key does not exist. Only for credentials the caller needs right
 * away (a CAPI kubeconfig); never stored, never logged.
 */
export async function readSecretKey(
  transport: KubernetesTransport,
  req: SecretKeyRequest,
  opts?: KubernetesRequestOptions,
): Promise<string | undefined> {
  const secret: V1Secret | undefined = await unlessNotFound(
    transport.request(
      `get secret ${req.namespace}/${req.name}`,
      (apis, options) =>
        apis.core.readNamespacedSecret(
          { namespace: req.namespace, name: req.name },
          options,
        ),
      opts,
    ),
  );
  if (!secret) return undefined;
  if (req.type && secret.type !== req.type) {
    throw new KubernetesRequestError(
      `${transport.name}: secret ${req.namespace}/${req.name} has type ${
        secret.type ?? '(none)'
      }, expected ${req.type}`,
    );
  }
  const value = secret.data?.[req.key];
  return value === undefined
    ? undefined
    : Buffer.from(value, 'base64').toString('utf8');
}
