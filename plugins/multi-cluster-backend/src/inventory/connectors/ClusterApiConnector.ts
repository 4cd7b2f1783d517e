import { LoggerService } from '@backstage/backend-plugin-api';
import { ConflictError, InputError, NotFoundError } from '@backstage/errors';
import { ControlPlaneConfig } from '../../config';
import {
  KubernetesClient,
  KubernetesRequestError,
} from '../../kubernetes/KubernetesClient';
import {
  ClusterLifecycleProvider,
  DeleteClusterResult,
  ScaleMachineDeploymentResult,
  UpgradeClusterResult,
} from '../../lifecycle/types';
import { capiKubeconfigSecretName } from '../../kubernetes/capiKubeconfig';
import {
  revalidateUpgrade,
  validateUpgrade,
} from '../../lifecycle/upgradeVersions';
import { sanitizeForLog } from '../../util/sanitize';
import type { ServedObjectMeta } from './karmadaTypes';
import { segmentationFromMetadata, withShortLabels } from '../segmentation';
import {
  ClusterCondition,
  ClusterHealth,
  ClusterLifecycle,
  ClusterRecord,
  FleetConnector,
  MachineDeploymentSummary,
} from '../types';

// The upgrade rules moved to the lifecycle; still exported where they were.
export { validateUpgrade };

export const CAPI_GROUP = 'cluster.x-k8s.io';
export const CAPI_CONTROLPLANE_GROUP = 'controlplane.cluster.x-k8s.io';
const VERSIONS = ['v1beta2', 'v1beta1'] as const;
const CLUSTER_NAME_LABEL = 'cluster.x-k8s.io/cluster-name';

const INFRA_PROVIDERS: Record<string, string> = {
  AWSCluster: 'aws',
  AWSManagedCluster: 'aws',
  AzureCluster: 'azure',
  AzureManagedCluster: 'azure',
  GCPCluster: 'gcp',
  GCPManagedCluster: 'gcp',
  DockerCluster: 'docker',
  VSphereCluster: 'vsphere',
  OpenStackCluster: 'openstack',
  Metal3Cluster: 'metal3',
  HetznerCluster: 'hetzner',
  OCICluster: 'oci',
};

/**
 * The fields of Cluster API objects (Cluster, KubeadmControlPlane,
 * MachineDeployment) that Flotilla reads; counts are checked where read.
 */
interface CapiObject {
  apiVersion?: string;
  kind?: string;
  metadata: ServedObjectMeta;
  spec?: {
    replicas?: unknown;
    version?: string;
    clusterName?: string;
    controlPlaneRef?: { name?: string };
    topology?: { version?: string };
    infrastructureRef?: { kind?: string };
    template?: { spec?: { version?: string } };
  };
  status?: {
    phase?: string;
    version?: string;
    ready?: boolean;
    initialization?: { controlPlaneInitialized?: boolean };
    conditions?: unknown;
    deprecated?: { v1beta1?: Record<string, unknown> };
    [field: string]: unknown;
  };
}

/** A condition as served: its fields are passed on as they are. */
type ServedCondition = { [K in keyof ClusterCondition]?: unknown };

function conditions(obj: CapiObject): ClusterCondition[] | undefined {
  const list: unknown = obj?.status?.conditions;
  if (!Array.isArray(list)) {
    return undefined;
  }
  return (list as ServedCondition[]).map(c => ({
    type: String(c.type),
    status: String(c.status),
    reason: c.reason as string | undefined,
    message: c.message as string | undefined,
    lastTransitionTime: c.lastTransitionTime as string | undefined,
  }));
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' ? v : undefined;
}

/** Replica counts of v1beta2 (with v1beta1 fallbacks) and v1beta1 objects. */
function replicaStatus(obj: CapiObject) {
  const s: NonNullable<CapiObject['status']> = obj?.status ?? {};
  const legacy: Record<string, unknown> = s.deprecated?.v1beta1 ?? {};
  return {
    replicas: num(obj?.spec?.replicas) ?? num(s.replicas),
    readyReplicas: num(s.readyReplicas) ?? num(legacy.readyReplicas),
    availableReplicas:
      num(s.availableReplicas) ?? num(legacy.availableReplicas),
    updatedReplicas:
      num(s.upToDateReplicas) ??
      num(s.updatedReplicas) ??
      num(legacy.updatedReplicas),
  };
}

