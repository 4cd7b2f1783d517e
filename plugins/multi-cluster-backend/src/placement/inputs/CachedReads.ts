/** What is known of one cluster: the last good value, and the last failure. */
export interface CachedRead<T> {
  value?: T;
  /** When `value` was read (ISO 8601). */
  readAt?: string;
  /** Why the latest read failed (the value, if any, is the last known). */
  error?: string;
}

interface Entry<T> extends CachedRead<T> {
  checkedAt: number;
  pending?: Promise<void>;
}

/**
 * One value per cluster, read at most once per `maxAgeMs` however many
 * advice requests ask (a burst shares one read), re-read in the background
 * once older, and kept when a later read fails: a cluster briefly out of
 * reach keeps its last known inputs, saying when they were read.
 */
export class CachedReads<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly maxAgeMs: number,
    private readonly read: (cluster: string) => Promise<T>,
    private readonly describe: (error: unknown) => string,
  ) {}

  /** `maxAgeMs`: this cluster's, where it is not the one for every cluster. */
  async get(cluster: string, maxAgeMs = this.maxAgeMs): Promise<CachedRead<T>> {
    const entry = this.entries.get(cluster) ?? { checkedAt: -Infinity };
    this.entries.set(cluster, entry);
    if (Date.now() - entry.checkedAt >= maxAgeMs) {
      entry.pending ??= this.refresh(entry, cluster);
    }
    // Only a cluster never read waits for its read. Later, the last value
    // answers while the next read runs: advice (and the service tab that
    // shows it) never waits on a slow or unreachable member.
    if (entry.pending && entry.checkedAt === -Infinity) await entry.pending;
    const { value, readAt, error } = entry;
    return { value, readAt, error };
  }

  /** Forgets clusters no longer in the fleet (the cache stays bounded). */
  retain(clusters: ReadonlySet<string>): void {
    for (const name of this.entries.keys()) {
      if (!clusters.has(name)) this.entries.delete(name);
    }
  }

  private async refresh(entry: Entry<T>, cluster: string): Promise<void> {
    try {
      entry.value = await this.read(cluster);
      entry.readAt = new Date().toISOString();
      entry.error = undefined;
    } catch (error) {
      entry.error = this.describe(error);
    } finally {
      entry.checkedAt = Date.now();
      entry.pending = undefined;
    }
  }
}
