import type { KubernetesClient } from '@flotilla/plugin-multi-cluster-node';
import { StepContext, StepError } from '../types';
import { readObject, type VeleroObject } from './velero';

/** Phases after which Velero's controllers never change an object again. */
const FINISHED = new Set([
  'Completed',
  'PartiallyFailed',
  'Failed',
  'FailedValidation',
]);

/**
 * Reads the object every poll interval until its controller finished it,
 * bounded by the step's deadline (its signal); `seen` records each phase
 * read. Answers the finished object.
 */
export async function awaitFinished(
  ctx: StepContext,
  client: KubernetesClient,
  kind: Parameters<typeof readObject>[2],
  name: string,
  seen: (phase: string) => Promise<void>,
): Promise<VeleroObject> {
  let phase = 'unknown';
  for (;;) {
    const current = await readObject(ctx, client, kind, name);
    phase = current?.status?.phase ?? (current ? 'New' : 'gone');
    await seen(phase);
    if (current && FINISHED.has(phase)) return current;
    if (!current) {
      throw new StepError(`${kind.plural} ${name} was deleted while waiting`);
    }
    try {
      await ctx.deps.sleep(ctx.pollIntervalMs, ctx.signal);
    } catch {
      throw new StepError(
        `${kind.plural} ${name} did not finish in time (phase ${phase})`,
      );
    }
  }
}

/** Why Velero finished an object without success, bounded. */
export function failureOf(object: VeleroObject): string {
  const status = object.status ?? {};
  const why =
    status.failureReason ||
    status.validationErrors?.join('; ') ||
    (status.errors ? `${status.errors} error(s)` : '') ||
    'no reason given';
  return `${status.phase}: ${why}`.slice(0, 300);
}
