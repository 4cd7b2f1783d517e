import { ConflictError, InputError, NotFoundError } from '@backstage/errors';
import type {
  AddonCoverage,
  ClusterConnectivity,
  VirtualNode,
} from '@flotilla/plugin-multi-cluster-common';
import { DemoConfig, DemoClusterConfig } from '../../config';
import { DemoStateStore } from '../../database/MultiClusterStore';
import {
  ClusterLifecycleProvider,
  DeleteClusterResult,
  ScaleMachineDeploymentResult,
  UpgradeClusterResult,
} from '../../lifecycle/types';
import {
  ScaleWorkloadResult,
  WorkloadKind,
  WorkloadStatus,
} from '../../workloads/types';
import {
  ClusterLifecycle,
  ClusterRecord,
  FleetConnector,
  PlacedWorkload,
} from '../types';
import { withShortLabels } from '../segmentation';

interface ReplicaState {
  replicas: number;
  fromReplicas: number;
  changedAt: number;
  resourceVersion: number;
}

interface ClusterState {
  version?: string;
  fromVersion?: string;
  changedAt?: number;
  deletedAt?: number;
  healthy?: boolean;
  resourceVersion: number;
}

/**
 * The direction of the rollout, not desired vs ready: ready replicas are
 * rounded, so they can equal the target before the rollout ends.
 */
function rolloutPhase(s: {
  desired: number;
  from: number;
  rollingOut: boolean;
}) {
  if (!s.rollingOut) {
    return 'Running';
  }
  return s.desired > s.from ? 'ScalingUp' : 'ScalingDown';
}

const FABRIC_TITLES: Record<string, string> = {
  submariner: 'Submariner',
  istio: 'Istio multi-cluster',
  'cilium-clustermesh': 'Cilium Cluster Mesh',
  mcs: 'MCS',
  'cloud-private': 'Cloud private connectivity',
  other: 'Fabric',
};

/**
 * What the simulated API server shows of a cluster's fabrics: the same
 * record the real detectors build, marked `demo`. A cluster that is down
 * has its gateways down too.
 */
function demoConnectivity(
  c: DemoClusterConfig,
  healthy: boolean,
): ClusterConnectivity | undefined {
  const conn = c.connectivity;
  if (!conn) {
    return undefined;
  }
  const mcsFabric = conn.fabrics.find(f => f.kind === 'mcs');
  return {
    clusterSets: [...new Set(conn.fabrics.map(f => f.clusterSet))].sort(),
    fabrics: conn.fabrics.map(f => {
      const ready = (f.gatewayReady ?? true) && healthy;
      return {
        kind: f.kind,
        clusterSet: f.clusterSet,
        clusterId: f.clusterId,
        detectedVia: 'demo' as const,
        globalnet: f.globalnet,
        connectedTo: f.connectedTo,
        gateway: {
          ready,
          message: ready
            ? undefined
            : `Simulated ${FABRIC_TITLES[f.kind]} gateway is down`,
        },
        evidence: [
          `Simulated ${FABRIC_TITLES[f.kind]} membership of cluster set ${
            f.clusterSet
          }`,
        ],
      };
    }),
    networks:
      conn.podCidrs.length || conn.serviceCidrs.length
        ? {
            podCidrs: conn.podCidrs,
            serviceCidrs: conn.serviceCidrs,
            detectedVia: 'demo',
          }
        : undefined,
    mcs:
      mcsFabric || conn.serviceExports.length
        ? {
            serviceExportCrd: true,
            serviceImportCrd: true,
            clusterSet: mcsFabric?.clusterSet,
            clusterId: mcsFabric?.clusterId,
          }
        : undefined,
    serviceExports: conn.serviceExports.length
      ? conn.serviceExports.map(e => ({
          namespace: e.namespace,
          name: e.name,
          valid: e.valid,
          message: e.valid
            ? undefined
            : `Service ${e.namespace}/${e.name} not found`,
        }))
      : undefined,
  };
}

function healthMessage(deleting: boolean, healthy: boolean) {
  if (deleting) {
    return 'Simulated cluster is being deleted';
  }
  return healthy
    ? 'Simulated cluster is ready'
    : 'Simulated cluster is not ready';
}

