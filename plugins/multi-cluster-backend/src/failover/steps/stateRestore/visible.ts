import type { KubernetesClient } from '@flotilla/plugin-multi-cluster-node';
import { StepContext, StepError } from '../types';
import { BACKUPS, readObject } from './velero';

/**
 * Waits until a Backup made on another cluster is visible on `cluster`:
 * Velero's backup sync brings it over from the shared bucket, after a while.
 */
export async function awaitVisible(
  ctx: StepContext,
  client: KubernetesClient,
  backup: string,
  cluster: string,
): Promise<void> {
  for (;;) {
    const synced = await readObject(ctx, client, BACKUPS, backup);
    if (synced?.status?.phase === 'Completed') return;
    try {
      await ctx.deps.sleep(ctx.pollIntervalMs, ctx.signal);
    } catch {
      throw new StepError(
        `backup ${backup} did not reach ${cluster} in time (Velero's backup sync)`,
      );
    }
  }
}
