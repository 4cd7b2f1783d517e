import type { KubernetesClient } from '@flotilla/plugin-multi-cluster-node';
import { errorMessage, StepContext } from '../types';
import { backupBody } from './bodies';
import { runObjectName, SCHEDULE_NAME_LABEL } from './choose';
import { BACKUPS, createOrRead, listBackups, veleroClient } from './velero';
import { awaitFinished, failureOf } from './wait';

/** A rollback's own Backup of a part, as recorded. */
export interface FreshBackupRecord {
  cluster: string;
  backup: string;
  phase?: string;
  /** Why it could not be made: the latest existing Backup is used then. */
  error?: string;
}

/**
 * The Backup a rollback takes first on the cluster it leaves (`from`), so
 * the source gets the state as it is now, not as it was at the last
 * scheduled backup, with the spec the part's Schedule gives its Backups.
 * The name is recorded
 * before it is created. Failing to make it is recorded, not fatal: the
 * latest completed Backup of `from` is restored then.
 */
export async function takeFreshBackup(
  ctx: StepContext,
  part: string,
  from: string,
  record: FreshBackupRecord | undefined,
  persist: (r: FreshBackupRecord) => Promise<void>,
): Promise<FreshBackupRecord> {
  const current: FreshBackupRecord = record ?? {
    cluster: from,
    backup: runObjectName('flotilla-backup', ctx.run.id, part, from),
  };
  if (current.phase === 'Completed' || current.error) return current;
  await persist(current);
  try {
    const client = await veleroClient(ctx, from);
    const spec = await specOfPart(ctx, client, part);
    await createOrRead(
      ctx,
      client,
      BACKUPS,
      backupBody(ctx.run.id, current.backup, part, from, spec),
    );
    const done = await awaitFinished(
      ctx,
      client,
      BACKUPS,
      current.backup,
      async phase => {
        current.phase = phase;
      },
    );
    if (done.status?.phase !== 'Completed') current.error = failureOf(done);
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    current.error = errorMessage(error).slice(0, 300);
  }
  await persist(current);
  return current;
}

/**
 * The spec the part's Schedule gives its Backups, from the newest Backup of
 * the part `client` sees (a Schedule's Backups carry its template; reading
 * Backups needs no more rights than the restore already has).
 */
async function specOfPart(
  ctx: StepContext,
  client: KubernetesClient,
  part: string,
): Promise<Record<string, unknown>> {
  const backups = await listBackups(
    ctx,
    client,
    `${SCHEDULE_NAME_LABEL}=${part}`,
  );
  const newest = backups
    .filter(b => b.spec)
    .sort((a, b) =>
      (b.status?.completionTimestamp ?? '').localeCompare(
        a.status?.completionTimestamp ?? '',
      ),
    )[0];
  if (!newest?.spec)
    throw new Error(`no Backup of ${part} to take its spec from`);
  // Labels come from the new Backup's own metadata, never the template's
  // (which name the cluster the template's Backups were taken on).
  const { metadata: _templateLabels, ...spec } = newest.spec;
  return spec;
}
