import { LoggerService } from '@backstage/backend-plugin-api';
import { SERVICE_ANNOTATIONS } from '@flotilla/plugin-multi-cluster-common';
import { ControlPlaneConfig } from '../../config';
import type {
  KubernetesClient,
  KubernetesRequestOptions,
  Workload,
} from '../../kubernetes';
import * as karmadaApi from '../../kubernetes/apis/karmada';
import { sanitizeForLog } from '../../util/sanitize';
import type {
  KarmadaCluster,
  KarmadaCondition,
  OverridePolicy,
  PropagationPolicy,
  ResourceBinding,
  ServedObjectMeta,
} from '../../kubernetes/apis/karmadaTypes';
import { readResourceSummary } from '../findings';
import { segmentationFromMetadata, withShortLabels } from '../segmentation';
import { karmadaHealthEvidence } from './karmadaHealth';
import {
  ClusterRecord,
  ClusterTaint,
  FleetConnector,
  PlacedWorkload,
} from '../types';

// Karmada's API groups live with its API module; still exported here.
export {
  KARMADA_CLUSTER_GROUP,
  KARMADA_POLICY_GROUP,
  KARMADA_WORK_GROUP,
} from '../../kubernetes/apis/karmada';

/**
 * One Karmada control plane: member `Cluster`s (Ready condition, taints,
 * provider/region/zones, resource summary) plus the policy objects used for
 * entity placement and failover (PropagationPolicies, OverridePolicies,
 * ResourceBindings).
 *
 * @public
 */
export class KarmadaConnector implements FleetConnector {
  readonly id: string;
  readonly type = 'karmada' as const;

  constructor(
    private readonly options: {
      controlPlane: ControlPlaneConfig;
      client: KubernetesClient;
      logger: LoggerService;
      conflictRetries: number;
    },
  ) {
    this.id = `karmada:${options.controlPlane.name}`;
  }

  get name(): string {
    return this.options.controlPlane.name;
  }

  get client(): KubernetesClient {
    return this.options.client;
  }

  async listClusters(options: {
    signal?: AbortSignal;
  }): Promise<ClusterRecord[]> {
    const items = await karmadaApi.listKarmadaClusters(this.options.client, {
      signal: options.signal,
    });
    let workloads = new Map<string, PlacedWorkload[]>();
    // Without the ResourceBindings the clusters still hold, but what runs
    // on them is unknown: a finding on each, not a silent empty list.
    let bindingsProblem: string | undefined;
    try {
      workloads = await this.placedWorkloads(options.signal);
    } catch (error) {
      bindingsProblem = sanitizeForLog(
        `${this.id}: cannot list ResourceBindings, placed workloads unknown: ${
          (error as Error).message
        }`,
        500,
      );
      this.options.logger.warn(bindingsProblem);
    }
    // An object without a name cannot be told apart from the others.
    const named = items.filter(
      (c): c is KarmadaCluster & { metadata: ServedObjectMeta } =>
        typeof c?.metadata?.name === 'string' && c.metadata.name !== '',
    );
    return named.map(c => {
      const record = this.toRecord(c, workloads.get(c.metadata.name));
      if (bindingsProblem) {
        record.fields.problems = [
          ...(record.fields.problems ?? []),
          bindingsProblem,
        ];
      }
      return record;
    });
  }

  private toRecord(
    c: KarmadaCluster & { metadata: ServedObjectMeta },
    workloads?: PlacedWorkload[],
  ): ClusterRecord {
    const name: string = c.metadata.name;
    const spec: NonNullable<KarmadaCluster['spec']> = c.spec ?? {};
    const status: NonNullable<KarmadaCluster['status']> = c.status ?? {};
    const fields = segmentationFromMetadata(
      c.metadata?.labels,
      c.metadata?.annotations,
    );
    fields.provider = spec.provider ?? fields.provider;
    fields.region = spec.region ?? fields.region;
    const zones: string[] | undefined =
      spec.zones ?? (spec.zone ? [spec.zone] : undefined);
    fields.zones = zones ?? fields.zones;
    fields.labels = withShortLabels(
      { ...(c.metadata?.labels ?? {}), ...fields.labels },
      fields,
    );
    fields.apiServerUrl = spec.apiEndpoint;
    fields.kubernetesVersion = status.kubernetesVersion;
    fields.taints = Array.isArray(spec.taints)
      ? spec.taints
          .filter(
            (t: unknown): t is Partial<ClusterTaint> =>
              typeof t === 'object' && t !== null,
          )
          .map(
            (t): ClusterTaint =>
              ({
                key: t.key,
                value: t.value,
                effect: t.effect,
                timeAdded: t.timeAdded,
              } as ClusterTaint),
          )
      : undefined;
    // Valid entries only; the rest is a finding on the cluster (the
    // resource then counts as unavailable).
    const summary = readResourceSummary(status.resourceSummary);
    if (status.resourceSummary) {
      fields.capacity = {
        ...fields.capacity,
        allocatable: summary.allocatable ?? fields.capacity?.allocatable,
        allocated: summary.allocated,
        allocating: summary.allocating,
      };
    }
    if (summary.problems.length > 0) {
      fields.problems = [...(fields.problems ?? []), ...summary.problems];
    }
    const conditions: (KarmadaCondition | undefined)[] = Array.isArray(
      status.conditions,
    )
      ? status.conditions
      : [];
    const ready = conditions.find(x => x?.type === 'Ready');
    fields.karmada = {
      controlPlane: this.name,
      syncMode: spec.syncMode,
      ready: ready ? ready.status === 'True' : undefined,
    };
    fields.workloads = workloads;
    return {
      name,
      source: 'karmada',
      sourceId: this.id,
      fields,
      access: { kind: 'karmada-proxy', controlPlane: this.name, cluster: name },
      health: karmadaHealthEvidence(
        ready,
        fields.taints,
        new Date().toISOString(),
      ),
    };
  }

