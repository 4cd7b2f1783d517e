import type { KubernetesObject, V1ListMeta } from '@kubernetes/client-node';
import { MERGE_PATCH, type KubernetesRequestOptions } from '../client/request';
import type { KubernetesTransport } from '../client/transport';

/**
 * A custom object as read: its envelope typed, its `spec` and `status` left
 * to the caller to narrow (or given a shape through the type parameter of
 * the custom-object functions).
 *
 * @public
 */
export interface CustomObject extends KubernetesObject {
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
}

/**
 * A list of custom objects.
 *
 * @public
 */
export interface CustomObjectList<T = CustomObject> {
  items: T[];
  metadata?: V1ListMeta;
}

/**
 * A kind of custom resource: `<plural>.<group>/<version>`.
 *
 * @public
 */
export interface CustomResource {
  group: string;
  version: string;
  plural: string;
}

/**
 * One custom object by name.
 *
 * @public
 */
export interface CustomObjectRef extends CustomResource {
  namespace: string;
  name: string;
}

function describe(req: CustomResource): string {
  return `${req.plural}.${req.group}/${req.version}`;
}

function describeObject(req: CustomObjectRef): string {
  return `${describe(req)} ${req.namespace}/${req.name}`;
}

/**
 * Only the resource's coordinates of a request: the client's parameter
 * objects get nothing else of it.
 */
function resourceOf(req: CustomResource): CustomResource {
  return { group: req.group, version: req.version, plural: req.plural };
}

function objectRefOf(req: CustomObjectRef): CustomObjectRef {
  return { ...resourceOf(req), namespace: req.namespace, name: req.name };
}

export function listCustomObjects<T = CustomObject>(
  transport: KubernetesTransport,
  req: CustomResource & { namespace?: string; labelSelector?: string },
  opts?: KubernetesRequestOptions,
): Promise<CustomObjectList<T>> {
  return transport.request(
    `list ${describe(req)}`,
    (apis, options) =>
      req.namespace
        ? apis.custom.listNamespacedCustomObject(
            {
              ...resourceOf(req),
              namespace: req.namespace,
              labelSelector: req.labelSelector,
            },
            options,
          )
        : apis.custom.listClusterCustomObject(
            { ...resourceOf(req), labelSelector: req.labelSelector },
            options,
          ),
    opts,
  );
}

export function getCustomObject<T = CustomObject>(
  transport: KubernetesTransport,
  req: CustomObjectRef,
  opts?: KubernetesRequestOptions,
): Promise<T> {
  return transport.request(
    `get ${describeObject(req)}`,
    (apis, options) => apis.custom.getNamespacedCustomObject(req, options),
    opts,
  );
}

/** One cluster-scoped custom object by name. */
export function getClusterCustomObject<T = CustomObject>(
  transport: KubernetesTransport,
  req: CustomResource & { name: string },
  opts?: KubernetesRequestOptions,
): Promise<T> {
  return transport.request(
    `get ${describe(req)} ${req.name}`,
    (apis, options) =>
      apis.custom.getClusterCustomObject(
        { ...resourceOf(req), name: req.name },
        options,
      ),
    opts,
  );
}

export function createCustomObject<T = CustomObject>(
  transport: KubernetesTransport,
  req: CustomResource & { namespace: string; name: string; body: object },
  opts?: KubernetesRequestOptions,
): Promise<T> {
  return transport.request(
    `create ${describeObject(req)}`,
    (apis, options) =>
      apis.custom.createNamespacedCustomObject(
        {
          ...resourceOf(req),
          namespace: req.namespace,
          body: req.body,
          fieldManager: 'flotilla',
        },
        options,
      ),
    opts,
  );
}

/** JSON merge patch (`application/merge-patch+json`). */
export function mergePatchCustomObject<T = CustomObject>(
  transport: KubernetesTransport,
  req: CustomObjectRef & { body: object },
  opts?: KubernetesRequestOptions,
): Promise<T> {
  return transport.request(
    `patch ${describeObject(req)}`,
    (apis, options) =>
      apis.custom.patchNamespacedCustomObject(
        { ...objectRefOf(req), body: req.body, fieldManager: 'flotilla' },
        options,
      ),
    { ...opts, headers: { 'Content-Type': MERGE_PATCH } },
  );
}

/** Deletes (foreground); with `resourceVersion`, only the object at that version. */
export function deleteCustomObject(
  transport: KubernetesTransport,
  req: CustomObjectRef & { resourceVersion?: string },
  opts?: KubernetesRequestOptions,
): Promise<unknown> {
  return transport.request(
    `delete ${describeObject(req)}`,
    (apis, options) =>
      apis.custom.deleteNamespacedCustomObject(
        {
          ...objectRefOf(req),
          propagationPolicy: 'Foreground',
          body: req.resourceVersion
            ? { preconditions: { resourceVersion: req.resourceVersion } }
            : undefined,
        },
        options,
      ),
    opts,
  );
}
