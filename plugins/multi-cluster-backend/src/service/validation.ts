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

/**
 * A route's path parameters, query or body, parsed with the schema its entry
 * in common's route table names (the one the OpenAPI document shows).
 */
function routePart<Part extends 'params' | 'query' | 'body'>(
  part: Part,
  what: string,
) {
  return <S extends z.ZodTypeAny>(
    route: { [K in Part]?: S },
    input: unknown,
  ): z.output<S> => {
    const schema = route[part];
    if (!schema) {
      throw new Error(`The route declares no ${what} schema`);
    }
    return parseInput(schema, input, what);
  };
}

export const parsePath = routePart('params', 'path');
export const parseQuery = routePart('query', 'query');
export const parseBody = routePart('body', 'request body');
