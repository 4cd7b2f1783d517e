/**
 * Polls `probe` until it returns a value, for state that a background
 * process reaches in its own time (a simulated rollout, an inventory
 * refresh). The deadline only stops a test whose state never comes; it is
 * far above any machine's speed, so no test races it.
 */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  { deadlineMs = 60_000, pollMs = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      throw new Error(`state not reached within ${deadlineMs} ms`);
    }
    await new Promise(resolve => setTimeout(resolve, pollMs));
  }
}
