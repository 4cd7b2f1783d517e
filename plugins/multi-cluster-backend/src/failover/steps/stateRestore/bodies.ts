/** The Velero objects the step creates (velero.io/v1, namespace velero). */
import { RUN_LABEL, SCHEDULE_NAME_LABEL, SOURCE_CLUSTER_LABEL } from './choose';

export const VELERO_NAMESPACE = 'velero';

/** A Restore of one Backup, labelled with the run that made it. */
export function restoreBody(runId: string, name: string, backup: string) {
  return {
    apiVersion: 'velero.io/v1',
    kind: 'Restore',
    metadata: {
      name,
      namespace: VELERO_NAMESPACE,
      labels: { [RUN_LABEL]: runId },
    },
    spec: { backupName: backup },
  };
}

/** A rollback's Backup of a part on `cluster`, with the part's Backup spec. */
export function backupBody(
  runId: string,
  name: string,
  part: string,
  cluster: string,
  spec: Record<string, unknown>,
) {
  return {
    apiVersion: 'velero.io/v1',
    kind: 'Backup',
    metadata: {
      name,
      namespace: VELERO_NAMESPACE,
      labels: {
        [SCHEDULE_NAME_LABEL]: part,
        [SOURCE_CLUSTER_LABEL]: cluster,
        [RUN_LABEL]: runId,
      },
    },
    spec,
  };
}
