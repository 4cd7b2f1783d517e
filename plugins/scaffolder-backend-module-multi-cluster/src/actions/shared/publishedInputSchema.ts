/**
 * The JSON Schema an action publishes for its input, made from the JSON
 * Schema the Scaffolder derives from common's zod input schema.
 *
 * The Scaffolder checks a step's input against it before the handler runs;
 * the handler then applies common's zod schema, whose messages name the
 * problem. So the published schema keeps the shape (fields, types, enums,
 * required fields, descriptions) and changes three things:
 * - no `$ref`: zod-to-json-schema refers to a sub-schema it has seen
 *   before (one zod instance used twice), and the Scaffolder's validator
 *   cannot resolve those references, so each is replaced by a copy;
 * - no value rules (patterns, bounds, lengths, item counts): common's
 *   schema checks them in the handler, with its own messages;
 * - form blanks pass: an optional number may be '' and an optional object
 *   may be empty ({}), which is what a template renders for a field or an
 *   options object the user left blank (the handler drops both).
 */
import { TemplateAction } from '@backstage/plugin-scaffolder-node';

/** The JSON Schema type of the Scaffolder's actions. */
export type JsonSchema = NonNullable<
  NonNullable<TemplateAction['schema']>['input']
>;

const VALUE_RULES = [
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
] as const;

/** The sub-schema at a `#/...` JSON pointer of `root`. */
function resolvePointer(root: JsonSchema, ref: string): JsonSchema {
  if (!ref.startsWith('#/')) {
    throw new Error(`Cannot inline the non-local $ref ${ref}`);
  }
  let node: unknown = root;
  for (const segment of ref.slice(2).split('/')) {
    const key = decodeURIComponent(segment)
      .replace(/~1/g, '/')
      .replace(/~0/g, '~');
    node = (node as Record<string, unknown> | undefined)?.[key];
  }
  if (!node || typeof node !== 'object') {
    throw new Error(`Cannot resolve $ref ${ref}`);
  }
  return node as JsonSchema;
}

/** An optional property: a blank number may be '', a blank object {}. */
function blankTolerant(schema: JsonSchema): JsonSchema {
  if (schema.type === 'number' || schema.type === 'integer') {
    const { description, ...value } = schema;
    const anyOf = [value, { type: 'string', const: '' }];
    return description === undefined ? { anyOf } : { description, anyOf };
  }
  const { required, ...rest } = schema;
  if (schema.type === 'object' && Array.isArray(required) && required.length) {
    return { ...rest, if: { minProperties: 1 }, then: { required } };
  }
  return schema;
}

function published(
  root: JsonSchema,
  node: JsonSchema,
  seen: string[],
): JsonSchema {
  if (node.$ref !== undefined) {
    const { $ref, ...siblings } = node;
    if (seen.includes($ref)) throw new Error(`Recursive $ref ${$ref}`);
    const target = published(root, resolvePointer(root, $ref), [...seen, $ref]);
    return { ...target, ...siblings };
  }
  const out: JsonSchema = { ...node };
  for (const rule of VALUE_RULES) delete out[rule];
  const convert = (child: JsonSchema) => published(root, child, seen);
  if (node.properties) {
    out.properties = Object.fromEntries(
      Object.entries(node.properties).map(([key, child]) => {
        const converted = convert(child);
        const required = node.required;
        const optional = !Array.isArray(required) || !required.includes(key);
        return [key, optional ? blankTolerant(converted) : converted];
      }),
    );
  }
  if (Array.isArray(node.items)) out.items = node.items.map(convert);
  else if (node.items) out.items = convert(node.items);
  if (
    node.additionalProperties &&
    typeof node.additionalProperties === 'object'
  )
    out.additionalProperties = convert(node.additionalProperties);
  if (node.anyOf) out.anyOf = node.anyOf.map(convert);
  if (node.oneOf) out.oneOf = node.oneOf.map(convert);
  if (node.allOf) out.allOf = node.allOf.map(convert);
  return out;
}

/** The input schema an action publishes (see the file comment). */
export function publishedInputSchema(schema: JsonSchema): JsonSchema {
  return published(schema, schema, []);
}

/** `action` publishing {@link publishedInputSchema} of its input schema. */
export function withPublishedInputSchema<
  TAction extends { schema?: { input?: JsonSchema } },
>(action: TAction): TAction {
  const input = action.schema?.input;
  if (!input) return action;
  return {
    ...action,
    schema: { ...action.schema, input: publishedInputSchema(input) },
  };
}
