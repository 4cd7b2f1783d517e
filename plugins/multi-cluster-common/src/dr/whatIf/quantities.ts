/**
 * Quantities as the what-if planner computes with them (exact nano-units)
 * and shows them to people (`750m`, `1.5Gi`).
 */
import {
  formatQuantity,
  quantityMilliValue,
  quantityValue,
  tryParseQuantity,
} from '../../quantity/quantity';
import type { ResourceList } from '../../scheduling/types';

/** Nano-units of an optional entry: 0n when absent, undefined when not a quantity. */
export function nanosOf(text: string | undefined): bigint | undefined {
  if (text === undefined) return 0n;
  const parsed = tryParseQuantity(text);
  return parsed.ok ? parsed.quantity.nanos : undefined;
}

/** Nano-units of an entry of `list` (own properties only), as {@link nanosOf}. */
export function entryNanos(
  list: ResourceList | undefined,
  resource: string,
): bigint | undefined {
  const text =
    list && Object.prototype.hasOwnProperty.call(list, resource)
      ? list[resource]
      : undefined;
  return nanosOf(text);
}

/** CPU millicores of an amount (rounded up, as `MilliValue()`). */
export function millicores(nanos: bigint): number {
  return quantityMilliValue({ nanos });
}

/** Whole units of an amount (rounded up, as `Value()`). */
export function wholeUnits(nanos: bigint): number {
  return quantityValue({ nanos });
}

/** The exact text of a sum, binary when one of its terms was written so. */
export function formatSum(nanos: bigint, binary: boolean): string {
  return formatQuantity({ nanos }, { binary });
}

const BYTE_RESOURCES = /^(memory|ephemeral-storage|hugepages-.*)$/;
const BINARY_UNITS: [string, number][] = [
  ['Ti', 2 ** 40],
  ['Gi', 2 ** 30],
  ['Mi', 2 ** 20],
  ['Ki', 2 ** 10],
];

/** At most `digits` decimals, trailing zeros dropped: 1.50 is `1.5`. */
function decimals(value: number, digits: number): string {
  return String(Number(value.toFixed(digits)));
}

function humanBytes(bytes: number): string {
  for (const [suffix, size] of BINARY_UNITS) {
    if (bytes >= size) return `${decimals(bytes / size, 1)}${suffix}`;
  }
  return String(bytes);
}

/**
 * An amount for people: CPU in cores or millicores (`2`, `1.5`, `750m`),
 * byte resources with a binary suffix to one decimal (`1.5Gi`), anything
 * else in whole units or millis. A negative amount (an overcommitted
 * cluster) reads `0`.
 */
export function humanQuantity(resource: string, nanos: bigint): string {
  if (nanos <= 0n) return '0';
  if (resource === 'cpu') {
    const milli = millicores(nanos);
    return milli < 1000 ? `${milli}m` : decimals(milli / 1000, 2);
  }
  if (BYTE_RESOURCES.test(resource)) return humanBytes(wholeUnits(nanos));
  const milli = millicores(nanos);
  return milli % 1000 === 0 ? String(milli / 1000) : `${milli}m`;
}
