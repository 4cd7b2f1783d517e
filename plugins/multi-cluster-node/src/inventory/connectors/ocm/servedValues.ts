/**
 * Values as an OCM hub serves them, read bounded: the hub is untrusted
 * input, so every text, map and list is checked for type and cut to size.
 */
import type { OcmCondition } from '../../../kubernetes/apis/ocm';
import type { ClusterCondition } from '../../types';
import { OCM_LIMITS } from './limits';

export const isText = (v: unknown, max: number): v is string =>
  typeof v === 'string' && v !== '' && v.length <= max;

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** At most `max` characters, longer text cut with a marker. */
export function cut(v: unknown, max: number = OCM_LIMITS.textLength) {
  if (typeof v !== 'string' || v === '') return undefined;
  return v.length <= max ? v : `${v.slice(0, max)}...`;
}

/**
 * A string map as served, bounded: entries whose key or value is not a
 * string of bounded length are left out, and at most `max` are kept (by
 * key order, so the same map always keeps the same entries).
 */
export function boundedStringMap(
  input: unknown,
  field: string,
  max: number,
): { map: Record<string, string>; problems: string[] } {
  if (input === undefined || input === null) return { map: {}, problems: [] };
  if (!isRecord(input)) {
    return { map: {}, problems: [`${field}: must be a map, left out`] };
  }
  const entries: [string, string][] = [];
  let refused = 0;
  for (const [key, value] of Object.entries(input)) {
    if (
      isText(key, OCM_LIMITS.keyLength) &&
      typeof value === 'string' &&
      value.length <= OCM_LIMITS.valueLength
    ) {
      entries.push([key, value]);
    } else {
      refused++;
    }
  }
  // By code unit, the same on every machine (no locale).
  entries.sort(([a], [b]) => {
    if (a === b) return 0;
    return a < b ? -1 : 1;
  });
  const problems: string[] = [];
  if (refused > 0) {
    problems.push(
      `${field}: ${refused} entries left out (not strings, or key over ${OCM_LIMITS.keyLength} or value over ${OCM_LIMITS.valueLength} characters)`,
    );
  }
  if (entries.length > max) {
    problems.push(
      `${field}: ${entries.length} entries, the first ${max} by key kept`,
    );
  }
  // fromEntries defines own properties: a `__proto__` key stays a key.
  return { map: Object.fromEntries(entries.slice(0, max)), problems };
}

export function readConditions(input: unknown): OcmCondition[] {
  if (!Array.isArray(input)) return [];
  return input.filter(isRecord).slice(0, 50) as OcmCondition[];
}

export function asCondition(c: OcmCondition): ClusterCondition {
  return {
    type: String(c.type),
    status: String(c.status),
    reason: cut(c.reason, 256),
    message: cut(c.message),
    lastTransitionTime: cut(c.lastTransitionTime, 64),
  };
}

/** A served URL, when it is an http(s) URL of bounded length. */
export function readUrl(input: unknown): string | undefined {
  if (!isText(input, 2048)) return undefined;
  try {
    const url = new URL(input);
    return url.protocol === 'https:' || url.protocol === 'http:'
      ? input
      : undefined;
  } catch {
    return undefined;
  }
}
