/**
 * The hub calls the OCM controllers make, cluster-scoped or namespaced by
 * type: list, get (undefined on 404), create-or-leave, and replace of the
 * object or its status subresource carrying the resourceVersion that was
 * read (a 409 Conflict means someone wrote in between: the caller's next
 * pass re-reads; never a blind overwrite).
 */
import { CustomObjectsApi, type KubeConfig } from '@kubernetes/client-node';
import { statusCode } from '../capi/kube';
import type { OcmType } from './model';

export { statusCode };

/**
 * A custom object as JSON: the fields the controllers read are typed at use
 * (objectTypes.ts).
 */
export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata: {
    name: string;
    namespace?: string;
    resourceVersion?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    uid?: string;
    ownerReferences?: unknown[];
  };
  spec?: unknown;
  status?: unknown;
}

export class HubObjects {
  readonly api: CustomObjectsApi;

  constructor(kc: KubeConfig) {
    this.api = kc.makeApiClient(CustomObjectsApi);
  }

  async list<T extends KubeObject = KubeObject>(
    t: OcmType,
    namespace?: string,
    labelSelector?: string,
  ): Promise<T[]> {
    const { group, version, plural } = t;
    const res: { items?: T[] } =
      t.namespaced && namespace
        ? await this.api.listNamespacedCustomObject({
            group,
            version,
            plural,
            namespace,
            labelSelector,
          })
        : await this.api.listClusterCustomObject({
            group,
            version,
            plural,
            labelSelector,
          });
    return res.items ?? [];
  }

  async get<T extends KubeObject = KubeObject>(
    t: OcmType,
    name: string,
    namespace?: string,
  ): Promise<T | undefined> {
    const { group, version, plural } = t;
    try {
      return t.namespaced
        ? await this.api.getNamespacedCustomObject({
            group,
            version,
            plural,
            namespace: namespace!,
            name,
          })
        : await this.api.getClusterCustomObject({
            group,
            version,
            plural,
            name,
          });
    } catch (error) {
      if (statusCode(error) === 404) return undefined;
      throw error;
    }
  }

  /** Creates the object unless one of that name exists (left as is). */
  async createOrLeave(t: OcmType, body: KubeObject): Promise<boolean> {
    const { group, version, plural } = t;
    try {
      if (t.namespaced) {
        await this.api.createNamespacedCustomObject({
          group,
          version,
          plural,
          namespace: body.metadata.namespace!,
          body,
        });
      } else {
        await this.api.createClusterCustomObject({
          group,
          version,
          plural,
          body,
        });
      }
      return true;
    } catch (error) {
      if (statusCode(error) === 409) return false;
      throw error;
    }
  }

  /** Replaces the object; `body.metadata.resourceVersion` is the precondition. */
  async replace(t: OcmType, body: KubeObject): Promise<KubeObject> {
    const { group, version, plural } = t;
    const name = body.metadata.name;
    return t.namespaced
      ? this.api.replaceNamespacedCustomObject({
          group,
          version,
          plural,
          namespace: body.metadata.namespace!,
          name,
          body,
        })
      : this.api.replaceClusterCustomObject({
          group,
          version,
          plural,
          name,
          body,
        });
  }

  /** Replaces the status subresource, with the same precondition. */
  async replaceStatus(t: OcmType, body: KubeObject): Promise<KubeObject> {
    const { group, version, plural } = t;
    const name = body.metadata.name;
    return t.namespaced
      ? this.api.replaceNamespacedCustomObjectStatus({
          group,
          version,
          plural,
          namespace: body.metadata.namespace!,
          name,
          body,
        })
      : this.api.replaceClusterCustomObjectStatus({
          group,
          version,
          plural,
          name,
          body,
        });
  }

  async delete(t: OcmType, name: string, namespace?: string): Promise<void> {
    const { group, version, plural } = t;
    try {
      if (t.namespaced) {
        await this.api.deleteNamespacedCustomObject({
          group,
          version,
          plural,
          namespace: namespace!,
          name,
        });
      } else {
        await this.api.deleteClusterCustomObject({
          group,
          version,
          plural,
          name,
        });
      }
    } catch (error) {
      if (statusCode(error) !== 404) throw error;
    }
  }
}
