import type { FailoverRunStatus } from './failover';

/**
 * One finished run (failover, drill or rollback) of a service, with the
 * recovery it achieved.
 *
 * @public
 */
export interface RecoveryHistoryItem {
  runId: string;
  kind: 'failover' | 'rollback' | 'drill';
  /** How the run ended: `succeeded`, `failed` or `cancelled`. */
  outcome: Exclude<FailoverRunStatus, 'pending' | 'running'>;
  startedAt: string;
  finishedAt: string | null;
  /**
   * Measured RTO: from the run's start to the first read in which every
   * target's workloads reported the required ready replicas; null when
   * that never happened (`rtoReason` says why).
   */
  rtoSeconds: number | null;
  rtoReason: string | null;
  /**
   * Achieved RPO, as the `state-restore` step measured it (`rpoSeconds`
   * of its output); null unless `rpo` is `measured`.
   */
  rpoSeconds: number | null;
  /**
   * `measured`; `unknown` when the step could not tell (`rpoUnknown`) or
   * did not finish; `not-applicable` when the run restored no state.
   */
  rpo: 'measured' | 'unknown' | 'not-applicable';
}

/**
 * `GET /entities/:kind/:namespace/:name/dr/history`: a service's measured
 * RTO and RPO per finished run, newest first, with its declared targets.
 *
 * @public
 */
export interface RecoveryHistory {
  entityRef: string;
  targetRtoSeconds: number | null;
  targetRpoSeconds: number | null;
  items: RecoveryHistoryItem[];
}
