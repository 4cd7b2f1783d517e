import { JsonObject } from '@backstage/types';
import { IdempotencyClaim, NewFailoverRun } from './FailoverStore';
import { assertSameRequest } from './idempotency';
import { FailoverServiceOptions } from './serviceTypes';
import { FailoverRun } from './types';

/**
 * Records a new run (a failover, drill or rollback) for the worker: a run
 * its idempotency key already made is returned when the request is the
 * same; a run just created is recorded (`run.created`, with its detail).
 * Workers hear of it through the store's work signal.
 */
export async function admitRun(
  options: Pick<FailoverServiceOptions, 'store' | 'events'>,
  newRun: NewFailoverRun & { idempotency: IdempotencyClaim | undefined },
  detailOf: (run: FailoverRun) => JsonObject,
): Promise<{ created: boolean; run: FailoverRun }> {
  const { idempotency } = newRun;
  const { run, created, requestHash } = await options.store.createRun(newRun);
  if (!created && idempotency) {
    assertSameRequest(idempotency, run, requestHash);
  }
  if (created) {
    await options.events.emit({
      runId: run.id,
      entityRef: run.entityRef,
      actor: run.actor,
      kind: run.kind,
      event: 'run.created',
      status: run.status,
      detail: detailOf(run),
    });
  }
  return { created, run };
}
