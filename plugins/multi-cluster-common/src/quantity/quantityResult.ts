/**
 * What a quantity parse returns: the exact value, or the reason it was
 * refused, with the bounds those reasons name.
 */
import { NANOS_PER_UNIT } from './arithmetic';
import { MAX_QUANTITY_LENGTH } from './fastPath';

/**
 * Same wording as apimachinery's `ErrFormatWrong`.
 *
 * @public
 */
export const QUANTITY_FORMAT_ERROR =
  "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

/**
 * Largest written exponent magnitude (`1e100`, `1e-100`). With at most
 * {@link MAX_QUANTITY_LENGTH} characters, any larger exponent gives a value
 * above the 2^63-1 bound or finer than 1n for every mantissa.
 *
 * @public
 */
export const MAX_DECIMAL_EXPONENT = 100;

/**
 * apimachinery's `maxAllowed`: 2^63-1 whole units.
 *
 * @public
 */
export const MAX_QUANTITY_UNITS = 2n ** 63n - 1n;

export const MAX_NANOS = MAX_QUANTITY_UNITS * NANOS_PER_UNIT;

/**
 * Why a quantity (or a resource list holding it) was refused.
 *
 * @public
 */
export type QuantityErrorReason =
  /** apimachinery `ErrFormatWrong`. */
  | 'format'
  /** apimachinery `ErrSuffix`. */
  | 'suffix'
  /** apimachinery `ErrNumeric`. */
  | 'numeric'
  /** Not a string or a finite number. */
  | 'type'
  | 'too-long'
  | 'exponent-out-of-range'
  | 'too-large'
  /** A request below zero. */
  | 'negative'
  /** A resource list key that is not a Kubernetes resource name. */
  | 'resource-name'
  /** A resource list with more entries than allowed. */
  | 'too-many-resources';

const DETAILS: Record<QuantityErrorReason, string> = {
  format: QUANTITY_FORMAT_ERROR,
  suffix: "unable to parse quantity's suffix",
  numeric: 'unable to parse numeric part of quantity',
  type: 'quantities must be a string or a finite number',
  'too-long': `quantities must be at most ${MAX_QUANTITY_LENGTH} characters long`,
  'exponent-out-of-range': `quantity exponents must be between -${MAX_DECIMAL_EXPONENT} and ${MAX_DECIMAL_EXPONENT}`,
  'too-large': `quantities must not exceed ${MAX_QUANTITY_UNITS} (2^63-1) in magnitude`,
  // Kubernetes' IsNegativeErrorMsg.
  negative: 'must be greater than or equal to 0',
  'resource-name': 'is not a resource name',
  'too-many-resources': 'has too many resources',
};

/**
 * A quantity or resource list Kubernetes (or these bounds) would refuse.
 * `detail` is the bare reason; `field`, when known, names where the value
 * came from (e.g. `resourceRequest.cpu`) and prefixes `message`, so a
 * caller can answer 400 with the message as is.
 *
 * @public
 */
export class QuantityError extends Error {
  readonly reason: QuantityErrorReason;
  readonly detail: string;
  readonly field?: string;

  constructor(reason: QuantityErrorReason, detail?: string, field?: string) {
    const text = detail ?? DETAILS[reason];
    super(field ? `${field}: ${text}` : text);
    this.name = 'QuantityError';
    this.reason = reason;
    this.detail = text;
    this.field = field;
  }

  /** A fresh copy of this error, attributed to `field` when given. */
  at(field?: string): QuantityError {
    return new QuantityError(this.reason, this.detail, field ?? this.field);
  }
}

/** @public */
export interface Quantity {
  /** The exact value times 10^9 (Kubernetes rounds up below one nano). */
  readonly nanos: bigint;
}

/** @public */
export type QuantityResult =
  | { ok: true; quantity: Quantity }
  | { ok: false; error: QuantityError };

// One shared instance per reason: failing parses allocate nothing, so a
// fleet full of bad values cannot turn the tolerant paths into a GC storm.
const FAILURES = new Map<QuantityErrorReason, QuantityResult>();
export function failure(reason: QuantityErrorReason): QuantityResult {
  let result = FAILURES.get(reason);
  if (!result) {
    result = Object.freeze({
      ok: false as const,
      error: Object.freeze(new QuantityError(reason)),
    });
    FAILURES.set(reason, result);
  }
  return result;
}
