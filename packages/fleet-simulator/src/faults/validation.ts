import { FAILURE_CODES, MemberFaultsPatch, PROBE_FAILURE_CODES } from './state';

export const MAX_LATENCY_MS = 60_000;

const HTTP_METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
];

/** The keys `PUT /faults/{cluster}` accepts (`outage` only follows the process). */
const SETTABLE = [
  'down',
  'latencyMs',
  'failWith',
  'failMethods',
  'failPathPrefix',
  'notReady',
  'probeFailWith',
] as const;

export type ValidationResult =
  | { ok: true; patch: MemberFaultsPatch }
  | { ok: false; errors: string[] };

/** A status code fault (`failWith`, `probeFailWith`): one of `codes`, or null. */
function readCode<K extends 'failWith' | 'probeFailWith'>(
  input: Record<string, unknown>,
  key: K,
  codes: readonly number[],
  patch: MemberFaultsPatch,
  errors: string[],
) {
  if (!Object.prototype.hasOwnProperty.call(input, key)) return;
  const value = input[key];
  if (value === null) patch[key] = undefined;
  else if (codes.includes(value as number)) {
    patch[key] = value as MemberFaultsPatch[K];
  } else {
    errors.push(`${key} must be one of ${codes.join(', ')} or null`);
  }
}

/**
 * Checks a fault patch strictly: a JSON object of known keys with values of
 * the right type and range; `null` removes an optional fault.
 */
export function validateFaultsPatch(body: unknown): ValidationResult {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, errors: ['the body must be a JSON object'] };
  }
  const errors: string[] = [];
  const patch: MemberFaultsPatch = {};
  const input = body as Record<string, unknown>;
  for (const key of Object.keys(input)) {
    if (!(SETTABLE as readonly string[]).includes(key)) {
      errors.push(
        key === 'outage'
          ? 'outage is not settable: POST /clusters/{cluster}/outage or /restore'
          : `unknown key ${JSON.stringify(key)} (known: ${SETTABLE.join(
              ', ',
            )})`,
      );
    }
  }
  const has = (key: string) => Object.prototype.hasOwnProperty.call(input, key);

  for (const key of ['down', 'notReady'] as const) {
    if (!has(key)) continue;
    if (typeof input[key] === 'boolean') patch[key] = input[key] as boolean;
    else errors.push(`${key} must be true or false`);
  }
  if (has('latencyMs')) {
    const value = input.latencyMs;
    if (
      typeof value === 'number' &&
      Number.isInteger(value) &&
      value >= 0 &&
      value <= MAX_LATENCY_MS
    ) {
      patch.latencyMs = value;
    } else {
      errors.push(`latencyMs must be an integer from 0 to ${MAX_LATENCY_MS}`);
    }
  }
  readCode(input, 'failWith', FAILURE_CODES, patch, errors);
  readCode(input, 'probeFailWith', PROBE_FAILURE_CODES, patch, errors);
  if (has('failMethods')) {
    const value = input.failMethods;
    if (value === null) patch.failMethods = undefined;
    else if (
      Array.isArray(value) &&
      value.length > 0 &&
      value.every(m => typeof m === 'string' && HTTP_METHODS.includes(m))
    ) {
      patch.failMethods = [...new Set(value as string[])];
    } else {
      errors.push(
        `failMethods must be a non-empty list of ${HTTP_METHODS.join(
          ', ',
        )} (upper case) or null`,
      );
    }
  }
  if (has('failPathPrefix')) {
    const value = input.failPathPrefix;
    if (value === null) patch.failPathPrefix = undefined;
    else if (typeof value === 'string' && value.startsWith('/')) {
      patch.failPathPrefix = value;
    } else {
      errors.push('failPathPrefix must be a path starting with / or null');
    }
  }
  return errors.length ? { ok: false, errors } : { ok: true, patch };
}
