/**
 * JSON-patch operations as the override inputs take them (Karmada's
 * plaintext overrider, kubefed's clusterOverrides): the operation, its path
 * and whether it carries a value.
 */
import { z } from 'zod';

const JSON_POINTER = /^(\/([^~/]|~[01])*)+$/;

/** A JSON-patch operation, in a field named `field` (`operator`, `op`). */
export function jsonPatchOperationSchema(field: string) {
  return z.enum(['add', 'remove', 'replace'], {
    errorMap: () => ({ message: `${field} must be add, remove or replace` }),
  });
}

/** The JSON pointer an operation applies at. */
export const jsonPatchPathSchema = z
  .string()
  .regex(JSON_POINTER, 'path must be a JSON pointer such as /spec/replicas');

/**
 * What is wrong with an operation's value: `remove` takes none, `add` and
 * `replace` need one. `field` names the operation's field in the message.
 */
export function jsonPatchValueProblem(
  field: string,
  operation: string,
  value: unknown,
): string | undefined {
  if (operation === 'remove' && value !== undefined) {
    return `value must be empty for ${field} remove`;
  }
  if (operation !== 'remove' && value === undefined) {
    return `value is required for ${field} ${operation}`;
  }
  return undefined;
}
