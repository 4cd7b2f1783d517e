import {
  mergeConnectivity,
  SERVICE_ANNOTATIONS,
  type ClusterConnectivity,
  type ResourceList,
  type VirtualNode,
} from '@flotilla/plugin-multi-cluster-common';
import type pLimit from 'p-limit';
import type { WorkloadCensus } from '../placement/WorkloadCensus';
import type { EventLoopPacer } from '../util/EventLoopPacer';
import {
  ClusterClientFactory,
  KubernetesClient,
  sanitizeForLog,
  MergedCluster,
  FleetCluster,
  errorMessage,
} from '@flotilla/plugin-multi-cluster-node';
import {
  listServiceWorkloads,
  workloadStatus,
} from '../workloads/serviceWorkloads';
import {
  ConnectivitySchedule,
  type ConnectivityScheduleOptions,
} from './ConnectivitySchedule';

/** What the connectivity inspector reports of one cluster's API. */
export interface ClusterInspection {
  connectivity: ClusterConnectivity;
  virtualNodes: VirtualNode[];
  /** Allocatable of the cluster's own (non-virtual) nodes. */
  ownAllocatable?: ResourceList;
}

/** Reads fabrics, networks, MCS exports and virtual nodes from a cluster. */
export interface ClusterInspector {
  inspect(
    clusterName: string,
    client: KubernetesClient,
    options: { signal?: AbortSignal; timeoutMs: number },
  ): Promise<ClusterInspection>;
  /** Drops what it remembers of clusters not named (they left the fleet). */
  retainClusters?(names: Iterable<string>): void;
}

/**
 * `cluster` with what an inspection of its API saw. API facts win over
 * declared ones; node sums replace capacity that was reported with virtual
 * nodes in it (Karmada's resourceSummary counts every node), so borrowed
 * capacity is never counted as the cluster's own.
 */
export function withInspection(
  cluster: FleetCluster,
  inspection: ClusterInspection,
): FleetCluster {
  const out: FleetCluster = {
    ...cluster,
    connectivity: mergeConnectivity(
      inspection.connectivity,
      cluster.connectivity,
    ),
  };
  if (inspection.ownAllocatable) {
    out.capacity = { ...out.capacity, allocatable: inspection.ownAllocatable };
  }
  if (inspection.virtualNodes.length) {
    out.capacity = { ...out.capacity, virtualNodes: inspection.virtualNodes };
  }
  return out;
}

/**
 * The pass over the reachable clusters that follows each stored refresh:
 * each cluster's connectivity inspection and, in a fleet too large to read
 * live, its workload census. Remembers each cluster's latest inspection,
 * which the inventory shows while the next pass runs (a pass over a
 * thousand clusters takes minutes; the cluster list does not wait for it).
 */
export class InspectionPass {
  private readonly lastInspections = new Map<string, ClusterInspection>();
  private readonly schedule: ConnectivitySchedule;

  constructor(
    private readonly options: {
      clients: ClusterClientFactory;
      timeoutMs: number;
      inspector?: ClusterInspector;
      census?: WorkloadCensus;
      /** Lets the pass give way to requests while the loop is busy. */
      pacer?: EventLoopPacer;
      /** How often each cluster's connectivity is read (default: every pass). */
      connectivity?: ConnectivityScheduleOptions;
    },
  ) {
    this.schedule = new ConnectivitySchedule(options.connectivity);
  }

  /** Forgets what it, the inspector and the census hold of clusters not named. */
  retain(names: Set<string>): void {
    for (const name of [...this.lastInspections.keys()]) {
      if (!names.has(name)) this.lastInspections.delete(name);
    }
    this.schedule.retain(names);
    this.options.inspector?.retainClusters?.(names);
    this.options.census?.retain(names);
  }

  /** `cluster` with its latest inspection, if it had one. */
  withLastInspection(cluster: FleetCluster): FleetCluster {
    const last = this.lastInspections.get(cluster.name);
    return last ? withInspection(cluster, last) : cluster;
  }

