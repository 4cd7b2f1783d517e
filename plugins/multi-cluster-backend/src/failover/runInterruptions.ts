import { errorMessage } from './steps/types';

/** Raised inside a run when the worker lost its lease (or was stopped). */
export class LeaseLostError extends Error {
  constructor(runId: string) {
    super(`lease of run ${runId} lost`);
    this.name = 'LeaseLostError';
  }
}

/** Aborts a step attempt that ran past its timeout. */
export class StepTimeoutError extends Error {}

/** How long a timed-out step may take to report what it last saw. */
const TIMEOUT_REPORT_GRACE_MS = 2_000;

/**
 * A timeout's message with what the step last saw (its own error once it
 * noticed the abort: e.g. which target was unreachable), when it reports
 * that within a short grace; the bare timeout otherwise.
 */
export async function withLastObservation(
  timeout: StepTimeoutError,
  execution: Promise<unknown>,
): Promise<string> {
  let grace: ReturnType<typeof setTimeout> | undefined;
  const reported = await Promise.race([
    execution.then(
      () => undefined,
      (error: unknown) => error,
    ),
    new Promise<undefined>(resolve => {
      grace = setTimeout(() => resolve(undefined), TIMEOUT_REPORT_GRACE_MS);
    }),
  ]);
  clearTimeout(grace);
  return reported instanceof Error && reported !== timeout
    ? `${timeout.message}: ${errorMessage(reported)}`
    : timeout.message;
}
