import { FailoverServiceOptions } from './serviceTypes';
import { FailoverRun } from './types';

/**
 * Asks a run to stop, through the store: a run nobody holds is cancelled
 * at once, a running one before its next step attempt. The transition is
 * recorded as the actor's; `finished` means it had already ended.
 */
export async function requestRunCancel(
  options: Pick<FailoverServiceOptions, 'store' | 'events'>,
  run: FailoverRun,
  actor: string,
): Promise<'cancelled' | 'requested' | 'finished'> {
  const outcome = await options.store.requestCancel(run.id);
  if (outcome === 'finished') return outcome;
  await options.events.emit({
    runId: run.id,
    entityRef: run.entityRef,
    actor,
    kind: run.kind,
    event: outcome === 'cancelled' ? 'run.cancelled' : 'run.cancel-requested',
    status: outcome === 'cancelled' ? 'cancelled' : run.status,
  });
  return outcome;
}