/**
 * The embedded demo fleet: a simulator declared in config
 * (`multiCluster.demo`). Every record it returns is marked `source: 'demo'`.
 * Its state (MachineDeployment and workload replicas, versions, deletions)
 * lives in the plugin database so it survives restarts, and changes converge
 * after a simulated rollout (`multiCluster.demo.rolloutDuration`).
 */
export class DemoFleetConnector
  implements FleetConnector, ClusterLifecycleProvider
{
  readonly id = 'demo';
  readonly type = 'demo' as const;

  constructor(
    private readonly config: DemoConfig,
    private readonly state: DemoStateStore,
    private readonly now: () => number = Date.now,
  ) {}

  get clusterNames(): string[] {
    return this.config.clusters.map(c => c.name);
  }

  private progress(changedAt: number): number {
    if (this.config.rolloutMs <= 0) {
      return 1;
    }
    return Math.min(
      1,
      Math.max(0, (this.now() - changedAt) / this.config.rolloutMs),
    );
  }

  private current(state: ReplicaState | undefined, initial: number) {
    if (!state) {
      return {
        desired: initial,
        from: initial,
        ready: initial,
        rollingOut: false,
      };
    }
    const p = this.progress(state.changedAt);
    const ready = Math.round(
      state.fromReplicas + (state.replicas - state.fromReplicas) * p,
    );
    return {
      desired: state.replicas,
      from: state.fromReplicas,
      ready,
      rollingOut: p < 1,
    };
  }

  private clusterConfig(name: string): DemoClusterConfig {
    const c = this.config.clusters.find(x => x.name === name);
    if (!c) {
      throw new NotFoundError(`Demo cluster '${name}' not found`);
    }
    return c;
  }

  async listClusters(): Promise<ClusterRecord[]> {
    const mdStates = await this.state.getAllDemoState<ReplicaState>('md:');
    const clusterStates = await this.state.getAllDemoState<ClusterState>(
      'cluster:',
    );
    const workloadStates = await this.state.getAllDemoState<ReplicaState>(
      'workload:',
    );
    const records: ClusterRecord[] = [];
    for (const c of this.config.clusters) {
      const cs = clusterStates.get(`cluster:${c.name}`);
      if (cs?.deletedAt && this.progress(cs.deletedAt) >= 1) {
        continue;
      }
      let version = c.kubernetesVersion;
      let upgrading = false;
      if (cs?.version && cs.changedAt !== undefined) {
        upgrading = this.progress(cs.changedAt) < 1;
        version = upgrading ? cs.fromVersion ?? version : cs.version;
      }
      const machineDeployments = c.machineDeployments.map(md => {
        const s = this.current(
          mdStates.get(`md:${c.name}/${md.name}`),
          md.replicas,
        );
        return {
          name: md.name,
          namespace: 'demo',
          phase: rolloutPhase(s),
          version,
          replicas: s.desired,
          readyReplicas: s.ready,
          availableReplicas: s.ready,
          updatedReplicas: s.ready,
        };
      });
      const deleting = cs?.deletedAt !== undefined;
      const lifecycle: ClusterLifecycle = {
        managementCluster: 'demo',
        namespace: 'demo',
        name: c.name,
        apiVersion: 'cluster.x-k8s.io/v1beta2',
        phase: deleting ? 'Deleting' : 'Provisioned',
        version: cs?.version ?? c.kubernetesVersion,
        controlPlane: {
          kind: 'KubeadmControlPlane',
          name: `${c.name}-control-plane`,
          version,
          replicas: 3,
          readyReplicas: 3,
          updatedReplicas: upgrading ? 1 : 3,
          ready: true,
        },
        machineDeployments,
      };
      const workloads: PlacedWorkload[] = [];
      for (const w of this.config.workloads) {
        const s = this.current(
          workloadStates.get(
            this.workloadKey(c.name, w.namespace, w.kind, w.name),
          ),
          w.replicas[c.name] ?? 0,
        );
        if (s.desired > 0 || w.replicas[c.name] !== undefined) {
          workloads.push({
            namespace: w.namespace,
            kind: w.kind,
            name: w.name,
            replicas: s.desired,
            kubernetesId: w.kubernetesId,
            source: 'demo',
          });
        }
      }
      const healthy = deleting ? false : cs?.healthy ?? c.healthy;
      records.push({
        name: c.name,
        source: 'demo',
        sourceId: this.id,
        fields: {
          title: c.title ?? `${c.name} (demo)`,
          region: c.region,
          provider: c.provider,
          environment: c.environment,
          tenant: c.tenant,
          workloadClass: c.workloadClass,
          jurisdiction: c.jurisdiction,
          zones: c.zones,
          labels: withShortLabels(
            { ...c.labels, 'flotilla.io/demo': 'true' },
            c,
          ),
          costPerCpuHour: c.costPerCpuHour,
          kubernetesVersion: version,
          taints: c.taints,
          capacity: {
            declared: c.capacity,
            allocatable: c.capacity,
            allocated: c.allocated,
            virtualNodes: c.virtualNodes?.length
              ? c.virtualNodes.map(
                  (v): VirtualNode => ({
                    name: v.name,
                    kind: v.kind,
                    peer: v.peer,
                    allocatable: v.allocatable,
                    ready: v.ready && healthy,
                  }),
                )
              : undefined,
          },
          connectivity: demoConnectivity(c, healthy),
          lifecycle,
          workloads,
        },
        access: { kind: 'demo' },
        health: {
          status: healthy ? 'healthy' : 'unhealthy',
          via: 'demo',
          checkedAt: new Date(this.now()).toISOString(),
          message: healthMessage(deleting, healthy),
        },
      });
    }
    return records;
  }

  /**
   * The simulated fleet-wide add-ons. An add-on is wanted on every demo
   * cluster; a cluster its delivery does not list is missing it.
   */
  async listAddons(): Promise<AddonCoverage[]> {
    const present = new Set(
      (await this.listClusters()).map(record => record.name),
    );
    return this.config.addons.map(addon => ({
      name: addon.name,
      category: addon.category,
      delivery: addon.delivery,
      source: addon.source,
      clusters: [...present].sort().map(cluster => {
        const status = addon.clusters[cluster];
        if (!status) {
          return {
            cluster,
            state: 'missing' as const,
            desiredRevision: addon.desiredRevision,
            message: `${addon.source} does not target this cluster`,
          };
        }
        return {
          cluster,
          state: status.state,
          revision: status.revision,
          desiredRevision: addon.desiredRevision,
          message: status.message,
        };
      }),
    }));
  }

  // ---- lifecycle ----------------------------------------------------------

  async scaleMachineDeployment(
    clusterName: string,
    _lifecycle: ClusterLifecycle,
    machineDeployment: string,
    replicas: number,
  ): Promise<ScaleMachineDeploymentResult> {
    const c = this.clusterConfig(clusterName);
    const md = c.machineDeployments.find(m => m.name === machineDeployment);
    if (!md) {
      throw new NotFoundError(
        `MachineDeployment '${machineDeployment}' not found in cluster '${clusterName}'`,
      );
    }
    const key = `md:${clusterName}/${machineDeployment}`;
    const prev = await this.state.getDemoState<ReplicaState>(key);
    const cur = this.current(prev, md.replicas);
    const next: ReplicaState = {
      replicas,
      fromReplicas: cur.ready,
      changedAt: this.now(),
      resourceVersion: (prev?.resourceVersion ?? 1) + 1,
    };
    await this.state.setDemoState(key, next);
    return {
      cluster: clusterName,
      machineDeployment,
      namespace: 'demo',
      previousReplicas: cur.desired,
      replicas,
      resourceVersion: String(next.resourceVersion),
      attempts: 1,
      source: 'demo',
    };
  }

  async upgrade(
    clusterName: string,
    _lifecycle: ClusterLifecycle,
    version: string,
  ): Promise<UpgradeClusterResult> {
    const c = this.clusterConfig(clusterName);
    const key = `cluster:${clusterName}`;
    const prev = await this.state.getDemoState<ClusterState>(key);
    if (prev?.deletedAt) {
      throw new ConflictError(`Demo cluster '${clusterName}' is being deleted`);
    }
    const previousVersion = prev?.version ?? c.kubernetesVersion;
    await this.state.setDemoState<ClusterState>(key, {
      ...prev,
      version,
      fromVersion: previousVersion,
      changedAt: this.now(),
      resourceVersion: (prev?.resourceVersion ?? 1) + 1,
    });
    return {
      cluster: clusterName,
      target: 'control-plane',
      objectName: `${clusterName}-control-plane`,
      previousVersion,
      version,
      resourceVersion: String((prev?.resourceVersion ?? 1) + 1),
      attempts: 1,
      source: 'demo',
    };
  }

  async deleteCluster(clusterName: string): Promise<DeleteClusterResult> {
    this.clusterConfig(clusterName);
    const key = `cluster:${clusterName}`;
    const prev = await this.state.getDemoState<ClusterState>(key);
    await this.state.setDemoState<ClusterState>(key, {
      ...prev,
      deletedAt: prev?.deletedAt ?? this.now(),
      resourceVersion: (prev?.resourceVersion ?? 1) + 1,
    });
    return {
      cluster: clusterName,
      namespace: 'demo',
      name: clusterName,
      deletionRequested: true,
      source: 'demo',
    };
  }

  /** Simulates an outage (or recovery) of a demo cluster, e.g. for drills. */
  async setClusterHealthy(
    clusterName: string,
    healthy: boolean,
  ): Promise<void> {
    this.clusterConfig(clusterName);
    const key = `cluster:${clusterName}`;
    const prev = await this.state.getDemoState<ClusterState>(key);
    await this.state.setDemoState<ClusterState>(key, {
      resourceVersion: 1,
      ...prev,
      healthy,
    });
  }

  // ---- workloads ----------------------------------------------------------

  private workloadKey(
    cluster: string,
    namespace: string,
    kind: string,
    name: string,
  ) {
    return `workload:${cluster}/${namespace}/${kind}/${name}`;
  }

  async listWorkloads(
    clusterName: string,
    query: { kubernetesId: string; namespace?: string },
  ): Promise<WorkloadStatus[]> {
    this.clusterConfig(clusterName);
    const out: WorkloadStatus[] = [];
    for (const w of this.config.workloads) {
      if (w.kubernetesId !== query.kubernetesId) {
        continue;
      }
      if (query.namespace && w.namespace !== query.namespace) {
        continue;
      }
      const state = await this.state.getDemoState<ReplicaState>(
        this.workloadKey(clusterName, w.namespace, w.kind, w.name),
      );
      if (!state && w.replicas[clusterName] === undefined) {
        continue;
      }
      const s = this.current(state, w.replicas[clusterName] ?? 0);
      out.push({
        cluster: clusterName,
        namespace: w.namespace,
        kind: w.kind,
        name: w.name,
        replicas: s.desired,
        readyReplicas: s.ready,
        availableReplicas: s.ready,
        updatedReplicas: s.ready,
      });
    }
    return out;
  }

  async scaleWorkload(
    clusterName: string,
    target: {
      namespace: string;
      kind: WorkloadKind;
      name: string;
      replicas: number;
    },
  ): Promise<ScaleWorkloadResult> {
    this.clusterConfig(clusterName);
    const w = this.config.workloads.find(
      x =>
        x.namespace === target.namespace &&
        x.kind === target.kind &&
        x.name === target.name,
    );
    if (!w) {
      throw new NotFoundError(
        `Demo workload ${target.kind} ${target.namespace}/${target.name} not found`,
      );
    }
    if (target.replicas < 0) {
      throw new InputError('replicas must be >= 0');
    }
    const key = this.workloadKey(clusterName, w.namespace, w.kind, w.name);
    const prev = await this.state.getDemoState<ReplicaState>(key);
    const cur = this.current(prev, w.replicas[clusterName] ?? 0);
    await this.state.setDemoState<ReplicaState>(key, {
      replicas: target.replicas,
      fromReplicas: cur.ready,
      changedAt: this.now(),
      resourceVersion: (prev?.resourceVersion ?? 1) + 1,
    });
    return {
      cluster: clusterName,
      namespace: w.namespace,
      kind: w.kind,
      name: w.name,
      previousReplicas: cur.desired,
      replicas: target.replicas,
      source: 'demo',
    };
  }
}
