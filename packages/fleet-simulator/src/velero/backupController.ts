/**
 * What Velero's backup controller decides for a new Backup, following
 * upstream vmware-tanzu/velero `pkg/controller/backup_controller.go`
 * (`prepareBackupRequest`): the storage location is the Backup's
 * `spec.storageLocation` or the server default, and one that does not
 * exist fails validation ("an existing backup storage location wasn't
 * specified at backup creation time and the default '<name>' wasn't
 * found..."); a valid Backup goes InProgress with a start time and the
 * `velero.io/storage-location` label, then Completed with a completion time
 * and an expiration (start + ttl, default 720h). Nothing is read from the
 * cluster: the simulated backup holds no data.
 */
import {
  DEFAULT_LOCATION,
  STORAGE_LOCATION_LABEL,
  type BackupObject,
} from './model';

const DEFAULT_TTL_HOURS = 720;

/** The Backup as it should be written next; undefined when not its controller's turn. */
export function nextBackup(
  backup: BackupObject,
  locations: string[],
  now: Date,
): BackupObject | undefined {
  const phase = backup.status?.phase;
  const location = backup.spec?.storageLocation || DEFAULT_LOCATION;
  if (!phase || phase === 'New') {
    if (!locations.includes(location)) {
      return withStatus(backup, {
        phase: 'FailedValidation',
        validationErrors: [
          `an existing backup storage location wasn't specified at backup creation time and the default '${location}' wasn't found. Please address this issue (see \`velero backup-location -h\` for options) and create a new backup. Error: backupstoragelocations.velero.io "${location}" not found`,
        ],
      });
    }
    const next = withStatus(backup, {
      phase: 'InProgress',
      startTimestamp: now.toISOString().replace(/\.\d+Z$/, 'Z'),
      version: 1,
    });
    next.spec = { ...next.spec, storageLocation: location };
    next.metadata.labels = {
      ...next.metadata.labels,
      [STORAGE_LOCATION_LABEL]: location,
    };
    return next;
  }
  if (phase !== 'InProgress') return undefined;
  const started = Date.parse(backup.status?.startTimestamp ?? '') || +now;
  return withStatus(backup, {
    phase: 'Completed',
    completionTimestamp: now.toISOString().replace(/\.\d+Z$/, 'Z'),
    expiration: new Date(started + ttlMs(backup.spec?.ttl))
      .toISOString()
      .replace(/\.\d+Z$/, 'Z'),
    progress: { totalItems: 42, itemsBackedUp: 42 },
  });
}

function withStatus(
  backup: BackupObject,
  status: NonNullable<BackupObject['status']>,
): BackupObject {
  const copy = structuredClone(backup);
  copy.status = { ...copy.status, ...status };
  return copy;
}

/** Velero's duration strings as its ttl uses them: `720h0m0s`, `24h`, `30m`. */
function ttlMs(ttl: string | undefined): number {
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(ttl ?? '');
  if (!ttl || !match) return DEFAULT_TTL_HOURS * 3600_000;
  const [, h, m, s] = match.map(Number);
  return ((h || 0) * 3600 + (m || 0) * 60 + (s || 0)) * 1000;
}
