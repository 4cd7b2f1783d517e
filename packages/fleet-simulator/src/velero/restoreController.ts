/**
 * What Velero's restore controller decides for a new Restore, following
 * upstream vmware-tanzu/velero `pkg/controller/restore_controller.go`
 * (read at commit 014be696085408faed7778c63e9ad944688dc164):
 * `validateAndComplete` requires exactly one of `backupName` and
 * `scheduleName` ("Either a backup or schedule must be specified as a source
 * for the restore, but not both"), resolves a schedule to its most recent
 * Completed Backup (`mostRecentCompletedBackup`, by start time) or fails
 * validation ("No backups found for schedule", "No completed backups found
 * for schedule"), and fails validation when the Backup cannot be read
 * ("Error retrieving backup: ..."); a validated restore goes InProgress
 * with a start time, then Completed, PartiallyFailed (errors > 0) or Failed
 * (`runValidatedRestore` returned an error, e.g. downloading the backup's
 * contents) with a completion time. Nothing is actually restored here: a
 * Failed backup has no contents to download (Failed), a PartiallyFailed one
 * restores with its errors (PartiallyFailed).
 */
import {
  SCHEDULE_NAME_LABEL,
  type BackupObject,
  type RestoreObject,
} from './model';

/** The status a Restore moves to next; undefined when it is not new. */
export function nextRestoreStatus(
  restore: RestoreObject,
  backups: BackupObject[],
  now: string,
): RestoreObject['status'] | undefined {
  const status = restore.status ?? {};
  if (!status.phase || status.phase === 'New') {
    const { errors } = resolveBackup(restore, backups);
    return errors.length
      ? { phase: 'FailedValidation', validationErrors: errors }
      : { phase: 'InProgress', startTimestamp: now };
  }
  if (status.phase !== 'InProgress') return undefined;
  const { backup } = resolveBackup(restore, backups);
  return { ...status, ...runRestore(backup), completionTimestamp: now };
}

function runRestore(
  backup: BackupObject | undefined,
): NonNullable<RestoreObject['status']> {
  const phase = backup?.status?.phase;
  if (!backup || (phase !== 'Completed' && phase !== 'PartiallyFailed')) {
    return {
      phase: 'Failed',
      failureReason: `error downloading backup: backup ${
        backup?.metadata.name ?? '(gone)'
      } has no contents (phase ${phase ?? 'unknown'})`,
    };
  }
  const items = backup.status?.progress?.itemsBackedUp ?? 0;
  const errors = backup.status?.errors ?? 0;
  return {
    phase: errors > 0 ? 'PartiallyFailed' : 'Completed',
    errors,
    warnings: 0,
    progress: { totalItems: items, itemsRestored: items },
  };
}

/** The restore's Backup, as validateAndComplete resolves it. */
export function resolveBackup(
  restore: RestoreObject,
  backups: BackupObject[],
): { backup?: BackupObject; errors: string[] } {
  const backupName = restore.spec?.backupName ?? '';
  const scheduleName = restore.spec?.scheduleName ?? '';
  if (!backupName === !scheduleName) {
    return {
      errors: [
        'Either a backup or schedule must be specified as a source for the restore, but not both',
      ],
    };
  }
  if (scheduleName) {
    const ofSchedule = backups.filter(
      b => b.metadata.labels?.[SCHEDULE_NAME_LABEL] === scheduleName,
    );
    if (!ofSchedule.length) {
      return {
        errors: [
          'No backups found for schedule',
          'No completed backups found for schedule',
        ],
      };
    }
    const latest = mostRecentCompleted(ofSchedule);
    return latest
      ? { backup: latest, errors: [] }
      : { errors: ['No completed backups found for schedule'] };
  }
  const backup = backups.find(b => b.metadata.name === backupName);
  return backup
    ? { backup, errors: [] }
    : {
        errors: [
          `Error retrieving backup: backups.velero.io "${backupName}" not found`,
        ],
      };
}

function mostRecentCompleted(
  backups: BackupObject[],
): BackupObject | undefined {
  return [...backups]
    .sort((a, b) =>
      (b.status?.startTimestamp ?? '').localeCompare(
        a.status?.startTimestamp ?? '',
      ),
    )
    .find(b => b.status?.phase === 'Completed');
}
