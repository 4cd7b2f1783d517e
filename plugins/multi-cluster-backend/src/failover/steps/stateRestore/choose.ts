/**
 * Which Backup a stateful part is restored from, and the RPO that choice
 * achieves: pure, so the rules are tested without a cluster.
 */
import { createHash } from 'node:crypto';

/** Velero's label naming the Schedule that made a Backup. */
export const SCHEDULE_NAME_LABEL = 'velero.io/schedule-name';
/**
 * The cluster a Backup was taken on: Velero does not record it, so the
 * fleet's Schedules carry this label, which Velero copies onto their
 * Backups (see packages/fleet-simulator/src/velero/README.md).
 */
export const SOURCE_CLUSTER_LABEL = 'flotilla.io/source-cluster';
/** The failover run a Restore or Backup Flotilla created belongs to. */
export const RUN_LABEL = 'flotilla.io/failover-run';

/** A Backup as the step reads it. */
export interface BackupView {
  metadata: { name: string; labels?: Record<string, string> };
  status?: { phase?: string; completionTimestamp?: string };
}

/** What the step records for one part on one target (its output). */
export interface PartRecord {
  backup?: string;
  backupCompletedAt?: string;
  rpoSeconds?: number;
  rpoUnknown?: true;
  /** Why the RPO is unknown. */
  reason?: string;
  restore?: string;
  phase?: string;
  failureReason?: string;
}

/** The label selector of a part's Backups taken on `source`. */
export function backupSelector(part: string, source: string): string {
  return `${SCHEDULE_NAME_LABEL}=${part},${SOURCE_CLUSTER_LABEL}=${source}`;
}

/**
 * The newest Completed Backup of the part taken on `source`, by
 * completionTimestamp: a PartiallyFailed or Failed one is never restored
 * from, however recent (its data is incomplete).
 */
export function latestCompletedBackup(
  backups: BackupView[],
  part: string,
  source: string,
): BackupView | undefined {
  const completedAt = (b: BackupView) =>
    Date.parse(b.status?.completionTimestamp ?? '');
  return backups
    .filter(
      b =>
        b.metadata.labels?.[SCHEDULE_NAME_LABEL] === part &&
        b.metadata.labels?.[SOURCE_CLUSTER_LABEL] === source &&
        b.status?.phase === 'Completed' &&
        Number.isFinite(completedAt(b)),
    )
    .sort((a, b) => completedAt(b) - completedAt(a))[0];
}

/**
 * The record of a part before its restore: the chosen Backup and the RPO
 * it achieves (the failover's time minus the Backup's completion, in whole
 * seconds, never negative), or RPO unknown when there is no such Backup.
 */
export function choiceRecord(
  backup: BackupView | undefined,
  source: string,
  failoverAt: string,
): PartRecord {
  const completedAt = backup?.status?.completionTimestamp;
  if (!backup || !completedAt) {
    return {
      rpoUnknown: true,
      reason: `no completed backup of ${source}`,
    };
  }
  const seconds = Math.floor(
    (Date.parse(failoverAt) - Date.parse(completedAt)) / 1000,
  );
  return {
    backup: backup.metadata.name,
    backupCompletedAt: completedAt,
    rpoSeconds: Math.max(0, seconds),
  };
}

/**
 * The worst RPO of all parts on all targets: unknown when any part's is
 * (no number would be honest then), else the largest.
 */
export function worstRpo(
  targets: Record<string, Record<string, PartRecord>>,
): { rpoSeconds: number } | { rpoUnknown: true } | {} {
  const records = Object.values(targets).flatMap(t => Object.values(t));
  if (!records.length) return {};
  if (records.some(r => r.rpoUnknown || r.rpoSeconds === undefined)) {
    return { rpoUnknown: true };
  }
  return { rpoSeconds: Math.max(...records.map(r => r.rpoSeconds!)) };
}

/**
 * A name for an object the run creates for a part on a cluster: the same on
 * every attempt, so a retry finds its own object instead of making another.
 */
export function runObjectName(
  prefix: string,
  runId: string,
  part: string,
  cluster: string,
): string {
  const hash = createHash('sha256')
    .update(`${runId}\n${part}\n${cluster}`)
    .digest('hex')
    .slice(0, 10);
  const head = `${prefix}-${part}`.slice(0, 63 - hash.length - 1);
  return `${head}-${hash}`;
}
