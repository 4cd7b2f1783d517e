import type { KubernetesClient } from '@flotilla/plugin-multi-cluster-node';
import { StepContext, StepError } from '../types';
import { restoreBody } from './bodies';
import type { PartRecord } from './choose';
import { RESTORES, createOrRead } from './velero';
import { awaitFinished, failureOf } from './wait';

/**
 * Creates the part's Restore (its name recorded beforehand, so a retry
 * finds it instead of making another) and waits until Velero finished it;
 * `record` is updated with each phase read. Anything but Completed fails
 * the step for good: a retry would find the same finished Restore.
 */
export async function restorePart(
  ctx: StepContext,
  client: KubernetesClient,
  record: PartRecord,
  persist: () => Promise<void>,
): Promise<void> {
  const name = record.restore!;
  await createOrRead(
    ctx,
    client,
    RESTORES,
    restoreBody(ctx.run.id, name, record.backup!),
  );
  const finished = await awaitFinished(
    ctx,
    client,
    RESTORES,
    name,
    async phase => {
      if (record.phase === phase) return;
      record.phase = phase;
      await persist();
    },
  );
  if (finished.status?.phase !== 'Completed') {
    record.failureReason = failureOf(finished);
    await persist();
    throw new StepError(
      `restore ${name} of ${record.backup}: ${record.failureReason}`,
      {
        retryable: false,
      },
    );
  }
}
