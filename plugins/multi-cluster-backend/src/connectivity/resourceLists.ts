import {
  parseQuantity,
  type ResourceList,
} from '@flotilla/plugin-multi-cluster-common';

const NANOS_PER_UNIT = 1_000_000_000n;
const NANOS_PER_MILLI = 1_000_000n;
const BINARY_SUFFIXES: Array<[string, bigint]> = [
  ['Ei', 1n << 60n],
  ['Pi', 1n << 50n],
  ['Ti', 1n << 40n],
  ['Gi', 1n << 30n],
  ['Mi', 1n << 20n],
  ['Ki', 1n << 10n],
];

/**
 * Writes an exact quantity. Like apimachinery, the sum keeps the binary
 * format when the inputs used it (`memory: 31Gi`, not `33285996544`), but
 * only with a suffix that divides it exactly, so nothing is rounded.
 */
function formatNanos(nanos: bigint, binary: boolean): string {
  if (nanos % NANOS_PER_UNIT !== 0n) {
    return nanos % NANOS_PER_MILLI === 0n
      ? `${nanos / NANOS_PER_MILLI}m`
      : `${nanos}n`;
  }
  const units = nanos / NANOS_PER_UNIT;
  if (binary && units !== 0n) {
    for (const [suffix, factor] of BINARY_SUFFIXES) {
      if (units % factor === 0n) return `${units / factor}${suffix}`;
    }
  }
  return `${units}`;
}

/**
 * Adds resource lists exactly (Kubernetes quantity arithmetic, no floating
 * point). A quantity that does not parse is an error naming the resource.
 */
export function sumResourceLists(lists: ResourceList[]): ResourceList {
  const totals = new Map<string, { nanos: bigint; binary: boolean }>();
  for (const list of lists) {
    for (const [resource, value] of Object.entries(list)) {
      let nanos: bigint;
      try {
        nanos = parseQuantity(value).nanos;
      } catch (error) {
        throw new Error(
          `${resource}: invalid quantity ${JSON.stringify(value)}: ${
            (error as Error).message
          }`,
        );
      }
      const total = totals.get(resource) ?? { nanos: 0n, binary: false };
      total.nanos += nanos;
      total.binary ||= /[KMGTPE]i$/.test(value.trim());
      totals.set(resource, total);
    }
  }
  const result: ResourceList = {};
  for (const resource of [...totals.keys()].sort()) {
    const { nanos, binary } = totals.get(resource)!;
    result[resource] = formatNanos(nanos, binary);
  }
  return result;
}
