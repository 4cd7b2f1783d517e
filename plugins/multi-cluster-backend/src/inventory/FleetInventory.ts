import { LoggerService } from '@backstage/backend-plugin-api';
import {
  mergeConnectivity,
  resolveVirtualNodePeers,
  SERVICE_ANNOTATIONS,
  type ClusterConnectivity,
  type ResourceList,
  type VirtualNode,
} from '@flotilla/plugin-multi-cluster-common';
import pLimit from 'p-limit';
import { MultiClusterStore } from '../database/MultiClusterStore';
import type { WorkloadCensus } from '../placement/WorkloadCensus';
import { ClusterClientFactory } from '../kubernetes/ClusterClientFactory';
import {
  CredentialsUnavailableError,
  KubernetesClient,
} from '../kubernetes/KubernetesClient';
import { sanitizeForLog } from '../util/sanitize';
import { mergeRecords, MergedCluster } from './merge';
import {
  NodeTopology,
  readNodeTopology,
  withNodeTopology,
} from './nodeTopology';
import {
  ClusterAccess,
  ClusterListFilter,
  ClusterListResult,
  ClusterRecord,
  FleetCluster,
  FleetConnector,
  RefreshSummary,
  StoredCluster,
} from './types';

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
function withInspection(
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
 * Read access to the fleet, for routes, actions and other modules
 * (e.g. failover).
 *
 * @public
 */
export interface FleetInventoryService {
  /** All clusters (from the last refresh, read from the plugin DB). */
  getClusters(): Promise<FleetCluster[]>;
  getCluster(name: string): Promise<FleetCluster | undefined>;
  listClusters(
    filter?: ClusterListFilter,
    page?: { limit?: number; offset?: number },
    predicate?: (cluster: FleetCluster) => boolean,
  ): Promise<ClusterListResult>;
  /** Credential-free access descriptor of a cluster (internal use). */
  getAccess(name: string): Promise<ClusterAccess | undefined>;
  /** Refreshes now (normally done by the scheduled task). */
  refresh(options?: { signal?: AbortSignal }): Promise<RefreshSummary>;
}

function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  what: string,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${what} timed out after ${ms}ms`)),
        ms,
      );
    }),
  ]).finally(() => clearTimeout(timer));
}

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Why this backend cannot use an access path (what it lacks). */
function unusableReason(access: ClusterAccess): string {
  switch (access.kind) {
    case 'direct':
      return `Unsupported auth provider (${access.credentialRef})`;
    case 'karmada-proxy':
      return `No configured Karmada control plane '${access.controlPlane}'`;
    default:
      return `No configured Cluster API management cluster '${access.managementCluster}'`;
  }
}

/** Applies a list filter to one cluster. */
export function matchesFilter(
  c: FleetCluster,
  filter: ClusterListFilter | undefined,
): boolean {
  if (!filter) {
    return true;
  }
  const inList = (value: string | undefined, list?: string[]) =>
    !list ||
    list.length === 0 ||
    (value !== undefined &&
      list.some(v => v.toLowerCase() === value.toLowerCase()));
  if (filter.labels) {
    for (const [k, v] of Object.entries(filter.labels)) {
      if (c.labels[k] !== v) {
        return false;
      }
    }
  }
  return (
    inList(c.region, filter.region) &&
    inList(c.provider, filter.provider) &&
    inList(c.environment, filter.environment) &&
    inList(c.health.status, filter.health) &&
    (!filter.source ||
      filter.source.length === 0 ||
      c.sources.some(s => filter.source!.includes(s.type))) &&
    (filter.conflicted === undefined ||
      Boolean(c.conflicts?.length) === filter.conflicted) &&
    (filter.stale === undefined || c.stale === filter.stale)
  );
}

/**
 * The fleet inventory: composes the connectors (like `CombinedFleetConnector`
 * in one class), merges their records by cluster name, checks health with a
 * per-cluster timeout and bounded concurrency, and stores snapshots in the
 * plugin database. A slow or broken cluster or source never blanks the
 * others: its last good snapshot is kept and marked stale with the error.
 */
export class FleetInventory implements FleetInventoryService {
  private cache?: {
    loadedAt: number;
    clusters: StoredCluster[];
    version?: string;
  };
  private byName?: Map<string, StoredCluster>;

  constructor(
    private readonly options: {
      connectors: FleetConnector[];
      store: MultiClusterStore;
      clients: ClusterClientFactory;
      logger: LoggerService;
      healthTimeoutMs: number;
      connectorTimeoutMs: number;
      concurrency: number;
      cacheTtlMs?: number;
      /** Reads connectivity and virtual nodes from reachable clusters. */
      inspector?: ClusterInspector;
      inspectTimeoutMs?: number;
      /** Taken in the inspection pass of a fleet too large to read live. */
      census?: WorkloadCensus;
    },
  ) {}

  private followUps = new Set<NodeJS.Timeout>();

  /**
   * Refreshes now and again after each delay (e.g. while a rollout
   * settles), without blocking the caller. Errors are logged.
   */
  requestRefresh(delaysMs: number[] = []): void {
    const run = () =>
      this.refresh().catch(e =>
        this.options.logger.warn(
          `Requested refresh failed: ${sanitizeForLog(errorMessage(e), 500)}`,
        ),
      );
    void run();
    for (const delay of delaysMs) {
      const timer = setTimeout(() => {
        this.followUps.delete(timer);
        void run();
      }, delay);
      timer.unref?.();
      this.followUps.add(timer);
    }
  }

  /** Cancels pending follow-up refreshes (on shutdown). */
  stop(): void {
    for (const t of this.followUps) {
      clearTimeout(t);
    }
    this.followUps.clear();
  }

  get connectors(): FleetConnector[] {
    return this.options.connectors;
  }

  private async load(): Promise<StoredCluster[]> {
    const ttl = this.options.cacheTtlMs ?? 2000;
    if (this.cache && Date.now() - this.cache.loadedAt < ttl) {
      return this.cache.clusters;
    }
    // Cheap check first: only re-read (and re-parse) when another replica
    // (or this one) stored a newer refresh.
    const version = await this.options.store.snapshotsVersion();
    if (this.cache && version !== undefined && version === this.cache.version) {
      this.cache.loadedAt = Date.now();
      return this.cache.clusters;
    }
    const clusters = await this.options.store.listSnapshots();
    this.setCache(clusters, version);
    return clusters;
  }

  private setCache(clusters: StoredCluster[], version?: string) {
    this.cache = { loadedAt: Date.now(), clusters, version };
    this.byName = new Map(clusters.map(c => [c.cluster.name, c]));
  }

  async getClusters(): Promise<FleetCluster[]> {
    return (await this.load()).map(c => c.cluster);
  }

  async getCluster(name: string): Promise<FleetCluster | undefined> {
    await this.load();
    return this.byName?.get(name)?.cluster;
  }

  async getAccess(name: string): Promise<ClusterAccess | undefined> {
    await this.load();
    return this.byName?.get(name)?.access;
  }

  async listClusters(
    filter?: ClusterListFilter,
    page?: { limit?: number; offset?: number },
    predicate?: (cluster: FleetCluster) => boolean,
  ): Promise<ClusterListResult> {
    const all = await this.getClusters();
    const matching = all.filter(
      c => matchesFilter(c, filter) && (!predicate || predicate(c)),
    );
    const offset = page?.offset ?? 0;
    const limit = page?.limit ?? matching.length;
    return {
      items: matching.slice(offset, offset + limit),
      totalCount: matching.length,
    };
  }

  /**
   * Takes the best access path this backend can use (merge ranks them; a
   * direct URL without a usable credential never hides a working Karmada
   * or Cluster API path).
   */
  private chooseAccess(m: MergedCluster): void {
    const usable = m.accessCandidates.find(a =>
      this.options.clients.canReach(a),
    );
    if (usable) {
      m.access = usable;
    }
  }

  /** Checks health; false when this backend could not get credentials for the cluster. */
  private async checkHealth(m: MergedCluster): Promise<boolean> {
    const access = m.access;
    if (!access) {
      if (!m.sourceHealth) {
        m.cluster.health = {
          status: 'unknown',
          via: 'none',
          message: 'No server-side access configured for this cluster',
        };
      }
      return true;
    }
    if (!this.options.clients.canReach(access)) {
      if (!m.sourceHealth) {
        m.cluster.health = {
          status: 'unknown',
          via: 'none',
          message: `${unusableReason(access)} for server-side access`,
        };
      }
      return true;
    }
    // Karmada's own Ready condition is the member's health through the proxy.
    if (access.kind === 'karmada-proxy') {
      return true;
    }
    const client = this.options.clients.forCluster(m.cluster.name, access);
    if (!client) {
      return true;
    }
    const started = Date.now();
    try {
      const ready = await client.readyz({
        timeoutMs: this.options.healthTimeoutMs,
      });
      m.cluster.health = {
        status: ready ? 'healthy' : 'unhealthy',
        via: 'readyz',
        checkedAt: new Date().toISOString(),
        latencyMs: Date.now() - started,
        message: ready ? undefined : '/readyz did not return 200',
      };
    } catch (error) {
      if (error instanceof CredentialsUnavailableError) {
        // This backend could not get in (e.g. no RBAC to read the kubeconfig
        // Secret): that says nothing about the cluster, whose source health
        // stands. The problem is shown and the cluster not inspected.
        m.cluster.lastError = errorMessage(error);
        if (!m.sourceHealth) {
          m.cluster.health = {
            status: 'unknown',
            via: 'none',
            message: errorMessage(error),
          };
        }
        return false;
      }
      m.cluster.health = {
        status: 'unhealthy',
        via: 'readyz',
        checkedAt: new Date().toISOString(),
        latencyMs: Date.now() - started,
        message: errorMessage(error),
      };
      m.cluster.stale = true;
      m.cluster.lastError = errorMessage(error);
    }
    return true;
  }

  /** Last topology read from each config cluster's Nodes (kept when a read fails). */
  private readonly nodeTopology = new Map<string, NodeTopology>();
  /**
   * Each cluster's latest inspection: the stored inventory shows it while
   * the next inspection pass runs (a pass over a thousand clusters takes
   * minutes; the cluster list does not wait for it).
   */
  private readonly lastInspections = new Map<string, ClusterInspection>();

  /**
   * Clusters from the kubernetes config declare nothing about where they
   * run: their Nodes say it (region, zones, provider), before the merge so
   * that these detected facts win over what the catalog declares. A cluster
   * that cannot be read keeps its last known topology.
   */
  private async withConfigTopology(
    records: ClusterRecord[],
    signal?: AbortSignal,
  ): Promise<ClusterRecord[]> {
    const limit = pLimit(Math.max(1, this.options.concurrency));
    return Promise.all(
      records.map(record =>
        limit(async () => {
          const access = record.access;
          if (
            record.source !== 'config' ||
            !access ||
            !this.options.clients.canReach(access)
          ) {
            return record;
          }
          const client = this.options.clients.forCluster(record.name, access);
          if (client) {
            try {
              this.nodeTopology.set(
                record.name,
                await readNodeTopology(client, {
                  timeoutMs: this.options.healthTimeoutMs,
                  signal,
                }),
              );
            } catch (error) {
              this.options.logger.debug(
                `Cannot read the Nodes of ${sanitizeForLog(
                  record.name,
                  100,
                )}: ${sanitizeForLog(errorMessage(error), 500)}`,
              );
            }
          }
          const topology = this.nodeTopology.get(record.name);
          return topology ? withNodeTopology(record, topology) : record;
        }),
      ),
    );
  }

  /**
   * Reads what the cluster's API shows of its fabrics and virtual nodes.
   * API facts win over declared ones; node sums replace capacity that was
   * reported with virtual nodes in it (Karmada's resourceSummary counts every
   * node), so borrowed capacity is never counted as the cluster's own.
   */
  private async inspect(m: MergedCluster, signal?: AbortSignal) {
    const { inspector } = this.options;
    const access = m.access;
    if (
      !inspector ||
      !access ||
      !this.options.clients.canReach(access) ||
      m.cluster.health.status === 'unhealthy'
    ) {
      return;
    }
    const client = this.options.clients.forCluster(m.cluster.name, access);
    if (!client) {
      return;
    }
    try {
      const inspection = await inspector.inspect(m.cluster.name, client, {
        signal,
        timeoutMs:
          this.options.inspectTimeoutMs ?? this.options.healthTimeoutMs,
      });
      this.lastInspections.set(m.cluster.name, inspection);
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
   * StatefulSets for; a cluster that cannot be read has no census (entity
   * placement then reads it live).
   */
  private async takeCensus(m: MergedCluster, signal?: AbortSignal) {
    const census = this.options.census!;
    const client = m.access
      ? this.options.clients.forCluster(m.cluster.name, m.access)
      : undefined;
    if (!client) {
      census.forget(m.cluster.name);
      return;
    }
    const request = {
      labelSelector: SERVICE_ANNOTATIONS.kubernetesId,
    };
    const opts = {
      signal,
      timeoutMs: this.options.inspectTimeoutMs ?? this.options.healthTimeoutMs,
    };
    try {
      const workloads = (
        await Promise.all([
          client.listWorkloads('Deployment', request, opts),
          client.listWorkloads('StatefulSet', request, opts),
        ])
      ).flat();
      census.record(
        m.cluster.name,
        workloads.flatMap(w => {
          const id = w.metadata?.labels?.[SERVICE_ANNOTATIONS.kubernetesId];
          return id ? [id] : [];
        }),
      );
    } catch {
      census.forget(m.cluster.name);
    }
  }

  private inflight?: Promise<RefreshSummary>;
  private queued?: Promise<RefreshSummary>;

  /**
   * Refreshes the fleet. Concurrent calls in one process are coalesced: while
   * a refresh runs, at most one more is queued to start after it (so a caller
   * always gets a refresh that started after its call).
   */
  async refresh(options?: { signal?: AbortSignal }): Promise<RefreshSummary> {
    if (this.inflight) {
      this.queued ??= this.inflight
        .catch(() => undefined)
        .then(() => {
          this.queued = undefined;
          return this.refresh(options);
        });
      return this.queued;
    }
    this.inflight = this.doRefresh(options).finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  private async doRefresh(options?: {
    signal?: AbortSignal;
  }): Promise<RefreshSummary> {
    const started = Date.now();
    const now = new Date().toISOString();
    const { logger } = this.options;
    const previous = await this.options.store.listSnapshots();

    const results = await Promise.all(
      this.options.connectors.map(async connector => {
        try {
          const records = await withTimeout(
            connector.listClusters({ signal: options?.signal }),
            this.options.connectorTimeoutMs,
            `source ${connector.id}`,
          );
          // While slower sources still list.
          return {
            connector,
            records: await this.withConfigTopology(records, options?.signal),
          };
        } catch (error) {
          logger.warn(
            `Fleet source ${connector.id} failed: ${sanitizeForLog(
              errorMessage(error),
              500,
            )}`,
          );
          return { connector, records: [] as ClusterRecord[], error };
        }
      }),
    );

    const merged = mergeRecords(
      results.flatMap(r => r.records),
      now,
    );
    // Clusters that left the fleet take their last detections with them
    // (those of clusters whose source failed this time are kept).
    const names = new Set([
      ...merged.map(m => m.cluster.name),
      ...previous.map(p => p.cluster.name),
    ]);
    for (const name of [...this.lastInspections.keys()]) {
      if (!names.has(name)) this.lastInspections.delete(name);
    }
    this.options.inspector?.retainClusters?.(names);
    const limit = pLimit(Math.max(1, this.options.concurrency));
    const toInspect: MergedCluster[] = [];
    await Promise.all(
      merged.map(m =>
        limit(async () => {
          this.chooseAccess(m);
          if (await this.checkHealth(m)) toInspect.push(m);
        }),
      ),
    );

    // Keep the last good snapshot of clusters whose source failed.
    const failed = new Map(
      results
        .filter(r => r.error)
        .map(r => [r.connector.id, errorMessage(r.error)] as const),
    );
    // The fleet is stored and served now, each cluster with its latest
    // inspection; the inspection pass then stores it again.
    const summary = await this.storeFleet(
      this.snapshots(merged, previous, failed, true),
      failed,
      started,
    );
    const { census } = this.options;
    census?.retain(names);
    const takeCensus = census?.isNeededFor(merged.length) ?? false;
    if (toInspect.length > 0 && (this.options.inspector || takeCensus)) {
      const inspectStarted = Date.now();
      await Promise.all(
        toInspect.map(m =>
          limit(async () => {
            await this.inspect(m, options?.signal);
            if (takeCensus) await this.takeCensus(m, options?.signal);
          }),
        ),
      );
      const out = this.snapshots(merged, previous, failed, false);
      await this.options.store.replaceSnapshots(out);
      this.setCache(out, await this.options.store.snapshotsVersion());
      summary.inspectionDurationMs = Date.now() - inspectStarted;
      logger.info(
        `Connectivity inspected: ${toInspect.length} clusters${
          takeCensus ? ' (with workload census)' : ''
        } in ${summary.inspectionDurationMs}ms`,
      );
    }
    return summary;
  }

  /**
   * The snapshots to store: the merged clusters (with their last
   * inspection when `withLastInspection`, before this pass's), and the last
   * good snapshot, marked stale, of clusters whose source failed.
   */
  private snapshots(
    merged: MergedCluster[],
    previous: StoredCluster[],
    failed: Map<string, string>,
    withLastInspection: boolean,
  ): StoredCluster[] {
    const clusters = merged.map(m => {
      const last = withLastInspection
        ? this.lastInspections.get(m.cluster.name)
        : undefined;
      return last ? withInspection(m.cluster, last) : m.cluster;
    });
    const mergedNames = new Set(merged.map(m => m.cluster.name));
    // Virtual nodes name their peer by its fabric id; resolve it to a fleet
    // cluster so its capacity is counted once, at the peer.
    const resolved = resolveVirtualNodePeers(clusters);
    const out: StoredCluster[] = merged.map((m, i) => ({
      cluster: { ...resolved[i] },
      access: m.access,
    }));
    for (const prev of previous) {
      const failedSource = prev.cluster.sources.find(s => failed.has(s.id));
      if (!failedSource) {
        continue;
      }
      const error = `Source ${failedSource.id} failed: ${failed.get(
        failedSource.id,
      )}`;
      if (!mergedNames.has(prev.cluster.name)) {
        out.push({
          access: prev.access,
          cluster: { ...prev.cluster, stale: true, lastError: error },
        });
      } else {
        const current = out.find(c => c.cluster.name === prev.cluster.name)!;
        current.cluster.stale = true;
        current.cluster.lastError = current.cluster.lastError ?? error;
      }
    }
    out.sort((a, b) => a.cluster.name.localeCompare(b.cluster.name));
    return out;
  }

  /** Stores the fleet and logs the refresh's figures. */
  private async storeFleet(
    out: StoredCluster[],
    failed: Map<string, string>,
    started: number,
  ): Promise<RefreshSummary> {
    const { logger } = this.options;
    for (const c of out) {
      if (c.cluster.conflicts?.length) {
        // Conflict messages quote what the sources reported.
        logger.warn(
          `Cluster ${sanitizeForLog(c.cluster.name, 100)}: ${sanitizeForLog(
            c.cluster.conflicts.map(x => x.message).join('; '),
            500,
          )}`,
        );
      }
    }

    await this.options.store.replaceSnapshots(out);
    this.setCache(out, await this.options.store.snapshotsVersion());
    const summary: RefreshSummary = {
      clusters: out.length,
      healthy: out.filter(c => c.cluster.health.status === 'healthy').length,
      stale: out.filter(c => c.cluster.stale).length,
      conflicts: out.filter(c => c.cluster.conflicts?.length).length,
      connectorErrors: [...failed.entries()].map(([connector, error]) => ({
        connector,
        error,
      })),
      durationMs: Date.now() - started,
    };
    const withProblems = out.filter(c => c.cluster.problems?.length).length;
    logger.info(
      `Fleet refreshed: ${summary.clusters} clusters, ${summary.healthy} healthy, ${summary.stale} stale, ${summary.conflicts} with conflicts, ${withProblems} with problems in ${summary.durationMs}ms`,
    );
    return summary;
  }
}
