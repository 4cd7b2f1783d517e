/**
 * The runbook's state-restore step: each stateful part (a Velero Schedule)
 * is restored on each target from the latest Completed Backup of the source,
 * before replicas move there. The choice and the RPO it achieves are
 * recorded before the Restore is created; the output is the record the run
 * view shows (see ../../README.md, "Restoring state").
 */
import type { KubernetesClient } from '@flotilla/plugin-multi-cluster-node';
import { StepContext, StepError, StepExecutor } from '../types';
import {
  backupSelector,
  choiceRecord,
  latestCompletedBackup,
  runObjectName,
  worstRpo,
  type PartRecord,
} from './choose';
import { takeFreshBackup, type FreshBackupRecord } from './freshBackup';
import { restorePart } from './restore';
import { awaitVisible } from './visible';
import { listBackups, veleroClient } from './velero';

interface Params {
  parts: string[];
  from: string;
  to: string[];
  rollbackOf?: string;
}

/** The step's output: its record, persisted as it goes. */
export interface StateRestoreOutput {
  from: string;
  /** When the Backups were chosen: the RPO is measured to this moment. */
  failoverAt: string;
  targets: Record<string, Record<string, PartRecord>>;
  rpoSeconds?: number;
  rpoUnknown?: true;
  rollbackOf?: string;
  /** A rollback's own Backups of `from`, by part. */
  freshBackups?: Record<string, FreshBackupRecord>;
  dryRun?: true;
}

export const stateRestore: StepExecutor = async ctx => {
  const params = await effectiveParams(ctx);
  if (!params.parts.length || !params.to.length) {
    return {
      skipped: params.parts.length
        ? 'the source kept serving: the run never took its replicas, so its state is current'
        : 'no stateful parts declared (flotilla.io/stateful-parts)',
    };
  }
  const earlier = ctx.step.output as StateRestoreOutput | undefined;
  const out: StateRestoreOutput = {
    ...earlier,
    from: params.from,
    failoverAt: earlier?.failoverAt ?? '',
    targets: earlier?.targets ?? {},
    ...(params.rollbackOf ? { rollbackOf: params.rollbackOf } : {}),
  };
  const persist = async () => {
    Object.assign(out, { rpoSeconds: undefined, rpoUnknown: undefined });
    Object.assign(out, worstRpo(out.targets));
    await ctx.progress(JSON.parse(JSON.stringify(out)));
  };
  if (params.rollbackOf && !ctx.run.dry) {
    await freshBackups(ctx, params, out, persist);
  }
  out.failoverAt ||= new Date().toISOString();
  const clients = await chooseAll(ctx, params, out);
  await persist();
  const unknown = Object.entries(out.targets).flatMap(([target, parts]) =>
    Object.entries(parts)
      .filter(([, r]) => r.rpoUnknown)
      .map(([part, r]) => `${part} on ${target}: ${r.reason}`),
  );
  if (unknown.length) {
    // Starting the service on no data, or on whatever the target holds, is
    // a decision for a person: the run stops before replicas move.
    throw new StepError(`RPO unknown: ${unknown.join('; ')}`, {
      retryable: false,
    });
  }
  if (ctx.run.dry) return { output: { ...out, dryRun: true } };
  for (const [target, parts] of Object.entries(out.targets)) {
    for (const record of Object.values(parts)) {
      await restorePart(ctx, clients.get(target)!, record, persist);
    }
  }
  return { output: JSON.parse(JSON.stringify(out)) };
};

/**
 * Chooses each part's Backup on each target (once: a retry keeps the
 * recorded choice, whose Restore may already exist).
 */
async function chooseAll(
  ctx: StepContext,
  params: Params,
  out: StateRestoreOutput,
): Promise<Map<string, KubernetesClient>> {
  const clients = new Map<string, KubernetesClient>();
  for (const target of params.to) {
    const client = await veleroClient(ctx, target);
    clients.set(target, client);
    const parts = (out.targets[target] ??= {});
    for (const part of params.parts) {
      if (parts[part]?.backup) continue;
      const fresh = out.freshBackups?.[part];
      if (fresh?.phase === 'Completed') {
        await awaitVisible(ctx, client, fresh.backup, target);
      }
      const backups = await listBackups(
        ctx,
        client,
        backupSelector(part, params.from),
      );
      const chosen = latestCompletedBackup(backups, part, params.from);
      const record = choiceRecord(chosen, params.from, out.failoverAt);
      if (record.backup) {
        record.restore = runObjectName('flotilla', ctx.run.id, part, target);
      }
      parts[part] = record;
    }
  }
  return clients;
}

/** A rollback first backs each part up on the cluster it leaves. */
async function freshBackups(
  ctx: StepContext,
  params: Params,
  out: StateRestoreOutput,
  persist: () => Promise<void>,
) {
  out.freshBackups ??= {};
  for (const part of params.parts) {
    await takeFreshBackup(
      ctx,
      part,
      params.from,
      out.freshBackups[part],
      async record => {
        out.freshBackups![part] = record;
        await persist();
      },
    );
  }
}

/**
 * A rollback restores only the clusters the original run took replicas
 * from (an applied `lower` change): one that kept serving (make before
 * break stopped before the break) has the newest state, which a restore
 * from the target would overwrite with older data.
 */
async function effectiveParams(ctx: StepContext): Promise<Params> {
  const params = ctx.step.params as Params;
  if (!params.rollbackOf) return params;
  const lowered = new Set(
    (await ctx.changes.ofRun(params.rollbackOf))
      .filter(c => c.phase === 'lower' && c.status === 'applied')
      .map(c => c.cluster),
  );
  return { ...params, to: params.to.filter(c => lowered.has(c)) };
}
