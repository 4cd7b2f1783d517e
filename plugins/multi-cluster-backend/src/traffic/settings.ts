import type { Config } from '@backstage/config';

/**
 * Fails on a key the provider type does not know: a misspelt setting would
 * otherwise be ignored and its default used, silently.
 */
export function onlyKeys(config: Config, allowed: readonly string[]): void {
  const unknown = config.keys().filter(key => !allowed.includes(key));
  if (unknown.length > 0) {
    throw new Error(
      `unknown setting ${unknown.join(', ')} (expected ${allowed.join(', ')})`,
    );
  }
}

/** The message of whatever a factory or config read threw. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
