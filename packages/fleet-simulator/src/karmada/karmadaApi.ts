/**
 * Typed reads and writes of Karmada's objects on the control plane, as its
 * controllers make them: Clusters through the aggregation layer, policies,
 * bindings and Works from their CRDs. Writes carry the read
 * resourceVersion (409 Conflict when stale).
 */
import { CustomObjectsApi, KubeConfig } from '@kubernetes/client-node';
import type { Cluster } from './clusterTypes';
import type {
  KarmadaSpec,
  KarmadaStatus,
  ManifestMetadata,
} from './objectTypes';
import { CLUSTER_GROUP, POLICY_GROUP, WORK_GROUP } from './kube';

export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata: ManifestMetadata & { deletionTimestamp?: string };
  spec?: KarmadaSpec;
  status?: KarmadaStatus;
  [key: string]: unknown;
}

export type Plural =
  | 'propagationpolicies'
  | 'clusterpropagationpolicies'
  | 'overridepolicies'
  | 'clusteroverridepolicies'
  | 'resourcebindings'
  | 'clusterresourcebindings'
  | 'works';

const GROUPS: Record<
  Plural,
  { group: string; version: string; namespaced: boolean }
> = {
  propagationpolicies: {
    group: POLICY_GROUP,
    version: 'v1alpha1',
    namespaced: true,
  },
  clusterpropagationpolicies: {
    group: POLICY_GROUP,
    version: 'v1alpha1',
    namespaced: false,
  },
  overridepolicies: {
    group: POLICY_GROUP,
    version: 'v1alpha1',
    namespaced: true,
  },
  clusteroverridepolicies: {
    group: POLICY_GROUP,
    version: 'v1alpha1',
    namespaced: false,
  },
  resourcebindings: {
    group: WORK_GROUP,
    version: 'v1alpha2',
    namespaced: true,
  },
  clusterresourcebindings: {
    group: WORK_GROUP,
    version: 'v1alpha2',
    namespaced: false,
  },
  works: { group: WORK_GROUP, version: 'v1alpha1', namespaced: true },
};

export function apiVersionOf(plural: Plural): string {
  return `${GROUPS[plural].group}/${GROUPS[plural].version}`;
}

/** How long a Cluster list is shared with other callers, from its start. */
const CLUSTER_LIST_SHARE_MS = 1000;

/** The last Cluster list per control plane (its KubeConfig, one per fleet). */
const clusterLists = new WeakMap<
  KubeConfig,
  { startedAt: number; list: Promise<Cluster[]> }
>();

export class KarmadaApi {
  readonly custom: CustomObjectsApi;

  constructor(readonly kubeConfig: KubeConfig) {
    this.custom = kubeConfig.makeApiClient(CustomObjectsApi);
  }

  /**
   * Every Cluster. A list another controller started less than
   * `CLUSTER_LIST_SHARE_MS` ago (or is still waiting for) is the answer:
   * with a thousand Clusters a list is megabytes, and each controller
   * listing on every pass and wake-up kept the simulator busy. Callers only
   * read the Clusters (a write re-reads one on conflict).
   */
  async listClusters(): Promise<Cluster[]> {
    const shared = clusterLists.get(this.kubeConfig);
    if (shared && Date.now() - shared.startedAt < CLUSTER_LIST_SHARE_MS)
      return [...(await shared.list)];
    const list = (
      this.custom.listClusterCustomObject({
        group: CLUSTER_GROUP,
        version: 'v1alpha1',
        plural: 'clusters',
      }) as Promise<{ items?: Cluster[] }>
    ).then(answer => answer.items ?? []);
    clusterLists.set(this.kubeConfig, { startedAt: Date.now(), list });
    list.catch(() => {
      if (clusterLists.get(this.kubeConfig)?.list === list)
        clusterLists.delete(this.kubeConfig);
    });
    return [...(await list)];
  }

  async getCluster(name: string): Promise<Cluster> {
    return (await this.custom.getClusterCustomObject({
      group: CLUSTER_GROUP,
      version: 'v1alpha1',
      plural: 'clusters',
      name,
    })) as Cluster;
  }

  async replaceCluster(
    cluster: Cluster,
    subresource?: 'status',
  ): Promise<Cluster> {
    const request = {
      group: CLUSTER_GROUP,
      version: 'v1alpha1',
      plural: 'clusters',
      name: cluster.metadata.name,
      body: cluster,
    };
    return (
      subresource === 'status'
        ? await this.custom.replaceClusterCustomObjectStatus(request)
        : await this.custom.replaceClusterCustomObject(request)
    ) as Cluster;
  }

  /** Every object of `plural` (all namespaces), optionally by label selector. */
  async list(
    plural: Plural,
    options: { namespace?: string; labelSelector?: string } = {},
  ): Promise<KubeObject[]> {
    const { group, version, namespaced } = GROUPS[plural];
    const list = (
      namespaced && options.namespace
        ? await this.custom.listNamespacedCustomObject({
            group,
            version,
            plural,
            namespace: options.namespace,
            labelSelector: options.labelSelector,
          })
        : await this.custom.listClusterCustomObject({
            group,
            version,
            plural,
            labelSelector: options.labelSelector,
          })
    ) as { items: KubeObject[] };
    return (list.items ?? []).map(item => ({
      ...item,
      apiVersion: `${group}/${version}`,
    }));
  }

  async get(
    plural: Plural,
    name: string,
    namespace?: string,
  ): Promise<KubeObject> {
    const { group, version, namespaced } = GROUPS[plural];
    return (
      namespaced
        ? await this.custom.getNamespacedCustomObject({
            group,
            version,
            plural,
            namespace: namespace!,
            name,
          })
        : await this.custom.getClusterCustomObject({
            group,
            version,
            plural,
            name,
          })
    ) as KubeObject;
  }

  async create(plural: Plural, body: KubeObject): Promise<KubeObject> {
    const { group, version, namespaced } = GROUPS[plural];
    return (
      namespaced
        ? await this.custom.createNamespacedCustomObject({
            group,
            version,
            plural,
            namespace: body.metadata.namespace!,
            body,
          })
        : await this.custom.createClusterCustomObject({
            group,
            version,
            plural,
            body,
          })
    ) as KubeObject;
  }

  /** PUT with `body.metadata.resourceVersion` (409 when stale). */
  async replace(
    plural: Plural,
    body: KubeObject,
    subresource?: 'status',
  ): Promise<KubeObject> {
    const { group, version, namespaced } = GROUPS[plural];
    const name = body.metadata.name;
    const namespace = body.metadata.namespace!;
    if (subresource === 'status') {
      return (
        namespaced
          ? await this.custom.replaceNamespacedCustomObjectStatus({
              group,
              version,
              plural,
              namespace,
              name,
              body,
            })
          : await this.custom.replaceClusterCustomObjectStatus({
              group,
              version,
              plural,
              name,
              body,
            })
      ) as KubeObject;
    }
    return (
      namespaced
        ? await this.custom.replaceNamespacedCustomObject({
            group,
            version,
            plural,
            namespace,
            name,
            body,
          })
        : await this.custom.replaceClusterCustomObject({
            group,
            version,
            plural,
            name,
            body,
          })
    ) as KubeObject;
  }

  async delete(
    plural: Plural,
    name: string,
    namespace?: string,
  ): Promise<void> {
    const { group, version, namespaced } = GROUPS[plural];
    if (namespaced)
      await this.custom.deleteNamespacedCustomObject({
        group,
        version,
        plural,
        namespace: namespace!,
        name,
      });
    else
      await this.custom.deleteClusterCustomObject({
        group,
        version,
        plural,
        name,
      });
  }
}
