/**
 * What happened that someone waiting for work may care about. A notice is
 * only a hint to look again: whoever acts on it still goes through the
 * database's fence (conditional claims, leases).
 *
 * - `run-created`: a run was committed and may be claimed.
 * - `run-finished`: a run ended (its entity may take a new run; a parent
 *   waiting for its child may continue).
 * - `lease-released`: a worker freed a run's lease (graceful shutdown): it
 *   may be claimed again at once.
 * - `work-resumed`: paused work may continue (e.g. a resumed region
 *   failover).
 */
export type WorkNoticeKind =
  | 'run-created'
  | 'run-finished'
  | 'lease-released'
  | 'work-resumed';

export const WORK_NOTICE_KINDS: readonly WorkNoticeKind[] = [
  'run-created',
  'run-finished',
  'lease-released',
  'work-resumed',
];

/** A notice as listeners receive it. */
export interface WorkNotice {
  /**
   * `reconnected` is never sent: it tells listeners of this replica that
   * the signal was deaf for a while (its connection dropped and is back),
   * so notices may have been missed and they should look again.
   */
  kind: WorkNoticeKind | 'reconnected';
  /** The run it is about, when there is one. */
  runId?: string;
}

export type WorkListener = (notice: WorkNotice) => void;

/**
 * Wakes workers of every backend replica when there is new work, instead
 * of leaving them to find it at their next poll.
 */
export interface WorkSignal {
  /** How notices travel: within this process, or through PostgreSQL. */
  readonly transport: 'in-process' | 'postgres';
  /**
   * Tells every replica (this one at once). Call it after the transaction
   * that made the change has committed, so whoever wakes sees the change.
   * Never throws: a notice that could not be sent is found by the polls.
   */
  notify(kind: WorkNoticeKind, detail?: { runId?: string }): Promise<void>;
  /** Calls `listener` for every notice; returns the unsubscribe function. */
  subscribe(listener: WorkListener): () => void;
  /** Starts hearing other replicas (resolves even when that fails: it retries). */
  start(): Promise<void>;
  stop(): Promise<void>;
}
