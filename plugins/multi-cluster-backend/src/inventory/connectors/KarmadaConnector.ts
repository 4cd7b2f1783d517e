import { LoggerService } from '@backstage/backend-plugin-api';
import { SERVICE_ANNOTATIONS } from '@flotilla/plugin-multi-cluster-common';
import { ConflictError, NotFoundError } from '@backstage/errors';
import { ControlPlaneConfig } from '../../config';
import {
  KubernetesClient,
  KubernetesRequestError,
} from '../../kubernetes/KubernetesClient';
import { sanitizeForLog } from '../../util/sanitize';
import type {
  KarmadaCluster,
  KarmadaCondition,
  OverridePolicy,
  PropagationPolicy,
  ResourceBinding,
  ServedObjectMeta,
} from './karmadaTypes';
import { readResourceSummary } from '../findings';
import { segmentationFromMetadata, withShortLabels } from '../segmentation';
import type { Workload } from '../../kubernetes/KubernetesClient';
import {
  ClusterHealthStatus,
  ClusterRecord,
  ClusterTaint,
  FleetConnector,
  PlacedWorkload,
} from '../types';

export const KARMADA_CLUSTER_GROUP = 'cluster.karmada.io';
export const KARMADA_POLICY_GROUP = 'policy.karmada.io';
export const KARMADA_WORK_GROUP = 'work.karmada.io';

function readyStatus(ready?: { status?: string }): ClusterHealthStatus {
  if (!ready) {
    return 'unknown';
  }
  return ready.status === 'True' ? 'healthy' : 'unhealthy';
}

/**
 * One Karmada control plane: member `Cluster`s (Ready condition, taints,
 * provider/region/zones, resource summary) plus the policy objects used for
 * entity placement and failover (PropagationPolicies, OverridePolicies,
 * ResourceBindings).
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
    const { items } =
      await this.options.client.listCustomObjects<KarmadaCluster>(
        {
          group: KARMADA_CLUSTER_GROUP,
          version: 'v1alpha1',
          plural: 'clusters',
        },
        { signal: options.signal },
      );
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
    const named = (Array.isArray(items) ? items : []).filter(
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
      health: {
        status: readyStatus(ready),
        via: 'karmada',
        checkedAt: ready?.lastTransitionTime ?? new Date().toISOString(),
        message: ready?.message ?? (ready ? undefined : 'No Ready condition'),
      },
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

  async listResourceBindings(
    namespace?: string,
    signal?: AbortSignal,
  ): Promise<ResourceBinding[]> {
    const res = await this.options.client.listCustomObjects<ResourceBinding>(
      {
        group: KARMADA_WORK_GROUP,
        version: 'v1alpha2',
        plural: 'resourcebindings',
        namespace,
      },
      { signal },
    );
    return res.items ?? [];
  }

  async listPropagationPolicies(
    namespace?: string,
  ): Promise<PropagationPolicy[]> {
    const res = await this.options.client.listCustomObjects<PropagationPolicy>({
      group: KARMADA_POLICY_GROUP,
      version: 'v1alpha1',
      plural: 'propagationpolicies',
      namespace,
    });
    return res.items ?? [];
  }

  async listClusterPropagationPolicies(): Promise<PropagationPolicy[]> {
    const res = await this.options.client.listCustomObjects<PropagationPolicy>({
      group: KARMADA_POLICY_GROUP,
      version: 'v1alpha1',
      plural: 'clusterpropagationpolicies',
    });
    return res.items ?? [];
  }

  async listOverridePolicies(namespace?: string): Promise<OverridePolicy[]> {
    const res = await this.options.client.listCustomObjects<OverridePolicy>({
      group: KARMADA_POLICY_GROUP,
      version: 'v1alpha1',
      plural: 'overridepolicies',
      namespace,
    });
    return res.items ?? [];
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
   * re-reading and retrying on 409 a bounded number of times (used by
   * failover to shift traffic/replicas).
   */
  async patchOverridePolicy(
    namespace: string,
    name: string,
    build: (current: OverridePolicy) => OverridePolicy,
  ): Promise<{ object: OverridePolicy; attempts: number }> {
    const target = {
      group: KARMADA_POLICY_GROUP,
      version: 'v1alpha1',
      plural: 'overridepolicies',
      namespace,
      name,
    };
    const max = Math.max(1, this.options.conflictRetries + 1);
    for (let attempt = 1; attempt <= max; attempt++) {
      let current: OverridePolicy;
      try {
        current = await this.options.client.getCustomObject<OverridePolicy>(
          target,
        );
      } catch (error) {
        if (
          error instanceof KubernetesRequestError &&
          error.statusCode === 404
        ) {
          throw new NotFoundError(
            `OverridePolicy ${namespace}/${name} not found on Karmada ${this.name}`,
          );
        }
        throw error;
      }
      const body = build(current);
      try {
        const object =
          await this.options.client.mergePatchCustomObject<OverridePolicy>({
            ...target,
            body: {
              ...body,
              metadata: {
                ...body.metadata,
                resourceVersion: current.metadata?.resourceVersion,
              },
            },
          });
        return { object, attempts: attempt };
      } catch (error) {
        if (
          error instanceof KubernetesRequestError &&
          error.statusCode === 409 &&
          attempt < max
        ) {
          continue;
        }
        if (
          error instanceof KubernetesRequestError &&
          error.statusCode === 409
        ) {
          throw new ConflictError(
            `OverridePolicy ${namespace}/${name} was modified concurrently ${max} times; giving up: ${error.message}`,
          );
        }
        throw error;
      }
    }
    throw new ConflictError('unreachable');
  }
}
