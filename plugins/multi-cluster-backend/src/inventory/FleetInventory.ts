import { LoggerService } from '@backstage/backend-plugin-api';
import pLimit from 'p-limit';
import { MultiClusterStore } from '../database/MultiClusterStore';
import type { WorkloadCensus } from '../placement/WorkloadCensus';
import {
  ClusterClientFactory,
  sanitizeForLog,
  mergeRecords,
  MergedCluster,
  ClusterAccess,
  ClusterListFilter,
  ClusterListResult,
  ClusterRecord,
  FleetCluster,
  FleetConnector,
  RefreshSummary,
  StoredCluster,
  errorMessage,
} from '@flotilla/plugin-multi-cluster-node';
import { ClusterHealthCheck } from './ClusterHealthCheck';
import { ConfigClusterTopology } from './ConfigClusterTopology';
import { fleetSnapshots } from './fleetSnapshots';
import type { EventLoopPacer } from '../util/EventLoopPacer';
import { ClusterInspector, InspectionPass } from './InspectionPass';
import type { ConnectivityScheduleOptions } from './ConnectivitySchedule';
import { matchesFilter } from './listFilter';
import { sleep, withDeadline } from '../util/deadline';

export type { ClusterInspection, ClusterInspector } from './InspectionPass';

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
      /** Lets the inspection pass give way to requests. */
      pacer?: EventLoopPacer;
      /** How often each cluster's connectivity is read (default: every refresh). */
      connectivitySchedule?: ConnectivityScheduleOptions;
    },
  ) {
    this.inspection = new InspectionPass({
      clients: options.clients,
      timeoutMs: options.inspectTimeoutMs ?? options.healthTimeoutMs,
      inspector: options.inspector,
      census: options.census,
      pacer: options.pacer,
      connectivity: options.connectivitySchedule,
    });
    this.healthCheck = new ClusterHealthCheck({
      clients: options.clients,
      timeoutMs: options.healthTimeoutMs,
    });
    this.configTopology = new ConfigClusterTopology({
      clients: options.clients,
      logger: options.logger,
      timeoutMs: options.healthTimeoutMs,
      concurrency: options.concurrency,
    });
  }

  private readonly inspection: InspectionPass;
  private readonly healthCheck: ClusterHealthCheck;
  private readonly configTopology: ConfigClusterTopology;

  /** Aborted on stop: cancels the pending follow-up refreshes. */
  private followUps = new AbortController();

  /** Requested refreshes still running; stop waits for them. */
  private readonly requested = new Set<Promise<unknown>>();

  /**
   * Refreshes now and again after each delay (e.g. while a rollout
   * settles), without blocking the caller. Errors are logged.
   */
  requestRefresh(delaysMs: number[] = []): void {
    const run = () => {
      const refresh = this.refresh().catch(e =>
        this.options.logger.warn(
          `Requested refresh failed: ${sanitizeForLog(errorMessage(e), 500)}`,
        ),
      );
      this.requested.add(refresh);
      void refresh.finally(() => this.requested.delete(refresh));
    };
    run();
    const { signal } = this.followUps;
    for (const delayMs of delaysMs) {
      // Unreferenced: a pending follow-up does not keep the process up.
      sleep(delayMs, signal, { ref: false }).then(
        () => {
          if (!signal.aborted) run();
        },
        () => undefined,
      );
    }
  }

  /**
   * On shutdown: cancels pending follow-up refreshes and waits for the
   * requested ones still running, which would otherwise write to the
   * database after it is closed.
   */
  async stop(): Promise<void> {
    this.followUps.abort();
    this.followUps = new AbortController();
    await Promise.allSettled([...this.requested]);
  }

  get connectors(): FleetConnector[] {
    return this.options.connectors;
  }

  private loading?: Promise<StoredCluster[]>;

  /**
   * The stored fleet, re-read only when a refresh (of this replica or
   * another) stored a newer one. Concurrent callers (a placement asks for
   * hundreds of clusters at once) share one check of the database.
   */
  private load(): Promise<StoredCluster[]> {
    const ttl = this.options.cacheTtlMs ?? 2000;
    if (this.cache && Date.now() - this.cache.loadedAt < ttl) {
      return Promise.resolve(this.cache.clusters);
    }
    this.loading ??= this.reload().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async reload(): Promise<StoredCluster[]> {
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

  /** Stores the fleet and serves it from now on. */
  private async persist(clusters: StoredCluster[]): Promise<void> {
    await this.options.store.replaceSnapshots(clusters);
    this.setCache(clusters, await this.options.store.snapshotsVersion());
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

  private inflight?: Promise<RefreshSummary>;
  private queued?: Promise<RefreshSummary>;

  /** Whether a refresh of this process is running. */
  get refreshing(): boolean {
    return this.inflight !== undefined;
  }

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
    const previous = await this.options.store.listSnapshots();
    const results = await this.listSources(options?.signal);

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
    this.inspection.retain(names);
    const limit = pLimit(Math.max(1, this.options.concurrency));
    const toInspect: MergedCluster[] = [];
    await Promise.all(
      merged.map(m =>
        limit(async () => {
          this.healthCheck.chooseAccess(m);
          if (await this.healthCheck.check(m)) toInspect.push(m);
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
      fleetSnapshots(merged, previous, failed, c =>
        this.inspection.withLastInspection(c),
      ),
      failed,
      started,
    );
    if (toInspect.length > 0 && this.inspection.hasWork(merged.length)) {
      const inspectStarted = Date.now();
      const { withCensus } = await this.inspection.run(
        toInspect,
        merged.length,
        limit,
        options?.signal,
      );
      await this.persist(fleetSnapshots(merged, previous, failed));
      summary.inspectionDurationMs = Date.now() - inspectStarted;
      this.options.logger.info(
        `Connectivity inspected: ${toInspect.length} clusters${
          withCensus ? ' (with workload census)' : ''
        } in ${summary.inspectionDurationMs}ms`,
      );
    }
    return summary;
  }

  /**
   * Every source's clusters, each source bounded by its deadline; a source
   * that fails lists none and carries its error.
   */
  private listSources(signal: AbortSignal | undefined) {
    return Promise.all(
      this.options.connectors.map(async connector => {
        try {
          const records = await withDeadline(
            `source ${connector.id}`,
            { timeoutMs: this.options.connectorTimeoutMs, signal },
            deadline => connector.listClusters({ signal: deadline }),
          );
          // While slower sources still list.
          return {
            connector,
            records: await this.configTopology.withTopology(records, signal),
          };
        } catch (error) {
          this.options.logger.warn(
            `Fleet source ${connector.id} failed: ${sanitizeForLog(
              errorMessage(error),
              500,
            )}`,
          );
          return { connector, records: [] as ClusterRecord[], error };
        }
      }),
    );
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

    await this.persist(out);
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
