import { errorMessage, StepContext } from '../types';
import {
  RUN_LABEL,
  runObjectName,
  SCHEDULE_NAME_LABEL,
  SOURCE_CLUSTER_LABEL,
} from './choose';
import {
  BACKUPS,
  createOrRead,
  readObject,
  SCHEDULES,
  VELERO_NAMESPACE,
  veleroClient,
} from './velero';
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
 * scheduled backup: the part's Schedule (read on the clusters being
 * restored, where it was declared) gives its spec. The name is recorded
 * before it is created. Failing to make it is recorded, not fatal: the
 * latest completed Backup of `from` is restored then.
 */
export async function takeFreshBackup(
  ctx: StepContext,
  part: string,
  from: string,
  scheduleClusters: string[],
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
    const spec = await scheduleTemplate(ctx, part, scheduleClusters);
    const client = await veleroClient(ctx, from);
    await createOrRead(ctx, client, BACKUPS, {
      apiVersion: 'velero.io/v1',
      kind: 'Backup',
      metadata: {
        name: current.backup,
        namespace: VELERO_NAMESPACE,
        labels: {
          [SCHEDULE_NAME_LABEL]: part,
          [SOURCE_CLUSTER_LABEL]: from,
          [RUN_LABEL]: ctx.run.id,
        },
      },
      spec,
    });
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

/** The spec of the part's Schedule's Backups, from the first cluster that has it. */
async function scheduleTemplate(
  ctx: StepContext,
  part: string,
  clusters: string[],
): Promise<Record<string, unknown>> {
  for (const cluster of clusters) {
    const client = await veleroClient(ctx, cluster);
    const schedule = await readObject(ctx, client, SCHEDULES, part).catch(
      () => undefined,
    );
    const template = (schedule?.spec as { template?: Record<string, unknown> })
      ?.template;
    if (template) {
      const { metadata: _labels, ...spec } = template;
      return spec;
    }
  }
  throw new Error(`no Schedule ${part} on ${clusters.join(', ')}`);
}
