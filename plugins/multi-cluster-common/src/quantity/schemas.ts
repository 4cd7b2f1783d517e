/**
 * zod schemas for quantities and resource lists in request bodies. They
 * read JSON the way the Kubernetes API server does (`Quantity.UnmarshalJSON`:
 * a string trimmed of Go white space, or a number), check it with
 * {@link tryParseQuantity} and output the quantity text. Issue messages are
 * the bare reasons; with the issue path they read
 * `resourceRequest.cpu: quantities must match the regular expression ...`.
 */
import { z } from 'zod';
import {
  MAX_QUANTITY_LENGTH,
  type QuantityResult,
  tryParseQuantity,
  tryParseRequestQuantity,
} from './quantity';
import { MAX_RESOURCE_LIST_ENTRIES } from './resourceList';
import { resourceNameProblem } from './resourceNames';

/** Longest raw string looked at; white space around a quantity is allowed. */
const MAX_RAW_LENGTH = 4 * MAX_QUANTITY_LENGTH;

/** Go's `unicode.IsSpace`, which `strings.TrimSpace` uses. */
function isGoSpace(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/**
 * `strings.TrimSpace`, as `Quantity.UnmarshalJSON` applies it.
 *
 * @public
 */
export function trimGoSpace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isGoSpace(text.charCodeAt(start))) start++;
  while (end > start && isGoSpace(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

function quantityTextSchema(parse: (input: unknown) => QuantityResult) {
  return z
    .union([z.string(), z.number()], {
      errorMap: () => ({
        message: 'quantities must be a string or a number',
      }),
    })
    .transform((value, context) => {
      if (typeof value === 'string' && value.length > MAX_RAW_LENGTH) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          message: `quantities must be at most ${MAX_QUANTITY_LENGTH} characters long`,
          params: { reason: 'too-long' },
        });
        return z.NEVER;
      }
      const text = typeof value === 'string' ? trimGoSpace(value) : value;
      const parsed = parse(text);
      if (!parsed.ok) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          message: parsed.error.detail,
          params: { reason: parsed.error.reason },
        });
        return z.NEVER;
      }
      return String(text);
    });
}

/**
 * A Kubernetes quantity (string or number), parsed to its text.
 *
 * @public
 */
export const quantitySchema = quantityTextSchema(tryParseQuantity);

/**
 * A per-replica request: a quantity that is not negative.
 *
 * @public
 */
export const requestQuantitySchema = quantityTextSchema(
  tryParseRequestQuantity,
);

/**
 * A Kubernetes resource name (`cpu`, `nvidia.com/gpu`).
 *
 * @public
 */
export const resourceNameSchema = z.string().superRefine((name, context) => {
  const problem = resourceNameProblem(name);
  if (problem !== undefined) {
    context.addIssue({ code: z.ZodIssueCode.custom, message: problem });
  }
});

function resourceListOf(value: typeof quantitySchema) {
  return z
    .custom<Record<string, unknown>>(
      input =>
        typeof input === 'object' && input !== null && !Array.isArray(input),
      { message: 'must be a map of resource names to quantities' },
    )
    .superRefine((input, context) => {
      // Counted before any entry is parsed, so a huge map costs no parsing.
      const entries = Object.keys(input).length;
      if (entries > MAX_RESOURCE_LIST_ENTRIES) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          message: `must have at most ${MAX_RESOURCE_LIST_ENTRIES} resources, got ${entries}`,
        });
      }
    })
    .pipe(z.record(resourceNameSchema, value));
}

/**
 * A resource list as clusters report it (`allocatable`, `allocated`): at
 * most {@link MAX_RESOURCE_LIST_ENTRIES} resource names mapped to quantities.
 *
 * @public
 */
export const resourceListSchema = resourceListOf(quantitySchema);

/**
 * Per-replica requests: {@link resourceListSchema} refusing negatives.
 *
 * @public
 */
export const resourceRequestSchema = resourceListOf(requestQuantitySchema);
