import {
  backupSelector,
  choiceRecord,
  latestCompletedBackup,
  runObjectName,
  worstRpo,
  type BackupView,
} from './choose';

const SOURCE = 'prod-eu-west-aws-1';

function backup(
  name: string,
  phase: string,
  completionTimestamp: string | undefined,
  labels: Record<string, string> = {},
): BackupView {
  return {
    metadata: {
      name,
      labels: {
        'velero.io/schedule-name': 'ledger-db',
        'flotilla.io/source-cluster': SOURCE,
        ...labels,
      },
    },
    status: { phase, completionTimestamp },
  };
}

describe('choosing the backup a part is restored from', () => {
  it('takes the newest Completed backup of the part taken on the source', () => {
    const chosen = latestCompletedBackup(
      [
        backup('older', 'Completed', '2026-12-06T09:00:00Z'),
        // Listed first but finished later: ordered by completion time.
        backup('newest', 'Completed', '2026-12-06T09:30:00Z'),
        backup('failed', 'Failed', '2026-12-06T09:50:00Z'),
        backup('partial', 'PartiallyFailed', '2026-12-06T09:45:00Z'),
        backup('running', 'InProgress', undefined),
        backup('other-part', 'Completed', '2026-12-06T09:55:00Z', {
          'velero.io/schedule-name': 'cache',
        }),
        backup('other-cluster', 'Completed', '2026-12-06T09:56:00Z', {
          'flotilla.io/source-cluster': 'prod-eu-west-gcp-1',
        }),
      ].reverse(),
      'ledger-db',
      SOURCE,
    );
    expect(chosen?.metadata.name).toBe('newest');
  });

  it('records the RPO as the seconds from the backup to the failover', () => {
    expect(
      choiceRecord(
        backup('b', 'Completed', '2026-12-06T09:30:00Z'),
        SOURCE,
        '2026-12-06T09:37:30.900Z',
      ),
    ).toEqual({
      backup: 'b',
      backupCompletedAt: '2026-12-06T09:30:00Z',
      rpoSeconds: 450,
    });
  });

  it('says RPO unknown, and why, when there is no completed backup', () => {
    expect(
      latestCompletedBackup(
        [backup('failed', 'Failed', '2026-12-06T09:50:00Z')],
        'ledger-db',
        SOURCE,
      ),
    ).toBeUndefined();
    expect(choiceRecord(undefined, SOURCE, '2026-12-06T10:00:00Z')).toEqual({
      rpoUnknown: true,
      reason: `no completed backup of ${SOURCE}`,
    });
  });

  it('reports the worst RPO, and unknown when any part is unknown', () => {
    const known = { a: { rpoSeconds: 60 }, b: { rpoSeconds: 600 } };
    expect(worstRpo({ t1: known, t2: { a: { rpoSeconds: 5 } } })).toEqual({
      rpoSeconds: 600,
    });
    expect(
      worstRpo({ t1: known, t2: { a: { rpoUnknown: true, reason: 'x' } } }),
    ).toEqual({ rpoUnknown: true });
    expect(worstRpo({})).toEqual({});
  });

  it("names a run's objects the same on every attempt, within 63 characters", () => {
    const name = runObjectName('flotilla', 'run-1', 'ledger-db', 'c1');
    expect(runObjectName('flotilla', 'run-1', 'ledger-db', 'c1')).toBe(name);
    expect(runObjectName('flotilla', 'run-1', 'ledger-db', 'c2')).not.toBe(
      name,
    );
    expect(name).toMatch(/^flotilla-ledger-db-[0-9a-f]{10}$/);
    expect(
      runObjectName('flotilla', 'run-1', 'x'.repeat(63), 'c1').length,
    ).toBeLessThanOrEqual(63);
    expect(backupSelector('ledger-db', SOURCE)).toBe(
      `velero.io/schedule-name=ledger-db,flotilla.io/source-cluster=${SOURCE}`,
    );
  });
});
