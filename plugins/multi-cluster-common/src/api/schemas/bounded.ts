import { z } from 'zod';

/**
 * Collections whose size is checked before any element is: zod checks a
 * list's `max` but still validates every element, so a 200,000-element list
 * costs 200,000 element checks before it is refused. These refuse it first.
 */

function countKeysUpTo(value: object, limit: number): number {
  let count = 0;
  for (const key in value) {
    if (Object.prototype.hasOwnProperty.call(value, key) && ++count > limit) {
      break;
    }
  }
  return count;
}

/** A list of at most `max` items, refused by its length before its items. */
export function boundedArray<T extends z.ZodTypeAny>(
  item: T,
  max: number,
  options: { min?: number } = {},
) {
  return z.preprocess(
    (value, ctx) => {
      if (Array.isArray(value) && value.length > max) {
        ctx.addIssue({
          code: z.ZodIssueCode.too_big,
          maximum: max,
          type: 'array',
          inclusive: true,
          exact: false,
          fatal: true,
          message: `at most ${max} items allowed, got ${value.length}`,
        });
      }
      return value;
    },
    z
      .array(item)
      .min(options.min ?? 0)
      .max(max),
  );
}

/** A map of at most `maxKeys` entries, refused by its size before its entries. */
export function boundedRecord<
  K extends z.ZodType<string, z.ZodTypeDef, string>,
  V extends z.ZodTypeAny,
>(key: K, value: V, maxKeys: number) {
  return z.preprocess((input, ctx) => {
    if (
      typeof input === 'object' &&
      input !== null &&
      !Array.isArray(input) &&
      countKeysUpTo(input, maxKeys) > maxKeys
    ) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        fatal: true,
        message: `at most ${maxKeys} keys allowed`,
      });
    }
    return input;
  }, z.record(key, value));
}

/** Structural limits of a JSON value (see {@link withinJsonBounds}). */
export interface JsonBounds {
  maxDepth: number;
  maxArrayLength: number;
  maxKeys: number;
  maxStringLength: number;
  /** Values in all, containers and scalars alike. */
  maxNodes: number;
}

/** The first place where `value` exceeds `bounds`, or undefined. */
export function jsonBoundsProblem(
  value: unknown,
  bounds: JsonBounds,
): { path: (string | number)[]; message: string } | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [
    { value, path: [] },
  ];
  let nodes = 0;
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (++nodes > bounds.maxNodes) {
      return { path: [], message: `at most ${bounds.maxNodes} values allowed` };
    }
    if (typeof current === 'string') {
      if (current.length > bounds.maxStringLength) {
        return {
          path,
          message: `at most ${bounds.maxStringLength} characters allowed`,
        };
      }
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (path.length >= bounds.maxDepth) {
      return { path, message: `nested deeper than ${bounds.maxDepth} levels` };
    }
    if (Array.isArray(current)) {
      if (current.length > bounds.maxArrayLength) {
        return {
          path,
          message: `at most ${bounds.maxArrayLength} items allowed`,
        };
      }
      current.forEach((item, index) =>
        stack.push({ value: item, path: [...path, index] }),
      );
      continue;
    }
    if (countKeysUpTo(current, bounds.maxKeys) > bounds.maxKeys) {
      return { path, message: `at most ${bounds.maxKeys} keys allowed` };
    }
    for (const [key, item] of Object.entries(current)) {
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return undefined;
}

/**
 * `schema`, once `value` is within `bounds`: bounds a schema whose own lists,
 * maps and strings are not (e.g. Karmada's placement, defined elsewhere).
 */
export function withinJsonBounds<T extends z.ZodTypeAny>(
  bounds: JsonBounds,
  schema: T,
) {
  return z.preprocess((value, ctx) => {
    const problem = jsonBoundsProblem(value, bounds);
    if (problem) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: problem.path,
        message: problem.message,
        fatal: true,
      });
    }
    return value;
  }, schema);
}
