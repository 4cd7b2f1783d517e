/**
 * The few Kubernetes calls the Cluster API, Argo CD and Fleet controllers of
 * the simulator make, on top of @kubernetes/client-node: custom objects as
 * plain JSON, reads that answer `undefined` on 404, create-or-leave, and
 * read-modify-replace guarded by `metadata.resourceVersion` that re-reads and
 * retries on 409 Conflict (never a blind overwrite).
 */
import {
  ApiException,
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';
import type { CustomObject, OwnerRef } from './customObject';

/** A custom resource type, addressed as its storage version. */
export interface ResourceType {
  group: string;
  version: string;
  plural: string;
  kind: string;
}

export const apiVersionOf = (t: ResourceType) => `${t.group}/${t.version}`;

export function statusCode(error: unknown): number | undefined {
  if (error instanceof ApiException) return error.code;
  const failure = error as { code?: unknown; statusCode?: unknown } | undefined;
  const code = failure?.code ?? failure?.statusCode;
  return typeof code === 'number' ? code : undefined;
}

/** How many times a conflicting write is re-read and retried. */
const CONFLICT_RETRIES = 5;

/** Custom objects of one cluster, namespaced. */
export class CustomObjects {
  readonly api: CustomObjectsApi;

  constructor(readonly kc: KubeConfig) {
    this.api = kc.makeApiClient(CustomObjectsApi);
  }

  async list<T extends CustomObject = CustomObject>(
    t: ResourceType,
    namespace?: string,
    labelSelector?: string,
  ): Promise<T[]> {
    const res: { items?: T[] } = namespace
      ? await this.api.listNamespacedCustomObject({
          ...t,
          namespace,
          labelSelector,
        })
      : await this.api.listClusterCustomObject({ ...t, labelSelector });
    return res.items ?? [];
  }

  async get<T extends CustomObject = CustomObject>(
    t: ResourceType,
    namespace: string,
    name: string,
  ): Promise<T | undefined> {
    try {
      return (await this.api.getNamespacedCustomObject({
        ...t,
        namespace,
        name,
      })) as T;
    } catch (error) {
      if (statusCode(error) === 404) return undefined;
      throw error;
    }
  }

  /** Creates the object unless one of that name exists (which is left as is). */
  async createOrLeave<T extends CustomObject = CustomObject>(
    t: ResourceType,
    body: CustomObject,
  ): Promise<{ created: boolean; object: T | undefined }> {
    const namespace = body.metadata.namespace!;
    try {
      const object = (await this.api.createNamespacedCustomObject({
        ...t,
        namespace,
        body,
      })) as T;
      return { created: true, object };
    } catch (error) {
      if (statusCode(error) !== 409) throw error;
      return {
        created: false,
        object: await this.get<T>(t, namespace, body.metadata.name),
      };
    }
  }

  async replace<T extends CustomObject>(t: ResourceType, body: T): Promise<T> {
    return (await this.api.replaceNamespacedCustomObject({
      ...t,
      namespace: body.metadata.namespace!,
      name: body.metadata.name,
      body,
    })) as T;
  }

  async replaceStatus<T extends CustomObject>(
    t: ResourceType,
    body: T,
  ): Promise<T> {
    return (await this.api.replaceNamespacedCustomObjectStatus({
      ...t,
      namespace: body.metadata.namespace!,
      name: body.metadata.name,
      body,
    })) as T;
  }

  /** A JSON merge patch, as `kubectl patch --type merge` and the backend send. */
  async mergePatch(
    t: ResourceType,
    namespace: string,
    name: string,
    body: object,
  ): Promise<CustomObject> {
    return (await this.api.patchNamespacedCustomObject(
      { ...t, namespace, name, body },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    )) as CustomObject;
  }

  /** Deletes the object; already gone is fine. */
  async delete(t: ResourceType, namespace: string, name: string) {
    try {
      await this.api.deleteNamespacedCustomObject({ ...t, namespace, name });
      return true;
    } catch (error) {
      if (statusCode(error) === 404) return false;
      throw error;
    }
  }

  /**
   * Re-reads the object and applies `change` (which edits a copy and returns
   * it, or `undefined` for "nothing to do") until the write is accepted with
   * the resourceVersion it was read at. Answers the written object, or
   * `undefined` when it is gone or needed no change.
   */
  async update<T extends CustomObject = CustomObject>(
    t: ResourceType,
    namespace: string,
    name: string,
    change: (current: T) => T | undefined,
    subresource: 'main' | 'status' = 'main',
    /** The object as just listed: tried first, so an unchanged object costs no call. */
    listed?: T,
  ): Promise<T | undefined> {
    for (let attempt = 1; ; attempt++) {
      const current =
        attempt === 1 && listed
          ? listed
          : await this.get<T>(t, namespace, name);
      if (!current) return undefined;
      const next = change(structuredClone(current));
      if (!next) return undefined;
      next.metadata.resourceVersion = current.metadata.resourceVersion;
      try {
        return subresource === 'status'
          ? await this.replaceStatus(t, next)
          : await this.replace(t, next);
      } catch (error) {
        const code = statusCode(error);
        if (code === 404) return undefined;
        if (code !== 409 || attempt >= CONFLICT_RETRIES) throw error;
      }
    }
  }
}

/** Core objects (Namespaces, Secrets, Nodes) of one cluster. */
export class CoreObjects {
  readonly api: CoreV1Api;

  constructor(kc: KubeConfig) {
    this.api = kc.makeApiClient(CoreV1Api);
  }

  async ensureNamespace(name: string, labels?: Record<string, string>) {
    try {
      await this.api.createNamespace({
        body: { metadata: { name, labels } },
      });
    } catch (error) {
      if (statusCode(error) !== 409) throw error;
    }
  }

  async readSecret(namespace: string, name: string) {
    try {
      return await this.api.readNamespacedSecret({ namespace, name });
    } catch (error) {
      if (statusCode(error) === 404) return undefined;
      throw error;
    }
  }

  /** Creates the Secret, or replaces its data, type and labels when they differ. */
  async applySecret(body: {
    metadata: {
      name: string;
      namespace: string;
      labels?: Record<string, string>;
      ownerReferences?: OwnerRef[];
    };
    type?: string;
    data?: Record<string, string>;
    stringData?: Record<string, string>;
  }): Promise<'created' | 'updated' | 'unchanged'> {
    const { namespace, name } = body.metadata;
    for (let attempt = 1; ; attempt++) {
      const current = await this.readSecret(namespace, name);
      const data = {
        ...body.data,
        ...Object.fromEntries(
          Object.entries(body.stringData ?? {}).map(([k, v]) => [
            k,
            Buffer.from(v).toString('base64'),
          ]),
        ),
      };
      try {
        if (!current) {
          await this.api.createNamespacedSecret({
            namespace,
            body: { ...body, stringData: undefined, data },
          });
          return 'created';
        }
        const labels = { ...current.metadata?.labels, ...body.metadata.labels };
        if (
          current.type === body.type &&
          JSON.stringify(current.data ?? {}) === JSON.stringify(data) &&
          JSON.stringify(current.metadata?.labels ?? {}) ===
            JSON.stringify(labels)
        ) {
          return 'unchanged';
        }
        await this.api.replaceNamespacedSecret({
          namespace,
          name,
          body: {
            ...current,
            metadata: { ...current.metadata, labels },
            data,
          },
        });
        return 'updated';
      } catch (error) {
        if (statusCode(error) !== 409 || attempt >= CONFLICT_RETRIES) {
          throw error;
        }
      }
    }
  }
}

export { runReconcileLoop, sleep } from './reconcileLoop';

/** A positive integer from the environment, else the default. */
export function envMs(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= 0 && process.env[name] !== ''
    ? value
    : fallback;
}
