import type { Config } from '@backstage/config';

/** At most this many user regions are offered; a matrix is a few dozen. */
const MAX_USER_REGIONS = 200;

/**
 * The user regions of `multiCluster.placement.latency` (cluster region ->
 * user region -> ms), sorted. Read defensively: anything but an object of
 * objects names no user region.
 */
export function latencyUserRegions(config: Config): string[] {
  const matrix = config.getOptional('multiCluster.placement.latency');
  if (!matrix || typeof matrix !== 'object' || Array.isArray(matrix)) {
    return [];
  }
  const users = new Set<string>();
  for (const row of Object.values(matrix)) {
    if (!row || typeof row !== 'object' || Array.isArray(row)) continue;
    for (const userRegion of Object.keys(row)) users.add(userRegion);
  }
  return [...users].sort().slice(0, MAX_USER_REGIONS);
}
