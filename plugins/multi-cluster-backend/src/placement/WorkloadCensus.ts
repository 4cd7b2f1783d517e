/**
 * Which `backstage.io/kubernetes-id`s each cluster runs workloads for, as
 * the last inspection pass saw them. Entity placement reads every cluster
 * live; over a large fleet (more clusters than `liveReadLimit`) it skips
 * the clusters whose recent census shows none of the entity's workloads,
 * so a placement over a thousand clusters costs the clusters that run it,
 * not the fleet (as karmada-search answers from its cache). A cluster
 * without a census, or with one older than `maxAgeMs`, is always read.
 */
export class WorkloadCensus {
  private readonly byCluster = new Map<
    string,
    { kubernetesIds: Set<string>; observedAt: number; readMs?: number }
  >();
  private readonly now: () => number;

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
    kubernetesIds: Iterable<string>,
    readMs?: number,
  ): void {
    this.byCluster.set(cluster, {
      kubernetesIds: new Set(kubernetesIds),
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
   * the live-read limit; otherwise those the census cannot rule out.
   */
  clustersToRead<T extends { name: string }>(
    clusters: T[],
    kubernetesId: string,
  ): { read: T[]; ruledOut: number } {
    if (!this.isNeededFor(clusters.length)) {
      return { read: clusters, ruledOut: 0 };
    }
    const now = this.now();
    const read = clusters.filter(cluster => {
      const census = this.byCluster.get(cluster.name);
      return (
        !census ||
        now - census.observedAt > this.options.maxAgeMs ||
        census.kubernetesIds.has(kubernetesId)
      );
    });
    return { read, ruledOut: clusters.length - read.length };
  }
}
