import { nextBackup } from './backupController';
import { isStored, syncedCopy } from './backupSync';
import type { BackupObject } from './model';

const NOW = new Date('2026-12-06T10:00:00Z');
const fresh = (storageLocation?: string): BackupObject => ({
  apiVersion: 'velero.io/v1',
  kind: 'Backup',
  metadata: { name: 'b', namespace: 'velero', labels: { x: 'y' } },
  spec: { storageLocation, ttl: '24h' },
});

describe('the simulated Velero backup controller and sync', () => {
  it('takes a new backup to InProgress, then Completed with its expiration', () => {
    const started = nextBackup(fresh(), ['default'], NOW)!;
    expect(started.status).toMatchObject({
      phase: 'InProgress',
      startTimestamp: '2026-12-06T10:00:00Z',
    });
    expect(started.metadata.labels).toEqual({
      x: 'y',
      'velero.io/storage-location': 'default',
    });
    expect(isStored(started)).toBe(false);
    const done = nextBackup(started, ['default'], NOW)!;
    expect(done.status).toMatchObject({
      phase: 'Completed',
      completionTimestamp: '2026-12-06T10:00:00Z',
      expiration: '2026-12-07T10:00:00Z',
    });
    expect(nextBackup(done, ['default'], NOW)).toBeUndefined();
    // Another cluster's sync sees it under its own location.
    expect(isStored(done)).toBe(true);
    expect(syncedCopy(done, 'shared')).toMatchObject({
      metadata: { labels: { 'velero.io/storage-location': 'shared' } },
      spec: { storageLocation: 'shared' },
      status: { phase: 'Completed' },
    });
  });

  it('fails validation without its storage location', () => {
    expect(nextBackup(fresh('elsewhere'), ['default'], NOW)?.status).toEqual({
      phase: 'FailedValidation',
      validationErrors: [
        expect.stringContaining(
          "an existing backup storage location wasn't specified at backup creation time and the default 'elsewhere' wasn't found",
        ),
      ],
    });
  });
});
