/**
 * Kubernetes `resource.Quantity`: apimachinery's `ParseQuantity` grammar and
 * arithmetic, with bounds that keep every parse cheap whatever the input.
 *
 * - Grammar: exactly `parseQuantityString` + the suffixer of
 *   `k8s.io/apimachinery/pkg/api/resource` (quantity.go, suffix.go),
 *   quirks included: `1.`, `.5` and `1.G` parse, and a text with no digit
 *   (`m`, `-`, `.`, `e3`, `Ki`) is zero when apimachinery's int64 fast path
 *   takes it, an error when its inf.Dec path does (`e-10`, `Pi`).
 * - Values are exact: nano-units as a BigInt, non-zero magnitudes finer
 *   than 1n rounded away from zero to the next nano like apimachinery.
 *   Binary-SI values are capped at 2^63-1 like apimachinery ("9Ei").
 * - Bounds (all checked before any BigInt power, so the work per parse is
 *   constant): at most {@link MAX_QUANTITY_LENGTH} characters; a written
 *   exponent within ±{@link MAX_DECIMAL_EXPONENT} (apimachinery keeps the
 *   exponent as an int32 and would wrap or build a 10^2147483647 amount);
 *   a decimal magnitude of at most 2^63-1 whole units, the range where
 *   `Value()` does not overflow (apimachinery accepts more, but its int64
 *   accessors then silently return garbage, which Karmada's estimator uses).
 *
 * Exact arithmetic and formatting of parsed values are in ./arithmetic.
 *
 * Two parse entry points: `parseQuantity` throws {@link QuantityError},
 * `tryParseQuantity` returns a result and never throws. The allocation-free
 * `quantityToScaledInteger` (./fastPath) serves the estimator's hot loop.
 */
import { NANOS_PER_UNIT } from './arithmetic';
import { MAX_QUANTITY_LENGTH, quantityToScaledInteger } from './fastPath';
import {
  failure,
  MAX_DECIMAL_EXPONENT,
  MAX_NANOS,
  QuantityErrorReason,
  QuantityResult,
  Quantity,
} from './quantityResult';

export { MAX_QUANTITY_LENGTH, quantityToScaledInteger };
// The result types, the error and the bounds are shared with the parser.
export {
  MAX_DECIMAL_EXPONENT,
  MAX_QUANTITY_UNITS,
  QUANTITY_FORMAT_ERROR,
  QuantityError,
} from './quantityResult';
export type {
  Quantity,
  QuantityErrorReason,
  QuantityResult,
} from './quantityResult';
// Arithmetic and formatting live beside the parser; `./quantity` keeps both.
export {
  addQuantities,
  compareQuantities,
  formatQuantity,
  quantityMilliValue,
  quantityValue,
  subtractQuantities,
} from './arithmetic';

const BINARY_EXPONENTS = new Map<string, number>([
  ['Ki', 10],
  ['Mi', 20],
  ['Gi', 30],
  ['Ti', 40],
  ['Pi', 50],
  ['Ei', 60],
]);

const DECIMAL_EXPONENTS = new Map<string, number>([
  ['n', -9],
  ['u', -6],
  ['m', -3],
  ['', 0],
  ['k', 3],
  ['M', 6],
  ['G', 9],
  ['T', 12],
  ['P', 15],
  ['E', 18],
]);

/** Characters apimachinery's scanner takes as suffix letters. */
const SUFFIX_LETTERS = 'eEinumkKMGTP';

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function ceilDivMagnitude(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return numerator % denominator === 0n ? quotient : quotient + 1n;
}

