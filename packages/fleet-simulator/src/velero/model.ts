/**
 * Velero's objects as the simulator reads and writes them (velero.io/v1,
 * packages/upstream-crds/crds/velero), in Velero's namespace `velero`.
 * Backup and Restore have no status subresource upstream: their controllers
 * write the whole object, and so does the simulator.
 */
import type { CustomObject } from '../capi/customObject';
import type { ResourceType } from '../capi/kube';

export const VELERO_NAMESPACE = 'velero';
export const VELERO_API = 'velero.io/v1';

const type = (plural: string, kind: string): ResourceType => ({
  group: 'velero.io',
  version: 'v1',
  plural,
  kind,
});
export const BACKUPS = type('backups', 'Backup');
export const RESTORES = type('restores', 'Restore');
export const SCHEDULES = type('schedules', 'Schedule');
export const LOCATIONS = type(
  'backupstoragelocations',
  'BackupStorageLocation',
);

/** Velero's own labels (pkg/apis/velero/v1/labels_annotations.go). */
export const SCHEDULE_NAME_LABEL = 'velero.io/schedule-name';
export const STORAGE_LOCATION_LABEL = 'velero.io/storage-location';
/**
 * The cluster a Backup was taken on. Velero does not record it; the fleet's
 * Schedules carry it as a label, which Velero copies onto every Backup the
 * Schedule makes, and the backup sync keeps it on the copies other clusters
 * see. Flotilla's state-restore step selects Backups of the source with it.
 */
export const SOURCE_CLUSTER_LABEL = 'flotilla.io/source-cluster';

/** The one storage location of every prod member: a shared bucket. */
export const DEFAULT_LOCATION = 'default';
export const SHARED_BUCKET = 'flotilla-fleet-backups';

export type BackupPhase =
  | 'New'
  | 'FailedValidation'
  | 'InProgress'
  | 'Completed'
  | 'PartiallyFailed'
  | 'Failed';

export type RestorePhase = BackupPhase;

export interface BackupObject extends CustomObject {
  spec?: {
    includedNamespaces?: string[];
    storageLocation?: string;
    ttl?: string;
    [key: string]: unknown;
  };
  status?: {
    phase?: BackupPhase;
    startTimestamp?: string;
    completionTimestamp?: string;
    expiration?: string;
    errors?: number;
    failureReason?: string;
    validationErrors?: string[];
    progress?: { totalItems?: number; itemsBackedUp?: number };
    [key: string]: unknown;
  };
}

export interface RestoreObject extends CustomObject {
  spec?: { backupName?: string; scheduleName?: string; [key: string]: unknown };
  status?: {
    phase?: RestorePhase;
    startTimestamp?: string;
    completionTimestamp?: string;
    errors?: number;
    warnings?: number;
    failureReason?: string;
    validationErrors?: string[];
    progress?: { totalItems?: number; itemsRestored?: number };
  };
}

export interface LocationObject extends CustomObject {
  spec?: {
    provider?: string;
    objectStorage?: { bucket?: string; prefix?: string };
    default?: boolean;
  };
}

/** Where a location stores backups: locations with one key share them. */
export function storageKey(location: LocationObject): string | undefined {
  const bucket = location.spec?.objectStorage?.bucket;
  if (!bucket || !location.spec?.provider) return undefined;
  return `${location.spec.provider}/${bucket}/${
    location.spec.objectStorage?.prefix ?? ''
  }`;
}

/** Velero names a scheduled Backup `<schedule>-<UTC yyyyMMddHHmmss>`. */
export function scheduledBackupName(schedule: string, at: Date): string {
  const stamp = at.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${schedule}-${stamp}`;
}

/** Seconds and no milliseconds, as metav1.Time serializes. */
export function kubeTime(at: Date): string {
  return `${at.toISOString().slice(0, 19)}Z`;
}
