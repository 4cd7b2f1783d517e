import type {
  ReplicaAssignment,
  ServiceDrSpec,
  ServiceSignalInput,
} from '@flotilla/plugin-multi-cluster-common';

/**
 * What detection starts when services that opted into automatic failover
 * lose their cluster, and when that cluster is stable again. The region
 * failover module implements it.
 *
 * @public
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

/** A DR-declared catalog service as detection reads it in one tick. */
export interface ObservedService {
  entityRef: string;
  title?: string;
  /** Who is notified of its proposals (`spec.owner`, `ownedBy`). */
  owners: string[];
  spec: ServiceDrSpec;
  /** Where its replicas run now. */
  placement: ReplicaAssignment;
  /** Its effective PropagationPolicy declares `spec.failover`. */
  karmadaFailover: boolean;
  /** Its signals in each cluster it runs on (absent: not read). */
  signals: ServiceSignalInput[];
}

/** Reads every DR-declared service of the catalog (service credentials). */
export interface ServiceObserver {
  observe(options?: { signal?: AbortSignal }): Promise<ObservedService[]>;
}

/** The failover runs detection must not race. */
export interface FailoverActivity {
  /** Each service's unfinished run, by entity ref. */
  activeRuns(entityRefs: string[]): Promise<Map<string, string>>;
  /** When each service's last failover run was created, by entity ref. */
  lastFailovers(entityRefs: string[]): Promise<Map<string, string>>;
}
