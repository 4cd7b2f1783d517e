import { InputError } from '@backstage/errors';
import { parseRequest } from '@flotilla/plugin-multi-cluster-common';
import { z } from 'zod';

/**
 * Parses a request body, query, path or action input with its schema;
 * throws InputError (400) naming the first fields and reasons, in a message
 * of at most ~1 kB whatever the input.
 */
export function parseInput<T extends z.ZodTypeAny>(
  schema: T,
  input: unknown,
  what = 'request body',
): z.output<T> {
  const result = parseRequest(schema, input ?? {});
  if (!result.success) {
    throw new InputError(`Invalid ${what}: ${result.message}`);
  }
  return result.data;
}
