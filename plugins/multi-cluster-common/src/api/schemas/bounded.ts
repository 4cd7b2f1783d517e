import { z } from 'zod';

/**
 * Schema pieces for large requests (20,000 posted clusters).
 *
 * - Lists and maps are refused by their size before any element is checked:
 *   zod checks a list's `max` but still validates every element, so a
 *   200,000-element list costs 200,000 element checks before it is refused.
 * - Per-value checks are plain functions in a small ZodType, not
 *   `refine`/`superRefine`/`preprocess`: zod's effects cost about 2 µs a
 *   value (a fresh context and closures per parse) against 0.05 µs, which
 *   for the values of 20,000 clusters is seconds instead of milliseconds.
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

/** A ZodArray refused by its length before its items. */
class BoundedArray<T extends z.ZodTypeAny> extends z.ZodArray<T> {
  _parse(input: z.ParseInput): z.ParseReturnType<this['_output']> {
    const max = this._def.maxLength?.value;
    if (
      max !== undefined &&
      Array.isArray(input.data) &&
      input.data.length > max
    ) {
      z.addIssueToContext(this._getOrReturnCtx(input), {
        code: z.ZodIssueCode.too_big,
        maximum: max,
        type: 'array',
        inclusive: true,
        exact: false,
        message: `at most ${max} items allowed, got ${input.data.length}`,
      });
      return z.INVALID;
    }
    return super._parse(input);
  }
}

/**
 * A list of at most `max` items, refused by its length before its items.
 *
 * @public
 */
export function boundedArray<T extends z.ZodTypeAny>(
  item: T,
  max: number,
  options: { min?: number } = {},
): z.ZodArray<T> {
  const { _def: def } = z
    .array(item)
    .min(options.min ?? 0)
    .max(max);
  return new BoundedArray<T>(def);
}

interface BoundedRecordDef<K extends z.KeySchema, V extends z.ZodTypeAny>
  extends z.ZodRecordDef<K, V> {
  maxKeys: number;
}

/** A ZodRecord refused by its size before its entries. */
class BoundedRecord<
  K extends z.KeySchema,
  V extends z.ZodTypeAny,
> extends z.ZodRecord<K, V> {
  declare _def: BoundedRecordDef<K, V>;

  _parse(input: z.ParseInput): z.ParseReturnType<this['_output']> {
    const { maxKeys } = this._def;
    const { data } = input;
    if (
      typeof data === 'object' &&
      data !== null &&
      !Array.isArray(data) &&
      countKeysUpTo(data, maxKeys) > maxKeys
    ) {
      z.addIssueToContext(this._getOrReturnCtx(input), {
        code: z.ZodIssueCode.custom,
        message: `at most ${maxKeys} keys allowed`,
      });
      return z.INVALID;
    }
    return super._parse(input);
  }
}

/**
 * A map of at most `maxKeys` entries, refused by its size before its entries.
 *
 * @public
 */
export function boundedRecord<K extends z.KeySchema, V extends z.ZodTypeAny>(
  key: K,
  value: V,
  maxKeys: number,
): z.ZodRecord<K, V> {
  const def: BoundedRecordDef<K, V> = {
    ...z.record(key, value)._def,
    maxKeys,
  };
  return new BoundedRecord<K, V>(def);
}

/**
 * A check of one string: the reason it is refused, or undefined. It only
 * sees strings no longer than the schema's maximum.
 */
export type TextCheck = (text: string) => string | undefined;

interface CheckedTextDef extends z.ZodTypeDef {
  // Described as a string (with its maxLength) by JSON Schema converters,
  // which read `typeName` and `checks`.
  typeName: z.ZodFirstPartyTypeKind.ZodString;
  checks: z.ZodStringCheck[];
  coerce: false;
  maxLength: number;
  check: TextCheck;
  /** Take a finite JSON number as its decimal text (quantities). */
  acceptNumbers: boolean;
  /** Applied before the check; its result is the output. */
  normalize?: (text: string) => string;
}

/** A string (or number, as text) checked by a plain function. */
class CheckedText extends z.ZodType<string, CheckedTextDef, unknown> {
  _parse(input: z.ParseInput): z.ParseReturnType<string> {
    const { maxLength, check, acceptNumbers, normalize } = this._def;
    let text: string;
    if (typeof input.data === 'string') {
      text = input.data;
    } else if (
      acceptNumbers &&
      typeof input.data === 'number' &&
      Number.isFinite(input.data)
    ) {
      text = String(input.data);
    } else {
      const ctx = this._getOrReturnCtx(input);
      z.addIssueToContext(ctx, {
        code: z.ZodIssueCode.invalid_type,
        expected: z.ZodParsedType.string,
        received: ctx.parsedType,
      });
      return z.INVALID;
    }
    if (text.length > maxLength) {
      z.addIssueToContext(this._getOrReturnCtx(input), {
        code: z.ZodIssueCode.too_big,
        maximum: maxLength,
        type: 'string',
        inclusive: true,
        exact: false,
      });
      return z.INVALID;
    }
    if (normalize) text = normalize(text);
    const problem = check(text);
    if (problem !== undefined) {
      z.addIssueToContext(this._getOrReturnCtx(input), {
        code: z.ZodIssueCode.custom,
        message: problem,
      });
      return z.INVALID;
    }
    return { status: 'valid', value: text };
  }
}

/**
 * A string of at most `maxLength` characters that `check` accepts; with
 * `acceptNumbers`, a finite number is taken as its text (e.g. `2` -> '2');
 * with `normalize`, the text is normalized before the check and output so.
 */
export function checkedText(
  maxLength: number,
  check: TextCheck,
  options: {
    acceptNumbers?: boolean;
    normalize?: (text: string) => string;
  } = {},
): z.ZodType<string, z.ZodTypeDef, unknown> {
  const def: CheckedTextDef = {
    typeName: z.ZodFirstPartyTypeKind.ZodString,
    checks: [{ kind: 'max', value: maxLength }],
    coerce: false,
    maxLength,
    check,
    acceptNumbers: options.acceptNumbers ?? false,
    normalize: options.normalize,
  };
  return new CheckedText(def);
}

/**
 * Structural limits of a JSON value (see {@link withinJsonBounds}).
 *
 * @public
 */
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
 * For values checked once per request (its effect costs microseconds).
 *
 * @public
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
