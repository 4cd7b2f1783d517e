/** The bench's progress lines on stderr, each with the time since it started. */
/* eslint-disable no-console */
import { seconds } from './report';

const benchStarted = performance.now();

/** Milliseconds since the bench started. */
export function elapsedMs(): number {
  return performance.now() - benchStarted;
}

export function progress(message: string) {
  const at = (elapsedMs() / 1000).toFixed(0);
  console.error(`[fleet-scale ${at.padStart(3)}s] ${message}`);
}

/** Times `step`, printing its name and duration. */
export async function phase<T>(
  name: string,
  step: () => Promise<T>,
): Promise<T> {
  progress(`${name}...`);
  const started = performance.now();
  const result = await step();
  progress(`${name}: ${seconds(performance.now() - started)}`);
  return result;
}
