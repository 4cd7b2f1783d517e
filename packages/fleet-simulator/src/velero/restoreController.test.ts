import { nextRestoreStatus } from './restoreController';
import type { BackupObject, RestoreObject } from './model';

const NOW = '2026-12-06T10:00:00Z';

function backup(
  name: string,
  phase: string,
  startTimestamp: string,
  schedule = 'db',
): BackupObject {
  return {
    metadata: { name, labels: { 'velero.io/schedule-name': schedule } },
    status: {
      phase: phase as any,
      startTimestamp,
      progress: { totalItems: 7, itemsBackedUp: 7 },
    },
  };
}

const restore = (
  spec: RestoreObject['spec'],
  status?: RestoreObject['status'],
) => ({ metadata: { name: 'r' }, spec, status } as RestoreObject);

describe('the simulated Velero restore controller', () => {
  const backups = [
    backup('db-3', 'Failed', '2026-12-06T09:50:00Z'),
    backup('db-2', 'Completed', '2026-12-06T09:40:00Z'),
    backup('db-1', 'Completed', '2026-12-06T09:30:00Z'),
  ];

  it('validates a new restore, then completes it from its backup', () => {
    const started = nextRestoreStatus(
      restore({ backupName: 'db-2' }),
      backups,
      NOW,
    );
    expect(started).toEqual({ phase: 'InProgress', startTimestamp: NOW });
    expect(
      nextRestoreStatus(restore({ backupName: 'db-2' }, started), backups, NOW),
    ).toMatchObject({
      phase: 'Completed',
      completionTimestamp: NOW,
      progress: { itemsRestored: 7 },
    });
  });

  it('fails validation without exactly one source, or without the backup', () => {
    expect(nextRestoreStatus(restore({}), backups, NOW)).toEqual({
      phase: 'FailedValidation',
      validationErrors: [
        'Either a backup or schedule must be specified as a source for the restore, but not both',
      ],
    });
    expect(
      nextRestoreStatus(restore({ backupName: 'gone' }), backups, NOW),
    ).toEqual({
      phase: 'FailedValidation',
      validationErrors: [
        'Error retrieving backup: backups.velero.io "gone" not found',
      ],
    });
  });

  it('fails a restore of a failed backup, and leaves finished ones alone', () => {
    const inProgress = { phase: 'InProgress' as const, startTimestamp: NOW };
    expect(
      nextRestoreStatus(
        restore({ backupName: 'db-3' }, inProgress),
        backups,
        NOW,
      ),
    ).toMatchObject({
      phase: 'Failed',
      failureReason: expect.stringContaining('db-3'),
    });
    expect(
      nextRestoreStatus(
        restore({ backupName: 'db-2' }, { phase: 'Completed' }),
        backups,
        NOW,
      ),
    ).toBeUndefined();
  });

  it("restores a schedule's most recent completed backup", () => {
    const started = nextRestoreStatus(
      restore({ scheduleName: 'db' }),
      backups,
      NOW,
    );
    expect(started?.phase).toBe('InProgress');
    expect(
      nextRestoreStatus(restore({ scheduleName: 'other' }), backups, NOW),
    ).toMatchObject({ phase: 'FailedValidation' });
  });
});
