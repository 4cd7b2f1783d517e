/* eslint-disable no-console */

/** A benchmark's measured case did not happen: its figures would lie. */
export class NotMeasuredError extends Error {
  readonly name = 'NotMeasuredError';
}

/**
 * Fails the bench with `reason` unless `condition` holds. Call it on what a
 * table is about to show (the clusters that answered, the runs that
 * succeeded), so a setup that reached nothing cannot print a table.
 */
export function requireMeasured(
  condition: unknown,
  reason: string,
): asserts condition {
  if (!condition) throw new NotMeasuredError(reason);
}

/**
 * Whether this is a smoke run (`--smoke` or BENCH_SMOKE=1): every case once
 * at its smallest size, so the test command proves each bench still
 * measures what it says without paying for the figures.
 */
export function isSmokeRun(): boolean {
  return process.argv.includes('--smoke') || process.env.BENCH_SMOKE === '1';
}

/** `full` normally, `smoke` in a smoke run. */
export function sized<T>(full: T, smoke: T): T {
  return isSmokeRun() ? smoke : full;
}

/**
 * Runs a bench's `main` and ends the process: exit code 0 when it measured
 * everything, 1 with the reason when its setup failed or a measured case
 * did not happen.
 */
export function runBench(name: string, main: () => unknown): void {
  Promise.resolve()
    .then(main)
    .then(
      () => process.exit(0),
      error => {
        const reason =
          error instanceof NotMeasuredError
            ? `measured nothing: ${error.message}`
            : error?.stack ?? String(error);
        console.error(`bench ${name} failed: ${reason}`);
        process.exit(1);
      },
    );
}
