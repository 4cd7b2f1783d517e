/**
 * What detection asks of region failovers: to start one, or a failback,
 * exactly once per key.
 */
export interface RecoveryStarter {
  /** Starts (exactly once per key) a region failover of these services away from these clusters. */
  startRegionFailover(input: {
    clusters: string[];
    entityRefs: string[];
    reason: string;
    idempotencyKey: string;
  }): Promise<{ stormId: string }>;
  /** Starts (exactly once per key) the failback of what a storm moved away from these clusters. */
  startFailback(input: {
    clusters: string[];
    entityRefs: string[];
    reason: string;
    idempotencyKey: string;
  }): Promise<{ stormId: string }>;
}