  private async placedWorkloads(
    signal?: AbortSignal,
  ): Promise<Map<string, PlacedWorkload[]>> {
    const bindings = await this.listResourceBindings(undefined, signal);
    const out = new Map<string, PlacedWorkload[]>();
    for (const rb of bindings) {
      const res = rb.spec?.resource ?? {};
      for (const target of rb.spec?.clusters ?? []) {
        const list = out.get(target.name) ?? [];
        // As the binding says, unchecked: a cluster-scoped resource has no namespace.
        list.push({
          namespace: res.namespace ?? rb.metadata?.namespace,
          kind: res.kind,
          name: res.name,
          replicas: target.replicas,
          kubernetesId: rb.metadata?.labels?.[SERVICE_ANNOTATIONS.kubernetesId],
          source: 'karmada',
        } as PlacedWorkload);
        out.set(target.name, list);
      }
    }
    return out;
  }

  listResourceBindings(
    namespace?: string,
    signal?: AbortSignal,
  ): Promise<ResourceBinding[]> {
    return karmadaApi.listResourceBindings(this.options.client, namespace, {
      signal,
    });
  }

  listPropagationPolicies(namespace?: string): Promise<PropagationPolicy[]> {
    return karmadaApi.listPropagationPolicies(this.options.client, namespace);
  }

  listClusterPropagationPolicies(): Promise<PropagationPolicy[]> {
    return karmadaApi.listClusterPropagationPolicies(this.options.client);
  }

  listOverridePolicies(namespace?: string): Promise<OverridePolicy[]> {
    return karmadaApi.listOverridePolicies(this.options.client, namespace);
  }

  /** Resource templates on the Karmada API server matching a label selector. */
  async listResourceTemplates(query: {
    labelSelector: string;
    namespace?: string;
  }): Promise<{ kind: 'Deployment' | 'StatefulSet'; object: Workload }[]> {
    const [deployments, statefulSets] = await Promise.all([
      this.options.client.listWorkloads('Deployment', query),
      this.options.client.listWorkloads('StatefulSet', query),
    ]);
    return [
      ...deployments.map(object => ({ kind: 'Deployment' as const, object })),
      ...statefulSets.map(object => ({ kind: 'StatefulSet' as const, object })),
    ];
  }

  /**
   * Merge-patches an OverridePolicy with a resourceVersion precondition,
   * re-reading and retrying on 409 `conflictRetries` times (used by
   * failover to shift traffic/replicas); NotFoundError when it is missing.
   */
  patchOverridePolicy(
    namespace: string,
    name: string,
    build: (current: OverridePolicy) => OverridePolicy,
    opts?: KubernetesRequestOptions,
  ): Promise<{ object: OverridePolicy; attempts: number }> {
    return karmadaApi.patchOverridePolicy(
      this.options.client,
      {
        namespace,
        name,
        controlPlane: this.name,
        conflictRetries: this.options.conflictRetries,
        build,
      },
      opts,
    );
  }

  /** One OverridePolicy, or undefined when there is none with the name. */
  getOverridePolicy(
    namespace: string,
    name: string,
    opts?: KubernetesRequestOptions,
  ): Promise<OverridePolicy | undefined> {
    return karmadaApi.getOverridePolicy(
      this.options.client,
      { namespace, name },
      opts,
    );
  }

  /** Deletes an OverridePolicy at the resourceVersion it was read at (409 when changed since). */
  deleteOverridePolicy(
    req: { namespace: string; name: string; resourceVersion: string },
    opts?: KubernetesRequestOptions,
  ): Promise<void> {
    return karmadaApi.deleteOverridePolicy(this.options.client, req, opts);
  }

  /** Creates an OverridePolicy (409 when it exists already). */
  createOverridePolicy(
    body: OverridePolicy & { metadata: { name: string; namespace: string } },
    opts?: KubernetesRequestOptions,
  ): Promise<OverridePolicy> {
    return karmadaApi.createOverridePolicy(this.options.client, body, opts);
  }
}