/** The written exponent of an `e`/`E` suffix, or the reason it is refused. */
function decimalExponent(text: string): number | QuantityErrorReason {
  // Go's strconv.ParseInt(s, 10, 64): optional sign, then digits only.
  let position = 0;
  if (text[0] === '+' || text[0] === '-') position = 1;
  if (position === text.length) return 'suffix';
  let firstSignificant = -1;
  for (let index = position; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (!isDigit(code)) return 'suffix';
    if (firstSignificant < 0 && code !== 48) firstSignificant = index;
  }
  if (firstSignificant < 0) return 0;
  const significant = text.length - firstSignificant;
  // More than 19 digits overflows int64: ParseInt fails, ErrSuffix.
  if (significant > 19) return 'suffix';
  if (significant > 3) {
    const magnitude = BigInt(text.slice(firstSignificant));
    const negative = text[0] === '-';
    if (magnitude > (negative ? 2n ** 63n : 2n ** 63n - 1n)) return 'suffix';
    return 'exponent-out-of-range';
  }
  const value = Number(text.slice(firstSignificant));
  if (value > MAX_DECIMAL_EXPONENT) return 'exponent-out-of-range';
  return text[0] === '-' ? -value : value;
}

/** A quantity's text cut along apimachinery's grammar. */
interface ScannedQuantity {
  negative: boolean;
  integerDigits: string;
  fractionDigits: string;
  suffix: string;
  /** Whether any digit was written (leading zeros count). */
  hasDigits: boolean;
}

/**
 * apimachinery's parseQuantityString: sign, leading zeros, integer digits,
 * fraction, suffix letters, optional sign, exponent digits. Texts it settles
 * on the spot (refused, or only a sign and zeros) come back as a result.
 */
function scanQuantity(text: string): ScannedQuantity | QuantityResult {
  const end = text.length;
  if (end === 0) return failure('format');
  if (end > MAX_QUANTITY_LENGTH) return failure('too-long');
  let position = 0;
  let negative = false;
  const first = text.charCodeAt(0);
  if (first === 45 /* - */ || first === 43 /* + */) {
    negative = first === 45;
    position = 1;
  }
  const zerosStart = position;
  while (position < end && text.charCodeAt(position) === 48) position++;
  const hasZeros = position > zerosStart;
  // Only a sign and zeros (or nothing): apimachinery's value is "0".
  if (position === end) return { ok: true, quantity: { nanos: 0n } };

  const integerStart = position;
  while (position < end && isDigit(text.charCodeAt(position))) position++;
  const integerDigits = text.slice(integerStart, position);
  let fractionDigits = '';
  if (position < end && text.charCodeAt(position) === 46 /* . */) {
    position++;
    const fractionStart = position;
    while (position < end && isDigit(text.charCodeAt(position))) position++;
    fractionDigits = text.slice(fractionStart, position);
  }

  const suffixStart = position;
  while (position < end && SUFFIX_LETTERS.includes(text[position])) position++;
  if (position < end) {
    const code = text.charCodeAt(position);
    if (code === 45 || code === 43) position++;
    while (position < end && isDigit(text.charCodeAt(position))) position++;
    if (position < end) return failure('format');
  }
  return {
    negative,
    integerDigits,
    fractionDigits,
    suffix: text.slice(suffixStart),
    hasDigits:
      hasZeros || integerDigits.length > 0 || fractionDigits.length > 0,
  };
}

/** apimachinery's quantitySuffixer.interpret: the suffix's exponents, or why it is refused. */
function interpretSuffix(
  suffix: string,
): { binaryExponent: number; exponent10: number } | QuantityErrorReason {
  const binary = BINARY_EXPONENTS.get(suffix);
  if (binary !== undefined) return { binaryExponent: binary, exponent10: 0 };
  const decimal = DECIMAL_EXPONENTS.get(suffix);
  if (decimal !== undefined) return { binaryExponent: 0, exponent10: decimal };
  if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E')) {
    const written = decimalExponent(suffix.slice(1));
    if (typeof written === 'string') return written;
    return { binaryExponent: 0, exponent10: written };
  }
  return 'suffix';
}

