import { z } from 'zod';
import { parseQuantity } from '../../scheduling/quantity';
import { boundedRecord } from './bounded';
import { quoted, REQUEST_LIMITS, resourceNameSchema } from './names';

/** Longer than any real quantity ("129e6", "1.5Gi", "500m"). */
const MAX_QUANTITY_LENGTH = 64;

/**
 * Decimal exponents past this are refused before parsing: the exact parser
 * would otherwise build 10^exponent (`1e999999999` freezes the process).
 */
const MAX_DECIMAL_EXPONENT = 100;

const EXPONENT = /[eE]([+-]?\d+)$/;

/** The largest `Value()` Kubernetes keeps (int64), in nano-units. */
const MAX_NANOS = (2n ** 63n - 1n) * 1_000_000_000n;

const QUANTITY_EXAMPLE = 'a quantity such as 500m, 2, 1.5Gi or 129e6';

/** Why `text` is not a non-negative Kubernetes quantity, or undefined. */
export function nonNegativeQuantityProblem(text: string): string | undefined {
  if (text.length === 0) return `must be ${QUANTITY_EXAMPLE}`;
  if (text.length > MAX_QUANTITY_LENGTH) {
    return `must be at most ${MAX_QUANTITY_LENGTH} characters`;
  }
  if (text.trim() !== text) {
    return `${quoted(text)} is not ${QUANTITY_EXAMPLE}`;
  }
  const exponent = EXPONENT.exec(text);
  if (
    exponent &&
    Math.abs(Number.parseInt(exponent[1], 10)) > MAX_DECIMAL_EXPONENT
  ) {
    return `${quoted(text)} is out of range`;
  }
  let nanos: bigint;
  try {
    nanos = parseQuantity(text).nanos;
  } catch {
    return `${quoted(text)} is not ${QUANTITY_EXAMPLE}`;
  }
  if (nanos < 0n) return `${quoted(text)} must not be negative`;
  if (nanos > MAX_NANOS) return `${quoted(text)} is out of range`;
  return undefined;
}

/**
 * A non-negative Kubernetes quantity, as a string (a JSON number is taken as
 * its decimal text, e.g. 2 or 0.5).
 */
export const nonNegativeQuantitySchema = z.preprocess(
  value =>
    typeof value === 'number' && Number.isFinite(value) ? String(value) : value,
  z
    .string()
    .max(MAX_QUANTITY_LENGTH)
    .superRefine((text, ctx) => {
      // Over-long text is refused by max() above; do not parse it.
      if (text.length > MAX_QUANTITY_LENGTH) return;
      const problem = nonNegativeQuantityProblem(text);
      if (problem) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
      }
    }),
);

/**
 * Resources and their non-negative quantities, e.g. `{ cpu: '500m',
 * memory: '1Gi' }`: requests, allocatable, allocated or allocating.
 */
export const nonNegativeResourceListSchema = boundedRecord(
  resourceNameSchema,
  nonNegativeQuantitySchema,
  REQUEST_LIMITS.resources,
);
