/**
 * The estimator's quantity reader: no BigInt, no allocation, one pass over
 * the text. It answers only for exact safe integers and declines (NaN)
 * everything else; the exact parser in ./quantity uses it for everyday
 * quantities and is held against it by property tests.
 */

/**
 * Longest quantity text accepted (a canonical int64 nano amount needs 29).
 *
 * @public
 */
export const MAX_QUANTITY_LENGTH = 64;

const POWERS_OF_TEN: number[] = [];
for (let power = 0, value = 1; power <= 22; power++, value *= 10) {
  POWERS_OF_TEN.push(value);
}

/**
 * Fast path: the quantity times 10^scaleExponent10 (0 for units, 3 for
 * milli-units) when that is an exact safe integer; NaN otherwise (invalid
 * text, fractions below the unit, overflow, exponents), in which case
 * callers use `tryParseQuantity` (./quantity). Whenever it answers, the exact parser
 * accepts the text with the same value.
 */
export function quantityToScaledInteger(
  text: string,
  scaleExponent10: number,
): number {
  // Guards the loop below against huge or non-string input from JSON.
  if (typeof text !== 'string') return NaN;
  const length = text.length;
  if (length > MAX_QUANTITY_LENGTH) return NaN;
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
    const suffixExponent = decimalSuffixExponent(text.charCodeAt(position));
    if (Number.isNaN(suffixExponent)) return NaN;
    exponent10 += suffixExponent;
  } else if (suffixLength === 2 && text.charCodeAt(position + 1) === 105) {
    binaryMultiplier = binarySuffixMultiplier(text.charCodeAt(position));
    if (Number.isNaN(binaryMultiplier)) return NaN;
  } else if (suffixLength !== 0) {
    return NaN; // exponents and anything unusual take the exact path
  }
  const scaled = scaleExactly(mantissa, binaryMultiplier, exponent10);
  return negative ? -scaled : scaled;
}

/** The decimal exponent of a one-letter SI suffix (`m`, `k`, ...); NaN for others. */
function decimalSuffixExponent(code: number): number {
  switch (code) {
    case 109: // m
      return -3;
    case 107: // k
      return 3;
    case 77: // M
      return 6;
    case 71: // G
      return 9;
    case 84: // T
      return 12;
    case 80: // P
      return 15;
    case 69: // E
      return 18;
    case 117: // u
      return -6;
    case 110: // n
      return -9;
    default:
      return NaN;
  }
}

/** The multiplier of a binary suffix by its first letter (`K` of `Ki`); NaN for others. */
function binarySuffixMultiplier(code: number): number {
  switch (code) {
    case 75: // Ki
      return 1024;
    case 77: // Mi
      return 1048576;
    case 71: // Gi
      return 1073741824;
    case 84: // Ti
      return 1099511627776;
    case 80: // Pi
      return 1125899906842624;
    default:
      return NaN; // Ei always exceeds the safe range
  }
}

/**
 * mantissa * binaryMultiplier * 10^exponent10 when every step stays an
 * exact safe integer; NaN otherwise.
 */
function scaleExactly(
  mantissa: number,
  binaryMultiplier: number,
  exponent10: number,
): number {
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
  return scaled;
}
