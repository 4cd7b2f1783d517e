import { untilAborted } from '../util/deadline';
import { errorMessage } from '@flotilla/plugin-multi-cluster-node';

/** Raised inside a run when the worker lost its lease (or was stopped). */
export class LeaseLostError extends Error {
  constructor(runId: string) {
    super(`lease of run ${runId} lost`);
    this.name = 'LeaseLostError';
  }
}

/** How long a timed-out step may take to report what it last saw. */
const TIMEOUT_REPORT_GRACE_MS = 2_000;

/**
 * A timeout's message with what the step last saw (its own error once it
 * noticed the abort: e.g. which target was unreachable), when it reports
 * that within a short grace; the bare timeout otherwise (also when the step
 * merely rethrew the abort's `reason`).
 */
export async function withLastObservation(
  timeout: string,
  execution: Promise<unknown>,
  reason: unknown,
): Promise<string> {
  const reported = await untilAborted(
    execution.then(
      () => undefined,
      (error: unknown) => error,
    ),
    AbortSignal.timeout(TIMEOUT_REPORT_GRACE_MS),
  ).catch(() => undefined);
  return reported instanceof Error && reported !== reason
    ? `${timeout}: ${errorMessage(reported)}`
    : timeout;
}
