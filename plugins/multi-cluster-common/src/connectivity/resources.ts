/**
 * Exact addition of resource lists (`cpu`, `memory`, `pods`, extended
 * resources), for fleet capacity totals. Sums are kept in nano-units with
 * the scheduler's quantity parser, so `500m + 1.5` is `2` and
 * `64Gi + 64Gi` is `128Gi`, never a rounded float.
 */
import { parseQuantity } from '../scheduling/quantity';
import type { ResourceList } from '../scheduling/types';

const NANOS_PER_UNIT = 1_000_000_000n;

const BINARY_SUFFIXES: [string, bigint][] = [
  ['Ei', 1n << 60n],
  ['Pi', 1n << 50n],
  ['Ti', 1n << 40n],
  ['Gi', 1n << 30n],
  ['Mi', 1n << 20n],
  ['Ki', 1n << 10n],
];

const FRACTION_SUFFIXES: [string, bigint][] = [
  ['m', 1_000_000n],
  ['u', 1_000n],
  ['n', 1n],
];

/**
 * Writes nano-units back as a quantity. Memory-like totals stay binary
 * (`192Gi`) when an operand was written binary and the total divides
 * evenly; everything else is a plain integer or the largest exact
 * fraction suffix (`1500m`), which Kubernetes parses back to the same value.
 */
export function formatNanos(nanos: bigint, preferBinary = false): string {
  if (nanos % NANOS_PER_UNIT === 0n) {
    const units = nanos / NANOS_PER_UNIT;
    if (preferBinary && units !== 0n) {
      for (const [suffix, size] of BINARY_SUFFIXES) {
        if (units % size === 0n) return `${units / size}${suffix}`;
      }
    }
    return units.toString();
  }
  for (const [suffix, size] of FRACTION_SUFFIXES) {
    if (nanos % size === 0n) return `${nanos / size}${suffix}`;
  }
  // Unreachable: every nano count divides by 1.
  return `${nanos}n`;
}

/**
 * Accumulates resource lists. Invalid quantities are not guessed at: each
 * is left out of the total and explained in `errors`, naming where it came
 * from, so one bad label cannot corrupt or crash a fleet total.
 */
export class ResourceTotal {
  private readonly nanos = new Map<string, bigint>();
  private readonly binary = new Set<string>();
  readonly errors: string[] = [];

  /** Adds every entry of `list`; `source` names it in error messages. */
  add(list: ResourceList | undefined, source: string): this {
    if (!list) return this;
    for (const [name, text] of Object.entries(list)) {
      let value: bigint;
      try {
        value = parseQuantity(text).nanos;
      } catch (error) {
        this.errors.push(
          `${source}: ${name}=${JSON.stringify(text)} is not a quantity (${
            (error as Error).message
          }); left out of the total`,
        );
        continue;
      }
      this.nanos.set(name, (this.nanos.get(name) ?? 0n) + value);
      if (/[KMGTPE]i$/.test(text.trim())) this.binary.add(name);
    }
    return this;
  }

  /** The total as a resource list, keys sorted. */
  toResourceList(): ResourceList {
    const result: ResourceList = {};
    for (const name of [...this.nanos.keys()].sort()) {
      result[name] = formatNanos(this.nanos.get(name)!, this.binary.has(name));
    }
    return result;
  }
}

/**
 * Sum of resource lists. Throws on an invalid quantity; use `ResourceTotal`
 * to collect errors instead.
 */
export function addResourceLists(
  ...lists: (ResourceList | undefined)[]
): ResourceList {
  const total = new ResourceTotal();
  lists.forEach((list, index) => total.add(list, `resource list ${index + 1}`));
  if (total.errors.length > 0) throw new Error(total.errors.join('; '));
  return total.toResourceList();
}