/**
 * Cluster API management clusters: `Cluster`, `KubeadmControlPlane` and
 * `MachineDeployment` objects (v1beta2, falling back to v1beta1). Also applies
 * lifecycle changes with merge patches guarded by `metadata.resourceVersion`.
 */
export class ClusterApiConnector
  implements FleetConnector, ClusterLifecycleProvider
{
  readonly id: string;
  readonly type = 'cluster-api' as const;
  private apiVersion?: (typeof VERSIONS)[number];

  constructor(
    private readonly options: {
      management: ControlPlaneConfig;
      client: KubernetesClient;
      logger: LoggerService;
      conflictRetries: number;
    },
  ) {
    this.id = `cluster-api:${options.management.name}`;
  }

  get managementCluster(): string {
    return this.options.management.name;
  }

  private async list(group: string, plural: string, signal?: AbortSignal) {
    const namespaces = this.options.management.namespaces;
    const tryVersions = this.apiVersion
      ? [this.apiVersion, ...VERSIONS.filter(v => v !== this.apiVersion)]
      : [...VERSIONS];
    let lastError: unknown;
    for (const version of tryVersions) {
      try {
        const items: CapiObject[] = [];
        if (namespaces?.length) {
          for (const namespace of namespaces) {
            const res = await this.options.client.listCustomObjects<CapiObject>(
              { group, version, plural, namespace },
              { signal },
            );
            items.push(...(res.items ?? []));
          }
        } else {
          const res = await this.options.client.listCustomObjects<CapiObject>(
            { group, version, plural },
            { signal },
          );
          items.push(...(res.items ?? []));
        }
        return { version, items };
      } catch (error) {
        lastError = error;
        if (
          error instanceof KubernetesRequestError &&
          error.statusCode === 404
        ) {
          continue;
        }
        throw error;
      }
    }
    throw lastError;
  }

  async listClusters(options: {
    signal?: AbortSignal;
  }): Promise<ClusterRecord[]> {
    const clusters = await this.list(CAPI_GROUP, 'clusters', options.signal);
    this.apiVersion = clusters.version;
    // Without the control planes the clusters still hold, but their
    // control plane is unknown: a finding on each, not a silent gap.
    let controlPlaneProblem: string | undefined;
    const [kcps, mds] = await Promise.all([
      this.list(
        CAPI_CONTROLPLANE_GROUP,
        'kubeadmcontrolplanes',
        options.signal,
      ).catch(error => {
        controlPlaneProblem = sanitizeForLog(
          `${
            this.id
          }: cannot list KubeadmControlPlanes, control planes unknown: ${
            error instanceof Error ? error.message : String(error)
          }`,
          500,
        );
        this.options.logger.warn(controlPlaneProblem);
        return { version: clusters.version, items: [] as CapiObject[] };
      }),
      this.list(CAPI_GROUP, 'machinedeployments', options.signal),
    ]);
    return clusters.items.map(c => {
      const record = this.toRecord(c, clusters.version, kcps.items, mds.items);
      if (controlPlaneProblem) {
        record.fields.problems = [
          ...(record.fields.problems ?? []),
          controlPlaneProblem,
        ];
      }
      return record;
    });
  }

  private toRecord(
    c: CapiObject,
    version: string,
    kcps: CapiObject[],
    mds: CapiObject[],
  ): ClusterRecord {
    const name: string = c.metadata.name;
    const namespace: string = c.metadata.namespace ?? 'default';
    const cpRef = c.spec?.controlPlaneRef;
    const kcp = kcps.find(
      k =>
        k.metadata?.namespace === namespace &&
        (cpRef?.name
          ? k.metadata?.name === cpRef.name
          : k.metadata?.labels?.[CLUSTER_NAME_LABEL] === name),
    );
    const machineDeployments: MachineDeploymentSummary[] = mds
      .filter(
        md =>
          md.metadata?.namespace === namespace &&
          (md.spec?.clusterName === name ||
            md.metadata?.labels?.[CLUSTER_NAME_LABEL] === name),
      )
      .map(md => ({
        name: md.metadata.name,
        namespace,
        phase: md.status?.phase,
        version: md.spec?.template?.spec?.version,
        ...replicaStatus(md),
        conditions: conditions(md),
      }));
    const conds = conditions(c);
    const kubeVersion: string | undefined =
      c.spec?.topology?.version ?? kcp?.spec?.version ?? kcp?.status?.version;
    const lifecycle: ClusterLifecycle = {
      managementCluster: this.managementCluster,
      namespace,
      name,
      apiVersion: `${CAPI_GROUP}/${version}`,
      phase: c.status?.phase,
      version: kubeVersion,
      topology: Boolean(c.spec?.topology),
      conditions: conds,
      controlPlane: kcp
        ? {
            kind: kcp.kind ?? 'KubeadmControlPlane',
            name: kcp.metadata.name,
            apiVersion: kcp.apiVersion,
            version: kcp.status?.version ?? kcp.spec?.version,
            ...replicaStatus(kcp),
            ready:
              kcp.status?.ready ??
              kcp.status?.initialization?.controlPlaneInitialized ??
              undefined,
          }
        : undefined,
      machineDeployments,
    };
    const fields = segmentationFromMetadata(
      c.metadata?.labels,
      c.metadata?.annotations,
    );
    const infraKind: string | undefined = c.spec?.infrastructureRef?.kind;
    fields.provider =
      fields.provider ?? (infraKind ? INFRA_PROVIDERS[infraKind] : undefined);
    fields.labels = withShortLabels(
      { ...(c.metadata?.labels ?? {}), ...fields.labels },
      fields,
    );
    fields.kubernetesVersion = kubeVersion;
    fields.lifecycle = lifecycle;
    return {
      name,
      source: 'cluster-api',
      sourceId: this.id,
      fields,
      // The kubeconfig Cluster API writes for every Cluster; the factory
      // reads it when the cluster is called.
      access: {
        kind: 'capi-kubeconfig',
        managementCluster: this.managementCluster,
        namespace,
        secretName: capiKubeconfigSecretName(name),
      },
      health: this.health(c, conds),
    };
  }

  private health(c: CapiObject, conds?: ClusterCondition[]): ClusterHealth {
    const ready =
      conds?.find(x => x.type === 'Available') ??
      conds?.find(x => x.type === 'Ready');
    const phase = c.status?.phase;
    let status: ClusterHealth['status'] = 'unknown';
    if (ready) {
      status = ready.status === 'True' ? 'healthy' : 'unhealthy';
    } else if (phase === 'Failed') {
      status = 'unhealthy';
    }
    return {
      status,
      via: 'cluster-api',
      checkedAt: new Date().toISOString(),
      message: ready?.message ?? (phase ? `phase ${phase}` : undefined),
    };
  }

  // ---- lifecycle ----------------------------------------------------------

  private versionOf(lifecycle: ClusterLifecycle): string {
    return lifecycle.apiVersion.split('/')[1] ?? 'v1beta2';
  }

  /**
   * Reads an object and merge-patches it with its resourceVersion as a
   * precondition; on 409 Conflict re-reads and retries a bounded number of
   * times, then reports the conflict (never overwrites blindly).
   */
  private async patchWithRetry<T>(
    target: {
      group: string;
      version: string;
      plural: string;
      namespace: string;
      name: string;
    },
    build: (current: CapiObject) => {
      body: { metadata?: object; [field: string]: unknown };
      result: T;
    },
  ): Promise<{ result: T; resourceVersion?: string; attempts: number }> {
    const max = Math.max(1, this.options.conflictRetries + 1);
    for (let attempt = 1; attempt <= max; attempt++) {
      let current: CapiObject;
      try {
        current = await this.options.client.getCustomObject<CapiObject>(target);
      } catch (error) {
        if (
          error instanceof KubernetesRequestError &&
          error.statusCode === 404
        ) {
          throw new NotFoundError(
            `${target.plural} ${target.namespace}/${target.name} not found on ${this.managementCluster}`,
          );
        }
        throw error;
      }
      const { body, result } = build(current);
      try {
        const patched = await this.options.client.mergePatchCustomObject({
          ...target,
          body: {
            ...body,
            metadata: {
              ...body.metadata,
              resourceVersion: current.metadata?.resourceVersion,
            },
          },
        });
        return {
          result,
          resourceVersion: patched?.metadata?.resourceVersion,
          attempts: attempt,
        };
      } catch (error) {
        if (
          error instanceof KubernetesRequestError &&
          error.statusCode === 409
        ) {
          this.options.logger.info(
            `Conflict patching ${target.plural} ${target.namespace}/${target.name} (attempt ${attempt}/${max}), re-reading`,
          );
          if (attempt === max) {
            throw new ConflictError(
              `${target.plural} ${target.namespace}/${target.name} was modified concurrently ${max} times; giving up without overwriting: ${error.message}`,
            );
          }
          continue;
        }
        throw error;
      }
    }
    throw new ConflictError('unreachable');
  }

  async scaleMachineDeployment(
    clusterName: string,
    lifecycle: ClusterLifecycle,
    machineDeployment: string,
    replicas: number,
  ): Promise<ScaleMachineDeploymentResult> {
    const md = lifecycle.machineDeployments.find(
      m => m.name === machineDeployment,
    );
    if (!md) {
      throw new NotFoundError(
        `MachineDeployment '${machineDeployment}' not found in cluster '${clusterName}'`,
      );
    }
    const { result, resourceVersion, attempts } = await this.patchWithRetry(
      {
        group: CAPI_GROUP,
        version: this.versionOf(lifecycle),
        plural: 'machinedeployments',
        namespace: md.namespace,
        name: md.name,
      },
      current => ({
        body: { spec: { replicas } },
        result: { previousReplicas: num(current.spec?.replicas) },
      }),
    );
    return {
      cluster: clusterName,
      machineDeployment,
      namespace: md.namespace,
      previousReplicas: result.previousReplicas,
      replicas,
      resourceVersion,
      attempts,
      source: 'cluster-api',
    };
  }

  async upgrade(
    clusterName: string,
    lifecycle: ClusterLifecycle,
    version: string,
  ): Promise<UpgradeClusterResult> {
    validateUpgrade(lifecycle.version, version);
    if (lifecycle.topology || !lifecycle.controlPlane) {
      const { result, resourceVersion, attempts } = await this.patchWithRetry(
        {
          group: CAPI_GROUP,
          version: this.versionOf(lifecycle),
          plural: 'clusters',
          namespace: lifecycle.namespace,
          name: lifecycle.name,
        },
        current => {
          if (!current.spec?.topology) {
            throw new InputError(
              `Cluster ${lifecycle.namespace}/${lifecycle.name} has neither a topology nor a control plane to upgrade`,
            );
          }
          revalidateUpgrade(
            `Cluster ${lifecycle.namespace}/${lifecycle.name}`,
            lifecycle.version,
            current.spec.topology.version,
            version,
          );
          return {
            body: { spec: { topology: { version } } },
            result: { previousVersion: current.spec.topology.version },
          };
        },
      );
      return {
        cluster: clusterName,
        target: 'topology',
        objectName: lifecycle.name,
        previousVersion: result.previousVersion,
        version,
        resourceVersion,
        attempts,
        source: 'cluster-api',
      };
    }
    const cp = lifecycle.controlPlane;
    const cpVersion = cp.apiVersion?.split('/')[1] ?? this.versionOf(lifecycle);
    const { result, resourceVersion, attempts } = await this.patchWithRetry(
      {
        group: CAPI_CONTROLPLANE_GROUP,
        version: cpVersion,
        plural: 'kubeadmcontrolplanes',
        namespace: lifecycle.namespace,
        name: cp.name,
      },
      current => {
        revalidateUpgrade(
          `${cp.kind} ${lifecycle.namespace}/${cp.name}`,
          lifecycle.version,
          current.spec?.version,
          version,
        );
        return {
          body: { spec: { version } },
          result: { previousVersion: current.spec?.version as string },
        };
      },
    );
    return {
      cluster: clusterName,
      target: 'control-plane',
      objectName: cp.name,
      previousVersion: result.previousVersion,
      version,
      resourceVersion,
      attempts,
      source: 'cluster-api',
    };
  }

  async deleteCluster(
    clusterName: string,
    lifecycle: ClusterLifecycle,
  ): Promise<DeleteClusterResult> {
    const target = {
      group: CAPI_GROUP,
      version: this.versionOf(lifecycle),
      plural: 'clusters',
      namespace: lifecycle.namespace,
      name: lifecycle.name,
    };
    const current = await this.options.client.getCustomObject<CapiObject>(
      target,
    );
    await this.options.client.deleteCustomObject({
      ...target,
      resourceVersion: current.metadata?.resourceVersion,
    });
    return {
      cluster: clusterName,
      namespace: lifecycle.namespace,
      name: lifecycle.name,
      deletionRequested: true,
      source: 'cluster-api',
    };
  }
}
