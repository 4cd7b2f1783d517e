import { InputError } from '@backstage/errors';
import { z } from 'zod';

/** Formats zod issues as `field: reason` pairs. */
export function formatZodError(error: z.ZodError): string {
  return error.issues
    .map(i => `${i.path.length ? i.path.join('.') : '(body)'}: ${i.message}`)
    .join('; ');
}

/** Parses input with zod; throws InputError (400) naming field and reason. */
export function parseInput<T extends z.ZodTypeAny>(
  schema: T,
  input: unknown,
  what = 'request body',
): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    throw new InputError(`Invalid ${what}: ${formatZodError(result.error)}`);
  }
  return result.data;
}
