/** An error `eventually` does not retry: the answer will not change. */
export class PermanentError extends Error {
  name = 'PermanentError';
}

/**
 * Retries `check` until it returns instead of throwing (an `expect` that
 * passes, a probe that found its state), every `intervalMs`; after
 * `timeoutMs` its last failure is thrown. A PermanentError ends it at once.
 * State decides, not time: the deadline only stops a check whose state never
 * comes.
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  timeoutMs = 60_000,
  intervalMs = 500,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (error instanceof PermanentError || Date.now() > deadline) {
        throw error;
      }
      await new Promise(resolve => setTimeout(resolve, intervalMs));
    }
  }
}
