import { z } from 'zod';

/**
 * Strict request objects whose validation stops early and whose errors stay
 * short, whatever the input.
 *
 * zod reports every problem it finds, and keeps each value it quotes: 20,000
 * invalid clusters make 20,000 issues (a 1.3 MB error after seconds of work),
 * and a map with 100,000 unknown keys makes one issue naming all of them. A
 * request object therefore keeps the first {@link SHOWN_ISSUES} issues
 * (clipped), counts the rest, and stops validating once
 * {@link COUNTED_ISSUES} are counted: an invalid request costs no more than
 * that many problems, and its error is a few hundred bytes.
 */

/**
 * Issues a caller sees, each as `path: message`.
 *
 * @public
 */
export const SHOWN_ISSUES = 5;

/**
 * Issues counted (for `and N more`) before validation stops.
 *
 * @public
 */
export const COUNTED_ISSUES = 100;

const MAX_MESSAGE_LENGTH = 160;
const MAX_PATH_SEGMENT_LENGTH = 32;
const MAX_PATH_SEGMENTS = 6;
const MAX_SHOWN_KEYS = 5;
/** The whole formatted message, so a response stays under ~2 kB. */
const MAX_FORMATTED_LENGTH = 1_000;

/** Marks the issue that says how many more issues were left out. */
const MORE_ISSUES = 'flotilla.moreIssues';

// Control characters are escaped as \uXXXX in JSON: six bytes each.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** A value quoted in an error: printable, and at most `max` characters. */
export function clipForMessage(text: string, max: number): string {
  const clipped = text.length <= max ? text : `${text.slice(0, max - 1)}…`;
  return clipped.replace(CONTROL_CHARACTERS, '?');
}

function clipPath(path: (string | number)[]): (string | number)[] {
  const segments = path.map(segment =>
    typeof segment === 'string'
      ? clipForMessage(segment, MAX_PATH_SEGMENT_LENGTH)
      : segment,
  );
  if (segments.length <= MAX_PATH_SEGMENTS) return segments;
  return [
    ...segments.slice(0, MAX_PATH_SEGMENTS - 1),
    '…',
    segments[segments.length - 1],
  ];
}

/** A scalar as is, a string clipped; objects and lists are left out. */
function shortValue(value: unknown): unknown {
  if (typeof value === 'string') {
    return clipForMessage(value, MAX_PATH_SEGMENT_LENGTH);
  }
  return typeof value === 'object' && value !== null ? undefined : value;
}