  /** Whether a pass over a fleet of this size has anything to do. */
  hasWork(fleetSize: number): boolean {
    return (
      Boolean(this.options.inspector) ||
      (this.options.census?.isNeededFor(fleetSize) ?? false)
    );
  }

  /**
   * Inspects each cluster whose connectivity is due (the others keep their
   * last inspection) and takes the census of each, at most `limit` at once;
   * updates each `MergedCluster` in place. Says whether it took a census.
   */
  async run(
    clusters: MergedCluster[],
    fleetSize: number,
    limit: pLimit.Limit,
    signal?: AbortSignal,
  ): Promise<{ withCensus: boolean }> {
    const withCensus = this.options.census?.isNeededFor(fleetSize) ?? false;
    const started = Date.now();
    const due = this.options.inspector
      ? this.schedule.due(
          clusters.map(m => m.cluster.name),
          fleetSize,
          started,
        )
      : new Set<string>();
    await Promise.all(
      clusters.map(m =>
        limit(async () => {
          if (due.has(m.cluster.name)) {
            await this.options.pacer?.giveWay();
            await this.inspect(m, signal);
          } else {
            m.cluster = this.withLastInspection(m.cluster);
          }
          if (!withCensus) return;
          await this.options.pacer?.giveWay();
          await this.takeCensus(m, signal);
        }),
      ),
    );
    if (withCensus) this.options.census!.notePass(Date.now() - started);
    return { withCensus };
  }

  private clientOf(m: MergedCluster): KubernetesClient | undefined {
    const { access } = m;
    if (!access || !this.options.clients.canReach(access)) return undefined;
    return this.options.clients.forCluster(m.cluster.name, access);
  }

  private async inspect(m: MergedCluster, signal?: AbortSignal) {
    const { inspector } = this.options;
    const client = inspector ? this.clientOf(m) : undefined;
    if (!inspector || !client || m.cluster.health.status === 'unhealthy') {
      return;
    }
    try {
      const inspection = await inspector.inspect(m.cluster.name, client, {
        signal,
        timeoutMs: this.options.timeoutMs,
      });
      this.lastInspections.set(m.cluster.name, inspection);
      this.schedule.inspected(m.cluster.name, Date.now());
      m.cluster = withInspection(m.cluster, inspection);
    } catch (error) {
      // The inspector reports detector failures itself; this is a crash.
      const message = `connectivity inspection failed: ${sanitizeForLog(
        errorMessage(error),
        500,
      )}`;
      m.cluster.connectivity = {
        clusterSets: m.cluster.connectivity?.clusterSets ?? [],
        fabrics: m.cluster.connectivity?.fabrics ?? [],
        ...m.cluster.connectivity,
        errors: [...(m.cluster.connectivity?.errors ?? []), message],
      };
    }
  }

  /**
   * Records which kubernetes-ids the cluster runs Deployments and
   * StatefulSets for, and each workload's replicas as read; a cluster that
   * cannot be read has no census (entity placement then reads it live).
   */
  private async takeCensus(m: MergedCluster, signal?: AbortSignal) {
    const census = this.options.census!;
    const client = this.clientOf(m);
    if (!client) {
      census.forget(m.cluster.name);
      return;
    }
    const started = Date.now();
    try {
      const workloads = await listServiceWorkloads(
        client,
        { labelSelector: SERVICE_ANNOTATIONS.kubernetesId },
        { signal, timeoutMs: this.options.timeoutMs },
      );
      census.record(
        m.cluster.name,
        workloads.flatMap(({ kind, object }) => {
          const kubernetesId =
            object.metadata?.labels?.[SERVICE_ANNOTATIONS.kubernetesId];
          const { namespace } = object.metadata ?? {};
          if (!kubernetesId) return [];
          const replicas = object.spec?.replicas;
          const workload = workloadStatus(m.cluster.name, kind, object);
          return [{ kubernetesId, kind, namespace, replicas, workload }];
        }),
        Date.now() - started,
      );
    } catch {
      census.forget(m.cluster.name);
    }
  }
}
