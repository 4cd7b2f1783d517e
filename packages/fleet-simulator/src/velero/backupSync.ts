/**
 * Velero's backup sync controller across the fleet: every cluster whose
 * BackupStorageLocation points at the same bucket sees the Backups stored
 * there. Upstream vmware-tanzu/velero `pkg/controller/backup_sync_controller.go`
 * (read at commit 0045bb057d6583135c7c4b5cc6582786cfd7f100; later versions
 * per location) lists the backups in object storage and creates each one in
 * the cluster unless it exists, with its resourceVersion cleared; later
 * versions set `velero.io/storage-location` and `spec.storageLocation` to the
 * syncing cluster's location. A Backup is in the bucket once its controller
 * finished it (Completed, PartiallyFailed or Failed: each uploads its
 * metadata); one that failed validation never reached it.
 */
import {
  STORAGE_LOCATION_LABEL,
  VELERO_NAMESPACE,
  type BackupObject,
} from './model';

const IN_STORAGE = new Set(['Completed', 'PartiallyFailed', 'Failed']);

/** Whether a Backup's metadata is in its location's bucket. */
export function isStored(backup: BackupObject): boolean {
  return IN_STORAGE.has(backup.status?.phase ?? '');
}

/** The copy of a stored Backup that another cluster's sync creates. */
export function syncedCopy(
  backup: BackupObject,
  location: string,
): BackupObject {
  const { name, labels, annotations } = backup.metadata;
  return {
    apiVersion: backup.apiVersion,
    kind: backup.kind,
    metadata: {
      name,
      namespace: VELERO_NAMESPACE,
      labels: { ...labels, [STORAGE_LOCATION_LABEL]: location },
      ...(annotations ? { annotations } : {}),
    },
    spec: { ...backup.spec, storageLocation: location },
    status: structuredClone(backup.status),
  };
}
