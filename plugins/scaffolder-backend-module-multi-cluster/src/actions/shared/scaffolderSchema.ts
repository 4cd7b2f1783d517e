/**
 * Common's schemas are built with the workspace's zod 3; the Scaffolder's
 * types come from its own copy of zod (zod 4's `zod/v3`). The runtime API is
 * the same, but TypeScript compares the two declarations structurally and
 * gives up ("Type instantiation is excessively deep"), so a schema crosses
 * over as the Scaffolder's zod type of the same output.
 */
import { TemplateActionOptions } from '@backstage/plugin-scaffolder-node';
import { z } from 'zod';

/** The zod namespace the Scaffolder hands to schema callbacks. */
type ScaffolderZod = Parameters<
  NonNullable<NonNullable<TemplateActionOptions['schema']>['input']>[string]
>[0];

/**
 * `schema`, typed as a schema of the Scaffolder's zod whose output is
 * `schema`'s input: the Scaffolder hands the handler the step's input as
 * given (checked against the JSON Schema, not parsed by zod, so no
 * defaults filled in).
 */
export function scaffolderSchema<TSchema extends z.ZodTypeAny>(
  zImpl: ScaffolderZod,
  schema: TSchema,
) {
  return schema as unknown as ReturnType<typeof zImpl.custom<z.input<TSchema>>>;
}
