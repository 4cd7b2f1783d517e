/**
 * Kubernetes `resource.Quantity` parsing with the same arithmetic as
 * apimachinery: values are kept exactly (as nano-units, rounded up to the
 * nano like Kubernetes does), `Value()` and `MilliValue()` round up.
 *
 * Two entry points:
 * - `parseQuantity` is exact for every valid quantity (BigInt based).
 * - `quantityToScaledInteger` is an allocation-free fast path for the hot
 *   estimator loop; it only answers when the result is an exact safe integer
 *   and returns NaN otherwise, so callers fall back to the exact path.
 */

/** Same wording as apimachinery's ErrFormatWrong. */
export const QUANTITY_FORMAT_ERROR =
  "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

export interface Quantity {
  /** The exact value times 10^9 (Kubernetes rounds up below one nano). */
  readonly nanos: bigint;
}

const NANOS_PER_UNIT = 1_000_000_000n;
const NANOS_PER_MILLI = 1_000_000n;

const DECIMAL_SUFFIX_EXPONENTS: Record<string, number> = {
  n: -9,
  u: -6,
  m: -3,
  '': 0,
  k: 3,
  M: 6,
  G: 9,
  T: 12,
  P: 15,
  E: 18,
};

const BINARY_SUFFIX_EXPONENTS: Record<string, number> = {
  Ki: 10,
  Mi: 20,
  Gi: 30,
  Ti: 40,
  Pi: 50,
  Ei: 60,
};

const QUANTITY_PATTERN =
  /^([+-]?)(\d*)(?:\.(\d*))?(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E)?)$/;

function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  // BigInt division truncates toward zero; round toward +infinity instead.
  return numerator % denominator > 0n ? quotient + 1n : quotient;
}

/** Parses a Kubernetes quantity such as `500m`, `1.5Gi`, `2e3`, `128974848`. */
export function parseQuantity(input: string | number): Quantity {
  const text = typeof input === 'number' ? String(input) : input.trim();
  const match = QUANTITY_PATTERN.exec(text);
  if (!match) throw new Error(QUANTITY_FORMAT_ERROR);
  const [, sign, wholeDigits, fractionDigits = '', exponentPart, suffix = ''] =
    match;
  if (wholeDigits.length === 0 && fractionDigits.length === 0) {
    throw new Error(QUANTITY_FORMAT_ERROR);
  }

  let exponent10 = -fractionDigits.length;
  let exponent2 = 0;
  if (exponentPart !== undefined) {
    exponent10 += Number.parseInt(exponentPart.slice(1), 10);
  } else if (suffix in BINARY_SUFFIX_EXPONENTS) {
    exponent2 = BINARY_SUFFIX_EXPONENTS[suffix];
  } else {
    exponent10 += DECIMAL_SUFFIX_EXPONENTS[suffix];
  }

  // value = mantissa * 10^exponent10 * 2^exponent2; expressed in nanos.
  let numerator = BigInt(wholeDigits + fractionDigits || '0');
  numerator <<= BigInt(exponent2);
  const nanoExponent = exponent10 + 9;
  let nanos: bigint;
  if (nanoExponent >= 0) {
    nanos = numerator * 10n ** BigInt(nanoExponent);
  } else {
    // Kubernetes rounds non-zero magnitudes up to the next nano.
    nanos = ceilDiv(numerator, 10n ** BigInt(-nanoExponent));
  }
  return { nanos: sign === '-' ? -nanos : nanos };
}

/** `Quantity.Value()`: whole units, rounded up. */
export function quantityValue(quantity: Quantity): number {
  return Number(ceilDiv(quantity.nanos, NANOS_PER_UNIT));
}

/** `Quantity.MilliValue()`: milli-units, rounded up. */
export function quantityMilliValue(quantity: Quantity): number {
  return Number(ceilDiv(quantity.nanos, NANOS_PER_MILLI));
}

/** Exact difference of two quantities. */
export function subtractQuantities(left: Quantity, right: Quantity): Quantity {
  return { nanos: left.nanos - right.nanos };
}

const POWERS_OF_TEN: number[] = [];
for (let power = 0, value = 1; power <= 22; power++, value *= 10) {
  POWERS_OF_TEN.push(value);
}

/**
 * Fast path: the quantity times 10^scaleExponent10 (0 for units, 3 for
 * milli-units) when that is an exact safe integer; NaN otherwise (invalid
 * text, fractions below the unit, overflow), in which case callers use
 * `parseQuantity`.
 */
export function quantityToScaledInteger(
  text: string,
  scaleExponent10: number,
): number {
  const length = text.length;
  let position = 0;
  let negative = false;
  let code = text.charCodeAt(0);
  if (code === 45 /* - */ || code === 43 /* + */) {
    negative = code === 45;
    position++;
  }
  let mantissa = 0;
  let digitCount = 0;
  let fractionCount = 0;
  let seenDot = false;
  for (; position < length; position++) {
    code = text.charCodeAt(position);
    if (code >= 48 && code <= 57) {
      mantissa = mantissa * 10 + (code - 48);
      digitCount++;
      if (seenDot) fractionCount++;
    } else if (code === 46 /* . */ && !seenDot) {
      seenDot = true;
    } else {
      break;
    }
  }
  if (digitCount === 0 || mantissa > Number.MAX_SAFE_INTEGER) return NaN;

  let exponent10 = scaleExponent10 - fractionCount;
  let binaryMultiplier = 1;
  const suffixLength = length - position;
  if (suffixLength === 1) {
    switch (text.charCodeAt(position)) {
      case 109: // m
        exponent10 -= 3;
        break;
      case 107: // k
        exponent10 += 3;
        break;
      case 77: // M
        exponent10 += 6;
        break;
      case 71: // G
        exponent10 += 9;
        break;
      case 84: // T
        exponent10 += 12;
        break;
      case 80: // P
        exponent10 += 15;
        break;
      case 69: // E
        exponent10 += 18;
        break;
      case 117: // u
        exponent10 -= 6;
        break;
      case 110: // n
        exponent10 -= 9;
        break;
      default:
        return NaN;
    }
  } else if (suffixLength === 2 && text.charCodeAt(position + 1) === 105) {
    // Ki, Mi, Gi, Ti, Pi, Ei
    switch (text.charCodeAt(position)) {
      case 75:
        binaryMultiplier = 1024;
        break;
      case 77:
        binaryMultiplier = 1048576;
        break;
      case 71:
        binaryMultiplier = 1073741824;
        break;
      case 84:
        binaryMultiplier = 1099511627776;
        break;
      case 80:
        binaryMultiplier = 1125899906842624;
        break;
      default:
        return NaN; // Ei always exceeds the safe range
    }
  } else if (suffixLength !== 0) {
    return NaN; // exponents and anything unusual take the exact path
  }

  let scaled = mantissa * binaryMultiplier;
  if (scaled > Number.MAX_SAFE_INTEGER) return NaN;
  if (exponent10 > 0) {
    if (exponent10 > 22) return NaN;
    scaled *= POWERS_OF_TEN[exponent10];
    if (scaled > Number.MAX_SAFE_INTEGER) return NaN;
  } else if (exponent10 < 0) {
    if (exponent10 < -22) return NaN;
    const divisor = POWERS_OF_TEN[-exponent10];
    if (scaled % divisor !== 0) return NaN;
    scaled /= divisor;
  }
  return negative ? -scaled : scaled;
}
