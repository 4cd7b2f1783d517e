import type { WorkloadKind, WorkloadStatus } from '../workloads/types';

/** One workload a census counted. */
export interface CensusEntry {
  kubernetesId: string;
  kind: WorkloadKind;
  namespace?: string;
  /** Its desired replicas (`spec.replicas`); unset counts as running. */
  replicas?: number;
  /** The workload as the pass read it, for placements that take the census. */
  workload?: WorkloadStatus;
}

/** Whether `entry` is one of `kubernetesId`'s workloads (in `namespace` when set). */
function isOf(entry: CensusEntry, kubernetesId: string, namespace?: string) {
  return (
    entry.kubernetesId === kubernetesId &&
    (namespace === undefined || entry.namespace === namespace)
  );
}

/**
 * The clusters a placement reads, each with the kinds of workload to list
 * there (every kind when unset), and how many the census ruled out.
 */
export interface ClustersToRead<T> {
  read: Array<T & { kinds?: WorkloadKind[] }>;
  ruledOut: number;
}

/**
 * Which `backstage.io/kubernetes-id`s each cluster runs workloads for (and of which kinds), as
 * the last inspection pass saw them. Entity placement reads every cluster
 * live; over a large fleet (more clusters than `liveReadLimit`) it skips
 * the clusters whose recent census shows none of the entity's workloads,
 * so a placement over a thousand clusters costs the clusters that run it,
 * not the fleet (as karmada-search answers from its cache). A cluster
 * without a census, or with one older than `maxAgeMs` (plus two of the
 * last passes), is always read.
 */
export class WorkloadCensus {
  private readonly byCluster = new Map<
    string,
    {
      /** kubernetes-id to the kinds of workload it runs as. */
      kinds: Map<string, Set<WorkloadKind>>;
      entries: CensusEntry[];
      observedAt: number;
      readMs?: number;
    }
  >();
  private readonly now: () => number;
  /** How long the last whole census pass took. */
  private lastPassMs = 0;

  constructor(
    private readonly options: {
      /** Fleets up to this many clusters are always read live (no census taken). */
      liveReadLimit: number;
      /** A census older than this rules nothing out. */
      maxAgeMs: number;
      now?: () => number;
    },
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Whether a fleet of this size needs a census (it has more clusters than are read live). */
  isNeededFor(fleetSize: number): boolean {
    return fleetSize > this.options.liveReadLimit;
  }

  /** `readMs`: how long the census's read of the cluster took. */
  record(
    cluster: string,
    workloads: Iterable<CensusEntry>,
    readMs?: number,
  ): void {
    const kinds = new Map<string, Set<WorkloadKind>>();
    const entries = [...workloads];
    for (const { kubernetesId, kind } of entries) {
      let of = kinds.get(kubernetesId);
      if (!of) kinds.set(kubernetesId, (of = new Set()));
      of.add(kind);
    }
    this.byCluster.set(cluster, {
      kinds,
      entries,
      observedAt: this.now(),
      readMs,
    });
  }

  /**
   * How long the last census read of the cluster took: the same lists a
   * placement reads, through the same path, so a first placement already
   * knows which clusters are slow.
   */
  readMs(cluster: string): number | undefined {
    return this.byCluster.get(cluster)?.readMs;
  }

  /**
   * Notes how long a whole pass took. A cluster's next census comes a pass
   * later, so over a fleet whose pass outlasts `maxAgeMs` (a thousand
   * clusters take minutes) a census stays trusted for two more passes;
   * otherwise every census would be stale before the next, and every
   * placement would read the whole fleet live.
   */
  notePass(durationMs: number): void {
    this.lastPassMs = Math.max(0, durationMs);
  }

  /** A cluster whose census could not be taken is read live again. */
  forget(cluster: string): void {
    this.byCluster.delete(cluster);
  }

  /** Forgets clusters no longer in the fleet. */
  retain(names: Set<string>): void {
    for (const name of [...this.byCluster.keys()]) {
      if (!names.has(name)) this.byCluster.delete(name);
    }
  }

  /**
   * The clusters to read for `kubernetesId`: all of them for a fleet up to
   * the live-read limit; otherwise those the census cannot rule out, each
   * with the kinds to list there ({@link WorkloadCensus.kindsToRead}).
   */
  clustersToRead<T extends { name: string }>(
    clusters: T[],
    kubernetesId: string,
  ): ClustersToRead<T> {
    if (!this.isNeededFor(clusters.length)) {
      return { read: clusters, ruledOut: 0 };
    }
    const read = clusters.flatMap(cluster => {
      const kinds = this.kindsToRead(cluster.name, kubernetesId);
      return kinds?.length === 0 ? [] : [{ ...cluster, kinds }];
    });
    return { read, ruledOut: clusters.length - read.length };
  }

  /**
   * The clusters among `clusters` where `kubernetesId` has replicas (in
   * `namespace` when set), answered from the census alone: only over the
   * live-read limit and when every one of them has a recent census, else
   * undefined (the caller reads live). A view that needs where a
   * dependency runs, not its replicas, then costs no read at all.
   */
  clustersRunning(
    clusters: string[],
    kubernetesId: string,
    namespace?: string,
  ): string[] | undefined {
    if (!this.isNeededFor(clusters.length)) return undefined;
    const running: string[] = [];
    for (const cluster of clusters) {
      const census = this.recent(cluster);
      if (!census) return undefined;
      const runs = census.entries.some(
        e =>
          isOf(e, kubernetesId, namespace) &&
          (e.replicas === undefined || e.replicas > 0),
      );
      if (runs) running.push(cluster);
    }
    return running;
  }

  /**
   * `kubernetesId`'s workloads in `cluster` (in `namespace` when set) as the
   * last pass read them, with how long that read took; undefined without a
   * recent census of the cluster that recorded them (read it live).
   */
  workloadsIn(
    cluster: string,
    kubernetesId: string,
    namespace?: string,
  ): { workloads: WorkloadStatus[]; readMs?: number } | undefined {
    const census = this.recent(cluster);
    if (!census) return undefined;
    const entries = census.entries.filter(e =>
      isOf(e, kubernetesId, namespace),
    );
    if (entries.some(e => !e.workload)) return undefined;
    return {
      workloads: entries.map(e => e.workload!),
      readMs: census.readMs,
    };
  }

  /** A cluster's census while it is trusted. */
  private recent(cluster: string) {
    const census = this.byCluster.get(cluster);
    const maxAgeMs = this.options.maxAgeMs + 2 * this.lastPassMs;
    if (!census || this.now() - census.observedAt > maxAgeMs) {
      return undefined;
    }
    return census;
  }

  /**
   * The kinds of workload to read for `kubernetesId` in a cluster over the
   * live-read limit: those its recent census counted (none: the cluster is
   * ruled out), or undefined (every kind) without a recent census. A
   * placement over a large fleet then lists one kind per cluster, not two.
   */
  kindsToRead(
    cluster: string,
    kubernetesId: string,
  ): WorkloadKind[] | undefined {
    const census = this.recent(cluster);
    if (!census) return undefined;
    return [...(census.kinds.get(kubernetesId) ?? [])];
  }
}
