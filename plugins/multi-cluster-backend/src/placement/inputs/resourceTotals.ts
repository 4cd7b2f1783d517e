import {
  formatQuantity,
  tryParseQuantity,
  type ResourceList,
} from '@flotilla/plugin-multi-cluster-common';

/**
 * Exact resource amounts (nano-units per resource name), so that summing a
 * few hundred Pods' `250m` requests never drifts as floating point would.
 */
export type ResourceTotals = Map<string, bigint>;

/** An entry that is not a quantity counts as nothing (the API server validated it). */
function nanosOf(value: unknown): bigint | undefined {
  const parsed = tryParseQuantity(value);
  return parsed.ok ? parsed.quantity.nanos : undefined;
}

/** `into` += `list`, per resource. */
export function addInto(
  into: ResourceTotals,
  list: Record<string, unknown> | undefined,
): ResourceTotals {
  for (const [name, value] of Object.entries(list ?? {})) {
    const nanos = nanosOf(value);
    if (nanos !== undefined) into.set(name, (into.get(name) ?? 0n) + nanos);
  }
  return into;
}

/** `into` = max(`into`, `list`), per resource. */
export function maxInto(
  into: ResourceTotals,
  list: Record<string, unknown> | undefined,
): ResourceTotals {
  for (const [name, value] of Object.entries(list ?? {})) {
    const nanos = nanosOf(value);
    if (nanos !== undefined && nanos > (into.get(name) ?? 0n)) {
      into.set(name, nanos);
    }
  }
  return into;
}

/** Whole units of one resource (GPUs, CPU cores) as a number. */
export function units(totals: ResourceTotals, name: string): number {
  return Number(totals.get(name) ?? 0n) / 1e9;
}

/** As a Kubernetes resource list (`memory` in binary suffixes when exact). */
export function toResourceList(totals: ResourceTotals): ResourceList {
  const list: ResourceList = {};
  for (const [name, nanos] of [...totals].sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    list[name] = formatQuantity(
      { nanos },
      { binary: name === 'memory' || name.endsWith('-storage') },
    );
  }
  return list;
}

/** `into` += `other`, per resource. */
export function addTotals(
  into: ResourceTotals,
  other: ResourceTotals,
): ResourceTotals {
  for (const [name, nanos] of other) {
    into.set(name, (into.get(name) ?? 0n) + nanos);
  }
  return into;
}