/** An issue that quotes no more than a few short values. */
function shortIssue(issue: z.ZodIssue): z.ZodIssue {
  const path = clipPath(issue.path);
  const message = clipForMessage(issue.message, MAX_MESSAGE_LENGTH);
  switch (issue.code) {
    case z.ZodIssueCode.unrecognized_keys: {
      const keys = issue.keys
        .slice(0, MAX_SHOWN_KEYS)
        .map(key => clipForMessage(key, MAX_PATH_SEGMENT_LENGTH));
      const more = issue.keys.length - keys.length;
      if (more === 0) {
        // Already short, or shortened before (its message counts the rest).
        return { code: issue.code, path, keys, message };
      }
      return {
        code: issue.code,
        path,
        keys,
        message: `Unrecognized key(s) in object: ${keys
          .map(key => `'${key}'`)
          .join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
      };
    }
    case z.ZodIssueCode.invalid_union:
      // The alternatives' own issues are left out: they can be many.
      return { code: issue.code, path, message, unionErrors: [] };
    case z.ZodIssueCode.invalid_enum_value:
      return {
        ...issue,
        path,
        message,
        received:
          typeof issue.received === 'string'
            ? clipForMessage(issue.received, MAX_PATH_SEGMENT_LENGTH)
            : issue.received,
      };
    case z.ZodIssueCode.invalid_literal:
      return {
        code: issue.code,
        path,
        message,
        expected: issue.expected,
        received: shortValue(issue.received),
      };
    case z.ZodIssueCode.custom:
      return { code: issue.code, path, message };
    default:
      return { ...issue, path, message };
  }
}

function moreIssues(count: number, stopped: boolean): z.ZodIssue {
  return {
    code: z.ZodIssueCode.custom,
    path: [],
    message: stopped ? `and at least ${count} more` : `and ${count} more`,
    params: { [MORE_ISSUES]: count, stopped },
  };
}

function isMoreIssues(
  issue: z.ZodIssue,
): issue is Extract<z.ZodIssue, { code: 'custom' }> {
  return (
    issue.code === z.ZodIssueCode.custom &&
    typeof issue.params?.[MORE_ISSUES] === 'number'
  );
}

/** Thrown through zod to stop a validation that found enough problems. */
class IssueLimitReached extends Error {}
const ISSUE_LIMIT_REACHED = new IssueLimitReached('issue limit reached');

type IssueList = z.ZodIssue[] & { push: (...items: z.ZodIssue[]) => number };

/**
 * A strict `ZodObject` (unknown keys are errors) that keeps the first issues,
 * counts the rest and stops at `COUNTED_ISSUES`. It stays a ZodObject,
 * so JSON Schema converters (the actions registry) describe it as one.
 *
 * @public
 */
export class RequestObject<T extends z.ZodRawShape> extends z.ZodObject<
  T,
  'strict'
> {
  _parse(input: z.ParseInput): z.ParseReturnType<this['_output']> {
    if (this.refuseUnknownKeys(input)) return z.INVALID;
    const issues = input.parent.common.issues as IssueList;
    if (Object.prototype.hasOwnProperty.call(issues, 'push')) {
      // An enclosing request object is already counting.
      return super._parse(input);
    }
    let counted = 0;
    // zod reports every issue through `issues.push` (addIssueToContext).
    Object.defineProperty(issues, 'push', {
      configurable: true,
      writable: true,
      value: (...added: z.ZodIssue[]) => {
        for (const issue of added) {
          counted++;
          if (counted <= SHOWN_ISSUES) {
            Array.prototype.push.call(issues, shortIssue(issue));
          } else if (counted >= COUNTED_ISSUES) {
            throw ISSUE_LIMIT_REACHED;
          }
        }
        return issues.length;
      },
    });
    const finish = (stopped: boolean) => {
      delete (issues as { push?: unknown }).push;
      if (counted > SHOWN_ISSUES) {
        issues.push(moreIssues(counted - SHOWN_ISSUES, stopped));
      }
    };
    const stop = (error: unknown): z.ParseReturnType<this['_output']> => {
      if (error !== ISSUE_LIMIT_REACHED) {
        delete (issues as { push?: unknown }).push;
        throw error;
      }
      finish(true);
      return z.INVALID;
    };
    let result: z.ParseReturnType<this['_output']>;
    try {
      result = super._parse(input);
    } catch (error) {
      return stop(error);
    }
    if (result instanceof Promise) {
      return result.then(
        value => {
          finish(false);
          return value;
        },
        error => stop(error),
      );
    }
    finish(false);
    return result;
  }

  /**
   * Unknown fields are refused before any field is checked: a valid
   * 5,000-cluster body with one stray field costs a key scan, not a
   * validation.
   */
  private refuseUnknownKeys(input: z.ParseInput): boolean {
    const { data } = input;
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      return false;
    }
    const shape = this.shape;
    const shown: string[] = [];
    let unknown = 0;
    for (const key in data) {
      if (
        Object.prototype.hasOwnProperty.call(data, key) &&
        !Object.prototype.hasOwnProperty.call(shape, key) &&
        ++unknown <= MAX_SHOWN_KEYS
      ) {
        shown.push(clipForMessage(key, MAX_PATH_SEGMENT_LENGTH));
      }
    }
    if (unknown === 0) return false;
    const more = unknown - shown.length;
    // Named here, not by zod: its message would list every key.
    z.addIssueToContext(this._getOrReturnCtx(input), {
      code: z.ZodIssueCode.unrecognized_keys,
      keys: shown,
      message: `Unrecognized key(s) in object: ${shown
        .map(key => `'${key}'`)
        .join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
    });
    return true;
  }
}

/**
 * A request body, query, path or action input: strict (unknown fields are
 * errors naming them) and short to reject. Its fields must be bounded.
 *
 * @public
 */
export function requestObject<T extends z.ZodRawShape>(
  shape: T,
): RequestObject<T> {
  return new RequestObject<T>(z.object(shape).strict()._def);
}

function formatPath(path: (string | number)[]): string {
  return path.length ? clipPath(path).join('.') : '(body)';
}

/**
 * The first issues as `path: message` joined by `; `, then `(and N more)`:
 * at most ~1,000 characters whatever the error.
 *
 * @public
 */
export function formatRequestIssues(issues: readonly z.ZodIssue[]): string {
  const shown: string[] = [];
  let more = 0;
  let stopped = false;
  for (const issue of issues) {
    if (isMoreIssues(issue)) {
      more += issue.params?.[MORE_ISSUES] as number;
      stopped ||= Boolean(issue.params?.stopped);
    } else if (shown.length < SHOWN_ISSUES) {
      const short = shortIssue(issue);
      shown.push(`${formatPath(short.path)}: ${short.message}`);
    } else {
      more++;
    }
  }
  let text = shown.join('; ');
  if (more > 0) {
    text += stopped ? ` (and at least ${more} more)` : ` (and ${more} more)`;
  }
  return clipForMessage(text, MAX_FORMATTED_LENGTH);
}

/**
 * The outcome of {@link parseRequest}.
 *
 * @public
 */
export type RequestParseResult<T> =
  | { success: true; data: T }
  | { success: false; message: string; issues: z.ZodIssue[] };

/**
 * Validates a request against its schema; a failure carries a short message
 * (see {@link formatRequestIssues}) for a 400 response.
 *
 * @public
 */
export function parseRequest<T extends z.ZodTypeAny>(
  schema: T,
  input: unknown,
): RequestParseResult<z.output<T>> {
  const result = schema.safeParse(input);
  if (result.success) {
    return { success: true, data: result.data };
  }
  return {
    success: false,
    message: formatRequestIssues(result.error.issues),
    issues: result.error.issues,
  };
}
