/** `multiCluster.placement.latency`: cluster region -> user region -> ms. */
export type LatencyMatrix = Record<string, Record<string, number>>;

/** The configured latencies of a cluster's region, or undefined. */
export function latencyFor(
  matrix: LatencyMatrix,
  region: string | undefined,
): Record<string, number> | undefined {
  if (!region || !Object.prototype.hasOwnProperty.call(matrix, region)) {
    return undefined;
  }
  const row = matrix[region];
  return Object.keys(row).length > 0 ? { ...row } : undefined;
}

/** The figures as a developer reads them: `eu 12 ms, us 85 ms`. */
export function describeLatency(row: Record<string, number>): string {
  const entries = Object.entries(row).sort(([a], [b]) => a.localeCompare(b));
  const shown = entries
    .slice(0, 6)
    .map(([userRegion, ms]) => `${userRegion} ${ms} ms`)
    .join(', ');
  return entries.length > 6 ? `${shown} and ${entries.length - 6} more` : shown;
}

/** At most this many user regions are offered; a matrix is a few dozen. */
const MAX_USER_REGIONS = 200;

/** The matrix's user regions, sorted: what a picker offers. */
export function userRegionsOf(matrix: LatencyMatrix): string[] {
  const users = new Set<string>();
  for (const row of Object.values(matrix)) {
    for (const userRegion of Object.keys(row)) users.add(userRegion);
  }
  return [...users].sort().slice(0, MAX_USER_REGIONS);
}
