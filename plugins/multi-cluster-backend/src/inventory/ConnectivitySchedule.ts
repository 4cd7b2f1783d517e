/** How often each cluster's connectivity is read again. */
export interface ConnectivityScheduleOptions {
  /**
   * The longest a cluster goes without a connectivity read; undefined: every
   * pass up to `largeFleetSize` clusters, `largeFleetIntervalMs` above it.
   */
  intervalMs?: number;
  /** The refresh frequency: how often a pass runs. */
  passEveryMs: number;
  /** Fleets larger than this are read on `largeFleetIntervalMs` by default. */
  largeFleetSize: number;
  largeFleetIntervalMs: number;
}

/**
 * Which clusters a pass reads connectivity from. Fabrics, meshes, networks
 * and virtual nodes change with an install, not with a refresh, and reading
 * them costs a dozen requests per cluster: in a large fleet each pass reads
 * only its share of the clusters, those read longest ago, so every cluster
 * is read within the interval and no pass carries the whole fleet. A cluster
 * never read is always due.
 */
export class ConnectivitySchedule {
  private readonly inspectedAt = new Map<string, number>();

  constructor(private readonly options?: ConnectivityScheduleOptions) {}

  /** Notes a completed read of `name`'s connectivity at `now`. */
  inspected(name: string, now: number): void {
    this.inspectedAt.set(name, now);
  }

  /** Forgets clusters not named (they left the fleet). */
  retain(names: Set<string>): void {
    for (const name of [...this.inspectedAt.keys()]) {
      if (!names.has(name)) this.inspectedAt.delete(name);
    }
  }

  /** The clusters among `names` whose connectivity this pass reads. */
  due(names: string[], fleetSize: number, now: number): Set<string> {
    const intervalMs = this.intervalFor(fleetSize);
    if (!intervalMs) return new Set(names);
    const read = names.filter(n => this.inspectedAt.has(n));
    const due = new Set(names.filter(n => !this.inspectedAt.has(n)));
    // The pass's share: every cluster once per interval.
    const share = Math.ceil(
      (read.length * this.options!.passEveryMs) / intervalMs,
    );
    const oldestFirst = read.sort(
      (a, b) => this.inspectedAt.get(a)! - this.inspectedAt.get(b)!,
    );
    oldestFirst.forEach((name, i) => {
      const age = now - this.inspectedAt.get(name)!;
      if (i < share || age >= intervalMs) due.add(name);
    });
    return due;
  }

  /** 0: every pass. */
  private intervalFor(fleetSize: number): number {
    const options = this.options;
    if (!options) return 0;
    if (options.intervalMs !== undefined) return options.intervalMs;
    return fleetSize > options.largeFleetSize
      ? options.largeFleetIntervalMs
      : 0;
  }
}
