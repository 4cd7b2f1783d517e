/**
 * How the member seeding writes objects: create-or-leave (an object that
 * exists is never overwritten: whoever changed it since, a test or a
 * failover, keeps its change), then the status a controller of that object
 * would have written (a kubelet, a cloud load-balancer controller, an MCS
 * controller), through the status subresource with the resourceVersion just
 * read, re-read and retried on 409.
 */
import {
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  KubernetesObjectApi,
  type KubernetesObject,
} from '@kubernetes/client-node';
import { statusCode } from '../capi/kube';

/** An object to seed, with the status to write once it exists. */
export type SeedObject = KubernetesObject & {
  metadata: { name: string; namespace?: string };
  status?: Record<string, unknown>;
  [field: string]: unknown;
};

/** An object as the member's API server answers it. */
type StoredObject = KubernetesObject & { status?: Record<string, unknown> };

export { statusCode };

const CONFLICT_RETRIES = 5;

/** The API clients of one member, straight to its API server. */
export class MemberApis {
  readonly core: CoreV1Api;
  readonly apps: AppsV1Api;
  readonly custom: CustomObjectsApi;
  readonly objects: KubernetesObjectApi;

  constructor(readonly kc: KubeConfig) {
    this.core = kc.makeApiClient(CoreV1Api);
    this.apps = kc.makeApiClient(AppsV1Api);
    this.custom = kc.makeApiClient(CustomObjectsApi);
    this.objects = KubernetesObjectApi.makeApiClient(kc);
  }

  /** Whether the API server serves this group/version/plural (its CRD is installed). */
  async serves(
    group: string,
    version: string,
    plural: string,
  ): Promise<boolean> {
    try {
      const list = await this.custom.getAPIResources({ group, version });
      return (list.resources ?? []).some(r => r.name === plural);
    } catch (error) {
      if (statusCode(error) === 404) return false;
      throw error;
    }
  }

  /**
   * Creates the object unless it exists, then writes its status when the
   * object has none of what `status` describes. Answers whether it was created.
   */
  async ensure(object: SeedObject): Promise<boolean> {
    const { status, ...body } = object;
    let created = true;
    let current: StoredObject | undefined;
    try {
      current = await this.objects.create(body as KubernetesObject);
    } catch (error) {
      if (statusCode(error) !== 409) throw error;
      created = false;
      current = await this.read(object);
    }
    if (status && current && statusMissing(current.status, status)) {
      await this.writeStatus(object, status);
    }
    return created;
  }

  private async read(object: SeedObject): Promise<StoredObject | undefined> {
    try {
      return await this.objects.read({
        apiVersion: object.apiVersion!,
        kind: object.kind!,
        metadata: {
          name: object.metadata.name,
          namespace: object.metadata.namespace,
        },
      });
    } catch (error) {
      if (statusCode(error) === 404) return undefined;
      throw error;
    }
  }

  /** Re-reads the object and replaces its status, until no conflict. */
  private async writeStatus(
    object: SeedObject,
    status: Record<string, unknown>,
  ) {
    const { name, namespace } = object.metadata;
    for (let attempt = 1; ; attempt++) {
      const current = await this.read(object);
      if (!current) return;
      if (!statusMissing(current.status, status)) return;
      const body = { ...current, status: { ...current.status, ...status } };
      try {
        if (object.kind === 'Node') {
          await this.core.replaceNodeStatus({ name, body });
        } else if (object.kind === 'Service') {
          await this.core.replaceNamespacedServiceStatus({
            name,
            namespace: namespace!,
            body,
          });
        } else {
          const [group, version] = object.apiVersion!.split('/');
          await this.custom.replaceNamespacedCustomObjectStatus({
            group,
            version,
            plural: pluralOf(object.kind!),
            namespace: namespace!,
            name,
            body,
          });
        }
        return;
      } catch (error) {
        if (statusCode(error) !== 409 || attempt >= CONFLICT_RETRIES) {
          throw error;
        }
      }
    }
  }
}

/** Custom kinds whose status the member seeding writes. */
function pluralOf(kind: string): string {
  const plurals: Record<string, string> = { ServiceExport: 'serviceexports' };
  const plural = plurals[kind];
  if (!plural) throw new Error(`no status writer for kind ${kind}`);
  return plural;
}

function empty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') {
    return Object.values(value as object).every(empty);
  }
  return false;
}

/**
 * True when the current status lacks a part the seeded status sets (what the
 * API server defaults, like a Service's empty `loadBalancer: {}`, is empty).
 */
export function statusMissing(
  current: Record<string, unknown> | undefined,
  wanted: Record<string, unknown>,
): boolean {
  return Object.entries(wanted).some(
    ([key, value]) => !empty(value) && empty(current?.[key]),
  );
}
