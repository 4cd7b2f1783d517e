import { JsonObject, JsonValue } from '@backstage/types';

/**
 * Characters that must not reach a log line, an audit event or a history
 * row verbatim: C0 controls (NUL, CR, LF, ESC...), DEL, C1 controls, the
 * Unicode line and paragraph separators (JSON-safe but line-breaking in many
 * viewers) and the bidirectional overrides/isolates that make a log line
 * read differently from what it contains.
 */
/* eslint-disable no-control-regex */
const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/* eslint-enable no-control-regex */

const NAMED_ESCAPES: Record<string, string> = {
  '\0': '\\0',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
};

/** True when `text` holds a character {@link sanitizeForLog} would escape. */
export function hasControlCharacters(text: string): boolean {
  return UNSAFE.test(text);
}

function escapeChar(char: string): string {
  const named = NAMED_ESCAPES[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** Upper bound of the truncation marker's length for an input of `length`. */
const markerBudget = (length: number) => `…[+${length} chars]`.length;

/**
 * Makes untrusted text (request fields, error messages, cluster responses)
 * safe for a log line, an audit event or a history row: control characters
 * are escaped (`\n`, `\r`, `\0`, `\x1b`, `\u2028`...) so the text stays on
 * one line and cannot forge entries, and the result is at most `maxLength`
 * characters, ending in `…[+N chars]` when it was cut. Backslashes are kept
 * as they are: the escapes only need to make the text inert, not reversible.
 *
 * Only the part that fits is scanned, so a megabyte of input costs as much
 * as `maxLength` characters.
 *
 * @public
 */
export function sanitizeForLog(value: unknown, maxLength = 500): string {
  const text = typeof value === 'string' ? value : String(value);
  const limit = Math.max(1, Math.floor(maxLength));
  if (text.length <= limit && !UNSAFE.test(text)) {
    return text;
  }
  const escapeUpTo = (room: number): { out: string; next: number } => {
    let out = '';
    let i = 0;
    for (; i < text.length; i++) {
      const char = text[i];
      const piece = UNSAFE.test(char) ? escapeChar(char) : char;
      if (out.length + piece.length > room) break;
      out += piece;
    }
    // Do not leave half of a surrogate pair at a cut.
    if (
      i < text.length &&
      out.length &&
      isHighSurrogate(out.charCodeAt(out.length - 1))
    ) {
      out = out.slice(0, -1);
      i -= 1;
    }
    return { out, next: i };
  };
  const whole = escapeUpTo(limit);
  if (whole.next >= text.length) {
    return whole.out;
  }
  // Cut shorter so that the marker fits within the limit too.
  const { out, next } = escapeUpTo(
    Math.max(0, limit - markerBudget(text.length)),
  );
  return `${out}…[+${text.length - next} chars]`.slice(0, limit);
}

/** Limits of {@link sanitizeJson}. */
export interface SanitizeBounds {
  /** Longest string (values and keys), after escaping. */
  maxString: number;
  /** Items kept of an array; the rest is counted in a marker item. */
  maxItems: number;
  /** Keys kept of an object; the rest is counted under the key `…`. */
  maxKeys: number;
  /** Nesting kept; deeper values are replaced by a marker string. */
  maxDepth: number;
}

/** For audit events: a few hundred characters per field. */
export const AUDIT_BOUNDS: SanitizeBounds = {
  maxString: 300,
  maxItems: 50,
  maxKeys: 50,
  maxDepth: 6,
};

/** For history rows and recorded step outputs: roomier, still bounded. */
export const HISTORY_BOUNDS: SanitizeBounds = {
  maxString: 2000,
  maxItems: 200,
  maxKeys: 100,
  maxDepth: 12,
};

function sanitizeValue(
  value: unknown,
  bounds: SanitizeBounds,
  depth: number,
): JsonValue | undefined {
  if (value === null) return null;
  switch (typeof value) {
    case 'string':
      return sanitizeForLog(value, bounds.maxString);
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'boolean':
      return value;
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    case 'bigint':
      return sanitizeForLog(value.toString(), bounds.maxString);
    default:
      break;
  }
  if (depth >= bounds.maxDepth) {
    return '…[nested too deep]';
  }
  if (value instanceof Error) {
    return sanitizeForLog(`${value.name}: ${value.message}`, bounds.maxString);
  }
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? null : value.toISOString();
  }
  if (Array.isArray(value)) {
    const kept = value
      .slice(0, bounds.maxItems)
      .map(item => sanitizeValue(item, bounds, depth + 1) ?? null);
    if (value.length > bounds.maxItems) {
      kept.push(`…[+${value.length - bounds.maxItems} items]`);
    }
    return kept;
  }
  const out: JsonObject = {};
  let kept = 0;
  let skipped = 0;
  for (const key in value as Record<string, unknown>) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    if (kept >= bounds.maxKeys) {
      skipped += 1;
      continue;
    }
    const item = sanitizeValue(
      (value as Record<string, unknown>)[key],
      bounds,
      depth + 1,
    );
    if (item !== undefined) {
      out[sanitizeForLog(key, Math.min(bounds.maxString, 100))] = item;
      kept += 1;
    }
  }
  if (skipped) {
    out['…'] = `+${skipped} keys`;
  }
  return out;
}

/**
 * A JSON copy of `value` fit for an audit event or a history row: every
 * string goes through {@link sanitizeForLog}, arrays, objects and nesting
 * are cut at `bounds` (with markers saying how much was left out), and
 * non-JSON values are dropped. Never throws, also not on cycles (the depth
 * bound stops them).
 */
export function sanitizeJson(
  value: unknown,
  bounds: SanitizeBounds = HISTORY_BOUNDS,
): JsonValue {
  return sanitizeValue(value, bounds, 0) ?? null;
}

/** {@link sanitizeJson} for values known to be objects (audit `meta`). */
export function sanitizeJsonObject(
  value: Record<string, unknown>,
  bounds: SanitizeBounds = AUDIT_BOUNDS,
): JsonObject {
  const out = sanitizeJson(value, bounds);
  return out && typeof out === 'object' && !Array.isArray(out) ? out : {};
}

/**
 * The error to hand to an auditor event or a logger: same name, message
 * escaped and bounded, no stack (it can repeat the message) and no cause.
 */
export function sanitizeError(error: unknown, maxLength = 500): Error {
  const source =
    error instanceof Error ? error : new Error(String(error ?? 'unknown'));
  const safe = new Error(sanitizeForLog(source.message, maxLength));
  safe.name = sanitizeForLog(source.name, 64);
  delete safe.stack;
  return safe;
}
