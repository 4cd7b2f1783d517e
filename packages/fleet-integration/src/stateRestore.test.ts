/**
 * The runbook's state restore on real API servers: payments-ledger declares
 * one stateful part, the Velero Schedule payments-ledger-db, whose Backups
 * of prod-eu-west-aws-1 the simulator seeded (the newest one Failed) and
 * synced to every prod member (the simulator plays Velero's controllers).
 *
 * - Failing over to the standby restores there from the newest Completed
 *   Backup of the primary: the Restore is on the standby's API server,
 *   Completed; the achieved RPO is recorded. The rollback backs the
 *   standby up first and restores the primary from that Backup.
 * - From the standby, of which no Backup exists: the run stops before any
 *   replica moves, and says "RPO unknown".
 */
import { eventually } from '@flotilla/test-kit';
import { adminClients, clusterNamed } from './harness/fleet';
import { useBackend } from './harness/suite';
import { finishedRun, startFailover, type RunView } from './harness/failover';

jest.setTimeout(600_000);

const { fleet, backend } = useBackend({
  name: 'state-restore',
  port: 7153,
  // A member of team-checkout, which owns payments-ledger.
  guestUser: 'user:default/guest',
  config: { multiCluster: { failover: { timeScale: 0.25 } } },
});

const ENTITY = 'component:default/payments-ledger';
const PRIMARY = 'prod-eu-west-aws-1';
const STANDBY = 'prod-eu-west-azure-1';
const PART = 'payments-ledger-db';

const VELERO = { group: 'velero.io', version: 'v1', namespace: 'velero' };

async function veleroObject(cluster: string, plural: string, name: string) {
  return (await adminClients(
    clusterNamed(fleet, cluster),
  ).custom.getNamespacedCustomObject({ ...VELERO, plural, name })) as any;
}

/** The part's Backups of `source` as `cluster`'s API server lists them. */
async function backupsOf(cluster: string, source: string): Promise<any[]> {
  const list = (await adminClients(
    clusterNamed(fleet, cluster),
  ).custom.listNamespacedCustomObject({
    ...VELERO,
    plural: 'backups',
    labelSelector: `velero.io/schedule-name=${PART},flotilla.io/source-cluster=${source}`,
  })) as { items: any[] };
  return list.items;
}

async function failOver(from: string, to: string): Promise<RunView> {
  const run = await eventually(
    () =>
      startFailover(backend(), {
        entityRef: ENTITY,
        from,
        to,
        reason: 'integration: state restore',
        force: true,
      }),
    180_000,
    2000,
  );
  return finishedRun(backend(), run.id);
}

const stateStep = (run: RunView) =>
  run.steps.find(s => s.kind === 'state-restore')!;

describe('restoring state on failover', () => {
  // First: the rollback below makes a Backup of the standby.
  it('stops before any replica moves when the source has no completed backup: RPO unknown', async () => {
    const ofStandby = await backupsOf(PRIMARY, STANDBY);
    expect(ofStandby.filter(b => b.status?.phase === 'Completed')).toEqual([]);
    const run = await failOver(STANDBY, PRIMARY);
    expect(run.status).toBe('failed');
    const step = stateStep(run);
    expect(step.status).toBe('failed');
    expect(step.output.targets[PRIMARY][PART]).toEqual({
      rpoUnknown: true,
      reason: `no completed backup of ${STANDBY}`,
    });
    expect(step.output.rpoUnknown).toBe(true);
    expect(step.output.rpoSeconds).toBeUndefined();
    expect(run.error).toMatch(/RPO unknown/);
    // Not retried, and nothing moved.
    expect(step.attempts).toBe(1);
    expect(run.steps.find(s => s.kind === 'shift-replicas')!.status).not.toBe(
      'succeeded',
    );
    expect((run as any).changes).toEqual([]);
  });

  it('restores the standby from the newest completed backup of the primary, records the RPO, and rolls back from a fresh backup', async () => {
    // Velero's backup sync brought the primary's Backups to the standby.
    const seen = await eventually(async () => {
      const backups = await backupsOf(STANDBY, PRIMARY);
      expect(backups.map(b => b.status?.phase)).toContain('Completed');
      return backups;
    }, 60_000);
    const completedAt = (b: any) => Date.parse(b.status.completionTimestamp);
    const newestCompleted = seen
      .filter(b => b.status.phase === 'Completed')
      .sort((a, b) => completedAt(b) - completedAt(a))[0];
    // The scenario's newest Backup failed: it is never the one restored.
    expect(seen.some(b => completedAt(b) > completedAt(newestCompleted))).toBe(
      true,
    );

    const run = await failOver(PRIMARY, STANDBY);
    expect(run.status).toBe('succeeded');
    const step = stateStep(run);
    expect(step.status).toBe('succeeded');
    const record = step.output.targets[STANDBY][PART];
    expect(record).toMatchObject({
      backup: newestCompleted.metadata.name,
      backupCompletedAt: newestCompleted.status.completionTimestamp,
      phase: 'Completed',
    });
    expect(record.rpoSeconds).toBe(
      Math.floor(
        (Date.parse(step.output.failoverAt) - completedAt(newestCompleted)) /
          1000,
      ),
    );
    expect(record.rpoSeconds).toBeGreaterThan(0);
    expect(step.output.rpoSeconds).toBe(record.rpoSeconds);
    // The Restore is on the standby's own API server, finished by Velero.
    const restore = await veleroObject(STANDBY, 'restores', record.restore);
    expect(restore.spec.backupName).toBe(newestCompleted.metadata.name);
    expect(restore.status.phase).toBe('Completed');
    expect(restore.metadata.labels['flotilla.io/failover-run']).toBe(run.id);

    const res = await backend().request<{ id: string }>(
      'POST',
      `/api/multi-cluster/failovers/${run.id}/rollback`,
      { reason: 'integration: back to the primary' },
    );
    expect(res.status).toBe(202);
    const rollback = await finishedRun(backend(), res.body.id);
    expect(rollback.status).toBe('succeeded');
    const back = stateStep(rollback).output;
    expect(back.freshBackups[PART]).toMatchObject({
      cluster: STANDBY,
      phase: 'Completed',
    });
    const restored = back.targets[PRIMARY][PART];
    expect(restored).toMatchObject({
      backup: back.freshBackups[PART].backup,
      phase: 'Completed',
    });
    expect(
      (await veleroObject(PRIMARY, 'restores', restored.restore)).status.phase,
    ).toBe('Completed');
  });
});
