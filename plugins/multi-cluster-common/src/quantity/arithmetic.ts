/**
 * Exact arithmetic on parsed quantities (apimachinery's `Value`,
 * `MilliValue`, `Add`, `Sub`, `Cmp`) and their exact text.
 */
import type { Quantity } from './quantity';

/** Nano-units in one unit: a {@link Quantity} counts nanos. */
export const NANOS_PER_UNIT = 1_000_000_000n;
const NANOS_PER_MILLI = 1_000_000n;

function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  // BigInt division truncates toward zero; round toward +infinity instead.
  return numerator % denominator > 0n ? quotient + 1n : quotient;
}

/**
 * `Quantity.Value()`: whole units, rounded up.
 *
 * @public
 */
export function quantityValue(quantity: Quantity): number {
  return Number(ceilDiv(quantity.nanos, NANOS_PER_UNIT));
}

/**
 * `Quantity.MilliValue()`: milli-units, rounded up.
 *
 * @public
 */
export function quantityMilliValue(quantity: Quantity): number {
  return Number(ceilDiv(quantity.nanos, NANOS_PER_MILLI));
}

/**
 * Exact sum of two quantities.
 *
 * @public
 */
export function addQuantities(left: Quantity, right: Quantity): Quantity {
  return { nanos: left.nanos + right.nanos };
}

/**
 * Exact difference of two quantities.
 *
 * @public
 */
export function subtractQuantities(left: Quantity, right: Quantity): Quantity {
  return { nanos: left.nanos - right.nanos };
}

/**
 * `Quantity.Cmp`: -1, 0 or 1.
 *
 * @public
 */
export function compareQuantities(left: Quantity, right: Quantity): number {
  if (left.nanos === right.nanos) return 0;
  return left.nanos < right.nanos ? -1 : 1;
}

const BINARY_SUFFIXES: [string, bigint][] = [
  ['Ei', 1n << 60n],
  ['Pi', 1n << 50n],
  ['Ti', 1n << 40n],
  ['Gi', 1n << 30n],
  ['Mi', 1n << 20n],
  ['Ki', 1n << 10n],
];

/**
 * Exact text of a quantity that parses back to the same value: with
 * `binary`, the largest binary suffix that divides it (memory stays
 * readable as `144Gi`), else whole units, milli-units or nano-units,
 * whichever is exact.
 *
 * @public
 */
export function formatQuantity(
  quantity: Quantity,
  options: { binary?: boolean } = {},
): string {
  const { nanos } = quantity;
  if (nanos % NANOS_PER_UNIT === 0n) {
    const units = nanos / NANOS_PER_UNIT;
    if (options.binary && units !== 0n) {
      for (const [suffix, size] of BINARY_SUFFIXES) {
        if (units % size === 0n) return `${units / size}${suffix}`;
      }
    }
    return units.toString();
  }
  if (nanos % NANOS_PER_MILLI === 0n) return `${nanos / NANOS_PER_MILLI}m`;
  return `${nanos}n`;
}
