/**
 * Deep equality of JSON values regardless of key order: the API server
 * returns custom objects with their keys sorted (Go maps), so a desired
 * object built here never stringifies the same as the stored one.
 */
function byCodePoint(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => byCodePoint(a, b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

export function sameJson(a: unknown, b: unknown): boolean {
  // Equal texts are equal values; the simulator's own aggregated API
  // server keeps key order, so its Clusters mostly take this path.
  if (JSON.stringify(a ?? {}) === JSON.stringify(b ?? {})) return true;
  return (
    JSON.stringify(canonical(a ?? {})) === JSON.stringify(canonical(b ?? {}))
  );
}
