/**
 * Each cluster's last response time to entity placement. The fan-out is
 * bounded (`concurrency`), so a slow cluster asked late adds its whole
 * latency after the queue; asked first, its latency overlaps the reads of
 * the others (longest-first, as a scheduler orders jobs on few workers).
 */
export class ResponseTimes {
  private readonly lastMs = new Map<string, number>();

  record(cluster: string, ms: number): void {
    this.lastMs.set(cluster, ms);
  }

  /**
   * `clusters` slowest first by their last response, or else by what
   * `earlier` knows of them (the workload census's read); clusters never
   * timed keep their order after those. Forgets clusters not in `clusters`
   * once it holds more than twice as many (so it stays bounded by the fleet).
   */
  slowestFirst<T extends { name: string }>(
    clusters: T[],
    earlier: (cluster: string) => number | undefined = () => undefined,
  ): T[] {
    if (this.lastMs.size > 2 * clusters.length) {
      const names = new Set(clusters.map(c => c.name));
      for (const name of [...this.lastMs.keys()]) {
        if (!names.has(name)) this.lastMs.delete(name);
      }
    }
    const ms = (name: string) => this.lastMs.get(name) ?? earlier(name) ?? 0;
    // Array.prototype.sort is stable: ties keep the inventory's order.
    return [...clusters].sort((a, b) => ms(b.name) - ms(a.name));
  }
}
