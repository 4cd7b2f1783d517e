import { z } from 'zod';

/**
 * A request or response schema as JSON Schema (2020-12, as OpenAPI 3.1 uses
 * it): what a caller sends, before transforms, or what a route answers.
 * Covers the zod kinds the request and response schemas use, bounds
 * included (lengths, counts, ranges, patterns, strictness); any other kind
 * throws, so a new one is described before it is documented.
 */

export type JsonSchema = { [keyword: string]: unknown };

type ToJson = (schema: z.ZodTypeAny) => JsonSchema;

type Def = z.ZodTypeDef & { typeName?: string; [field: string]: unknown };

function withDescription(schema: z.ZodTypeAny, json: JsonSchema): JsonSchema {
  return schema.description
    ? { ...json, description: schema.description }
    : json;
}

function stringSchema(checks: z.ZodStringCheck[]): JsonSchema {
  const json: JsonSchema = { type: 'string' };
  for (const check of checks) {
    if (check.kind === 'min') json.minLength = check.value;
    else if (check.kind === 'max') json.maxLength = check.value;
    else if (check.kind === 'length') {
      json.minLength = check.value;
      json.maxLength = check.value;
    } else if (check.kind === 'regex') json.pattern = check.regex.source;
    else throw new Error(`No JSON Schema for the string check '${check.kind}'`);
  }
  return json;
}

function numberSchema(checks: z.ZodNumberCheck[]): JsonSchema {
  const json: JsonSchema = { type: 'number' };
  for (const check of checks) {
    if (check.kind === 'int') json.type = 'integer';
    else if (check.kind === 'min') {
      json[check.inclusive ? 'minimum' : 'exclusiveMinimum'] = check.value;
    } else if (check.kind === 'max') {
      json[check.inclusive ? 'maximum' : 'exclusiveMaximum'] = check.value;
    } else
      throw new Error(`No JSON Schema for the number check '${check.kind}'`);
  }
  return json;
}

function objectSchema(object: z.AnyZodObject, toJson: ToJson): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [key, field] of Object.entries(object.shape)) {
    const value = field as z.ZodTypeAny;
    properties[key] = toJson(value);
    if (!value.isOptional()) required.push(key);
  }
  return {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    ...(object._def.unknownKeys === 'strict'
      ? { additionalProperties: false }
      : {}),
  };
}

function describe(schema: z.ZodTypeAny, toJson: ToJson): JsonSchema {
  const def = schema._def as Def;
  switch (def.typeName) {
    case z.ZodFirstPartyTypeKind.ZodString:
      // Also the suite's checked texts, which keep their bound in `checks`.
      return stringSchema(def.checks as z.ZodStringCheck[]);
    case z.ZodFirstPartyTypeKind.ZodNumber:
      return numberSchema(def.checks as z.ZodNumberCheck[]);
    case z.ZodFirstPartyTypeKind.ZodBoolean:
      return { type: 'boolean' };
    case z.ZodFirstPartyTypeKind.ZodEnum:
      return { type: 'string', enum: [...(def.values as string[])] };
    case z.ZodFirstPartyTypeKind.ZodObject:
      return objectSchema(schema as z.AnyZodObject, toJson);
    case z.ZodFirstPartyTypeKind.ZodArray: {
      const { minLength, maxLength } = (schema as z.ZodArray<z.ZodTypeAny>)
        ._def;
      return {
        type: 'array',
        items: toJson(def.type as z.ZodTypeAny),
        ...(minLength ? { minItems: minLength.value } : {}),
        ...(maxLength ? { maxItems: maxLength.value } : {}),
      };
    }
    case z.ZodFirstPartyTypeKind.ZodRecord: {
      const { maxKeys } = def as { maxKeys?: number };
      return {
        type: 'object',
        propertyNames: toJson(def.keyType as z.ZodTypeAny),
        additionalProperties: toJson(def.valueType as z.ZodTypeAny),
        ...(maxKeys !== undefined ? { maxProperties: maxKeys } : {}),
      };
    }
    case z.ZodFirstPartyTypeKind.ZodLiteral:
      return { const: def.value };
    case z.ZodFirstPartyTypeKind.ZodUnion:
      return {
        anyOf: (def.options as z.ZodTypeAny[]).map(option => toJson(option)),
      };
    case z.ZodFirstPartyTypeKind.ZodDiscriminatedUnion:
      // Exactly one matches: the options differ in the discriminator.
      return {
        oneOf: (def.options as z.ZodTypeAny[]).map(option => toJson(option)),
      };
    case z.ZodFirstPartyTypeKind.ZodNullable:
      return {
        anyOf: [toJson(def.innerType as z.ZodTypeAny), { type: 'null' }],
      };
    case z.ZodFirstPartyTypeKind.ZodUnknown:
      // Any JSON value (a step's output, a policy's placement as stored).
      return {};
    case z.ZodFirstPartyTypeKind.ZodOptional:
      return toJson(def.innerType as z.ZodTypeAny);
    case z.ZodFirstPartyTypeKind.ZodDefault:
      return {
        ...toJson(def.innerType as z.ZodTypeAny),
        default: (def.defaultValue as () => unknown)(),
      };
    case z.ZodFirstPartyTypeKind.ZodEffects:
      // Refinements, preprocessing and transforms: the caller sends the input.
      return toJson(def.schema as z.ZodTypeAny);
    case z.ZodFirstPartyTypeKind.ZodPipeline:
      return toJson(def.in as z.ZodTypeAny);
    default:
      throw new Error(`No JSON Schema for the zod type '${def.typeName}'`);
  }
}

/**
 * `schema` as JSON Schema of its input, its description kept. A schema
 * found in `refs` (other than `schema` itself) is a `$ref` to its name
 * under `#/components/schemas/`, so a shared part is described once.
 */
export function requestJsonSchema(
  schema: z.ZodTypeAny,
  refs: ReadonlyMap<z.ZodTypeAny, string> = new Map(),
): JsonSchema {
  const toJson: ToJson = part => {
    const name = refs.get(part);
    if (name !== undefined && part !== schema) {
      return { $ref: `#/components/schemas/${name}` };
    }
    return withDescription(part, describe(part, toJson));
  };
  return toJson(schema);
}