/** The grammar and exact arithmetic, without the Number shortcut. */
function parseTextExact(text: string): QuantityResult {
  const scanned = scanQuantity(text);
  if ('ok' in scanned) return scanned;
  const exponents = interpretSuffix(scanned.suffix);
  if (typeof exponents === 'string') return failure(exponents);
  const { binaryExponent, exponent10 } = exponents;
  const { negative, integerDigits, fractionDigits } = scanned;

  if (!scanned.hasDigits) {
    // apimachinery parses the empty number through its int64 fast path
    // (zero) when that path applies, else inf.Dec fails on it (ErrNumeric).
    const fastPath =
      binaryExponent > 0 ? binaryExponent <= 40 : exponent10 >= -9;
    return fastPath
      ? { ok: true, quantity: { nanos: 0n } }
      : failure('numeric');
  }

  // value = digits * 10^(exponent10 - fraction) * 2^binaryExponent, in
  // nanos; every exponent here is within a few hundred (bounded above).
  let magnitude = BigInt(integerDigits + fractionDigits || '0');
  if (binaryExponent > 0) magnitude <<= BigInt(binaryExponent);
  const nanoExponent = exponent10 - fractionDigits.length + 9;
  magnitude =
    nanoExponent >= 0
      ? magnitude * 10n ** BigInt(nanoExponent)
      : ceilDivMagnitude(magnitude, 10n ** BigInt(-nanoExponent));
  if (magnitude > MAX_NANOS) {
    if (binaryExponent === 0) return failure('too-large');
    magnitude = MAX_NANOS; // apimachinery caps binary SI at maxAllowed
  }
  return { ok: true, quantity: { nanos: negative ? -magnitude : magnitude } };
}

function parseText(text: string): QuantityResult {
  // Everyday quantities ("500m", "64Gi", "8") are exact safe integers in
  // nanos or in units; the fast path reads them without BigInt parsing and
  // never answers where the exact path would differ (property-tested).
  const nanos = quantityToScaledInteger(text, 9);
  if (!Number.isNaN(nanos))
    return { ok: true, quantity: { nanos: BigInt(nanos) } };
  const units = quantityToScaledInteger(text, 0);
  if (!Number.isNaN(units)) {
    return { ok: true, quantity: { nanos: BigInt(units) * NANOS_PER_UNIT } };
  }
  return parseTextExact(text);
}

/**
 * {@link tryParseQuantity} without the fast path, so tests can hold the
 * fast path against the exact one.
 *
 * @internal
 */
export function tryParseQuantityExact(input: unknown): QuantityResult {
  const text = textOf(input);
  return text === undefined ? failure('type') : parseTextExact(text);
}

function textOf(input: unknown): string | undefined {
  if (typeof input === 'string') return input;
  if (typeof input === 'number' && Number.isFinite(input)) return String(input);
  return undefined;
}

/**
 * Parses a Kubernetes quantity (`500m`, `1.5Gi`, `2e3`, `128974848`); a
 * number is read as its JavaScript text. Never throws: the result carries a
 * {@link QuantityError} when the input is refused.
 *
 * @public
 */
export function tryParseQuantity(input: unknown): QuantityResult {
  const text = textOf(input);
  return text === undefined ? failure('type') : parseText(text);
}

/**
 * Parses a Kubernetes quantity; throws {@link QuantityError} when refused.
 *
 * @public
 */
export function parseQuantity(
  input: string | number,
  field?: string,
): Quantity {
  const result = tryParseQuantity(input);
  if (!result.ok) throw result.error.at(field);
  return result.quantity;
}

/**
 * Whether apimachinery (within these bounds) accepts `input`.
 *
 * @public
 */
export function isQuantity(input: unknown): boolean {
  return tryParseQuantity(input).ok;
}

/**
 * A per-replica request: a quantity that is not negative (Kubernetes
 * validates requests with ValidateNonnegativeQuantity). Never throws.
 *
 * @public
 */
export function tryParseRequestQuantity(input: unknown): QuantityResult {
  const result = tryParseQuantity(input);
  return result.ok && result.quantity.nanos < 0n ? failure('negative') : result;
}

/**
 * {@link tryParseRequestQuantity} that throws {@link QuantityError}.
 *
 * @public
 */
export function parseRequestQuantity(
  input: string | number,
  field?: string,
): Quantity {
  const result = tryParseRequestQuantity(input);
  if (!result.ok) throw result.error.at(field);
  return result.quantity;
}
