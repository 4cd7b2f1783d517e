import { JsonObject, JsonValue } from '@backstage/types';
import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';

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
