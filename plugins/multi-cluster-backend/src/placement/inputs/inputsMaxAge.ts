import { createHash } from 'node:crypto';

/** A stable share between 0 and 1 for a cluster name. */
function shareOf(cluster: string): number {
  return (
    createHash('sha256').update(cluster).digest().readUInt32BE(0) / 2 ** 32
  );
}

/**
 * How long placement advice reuses one cluster's live inputs in a fleet of
 * `fleetSize`. Up to the live-read limit: `maxAgeMs`. A larger fleet
 * re-reads about `liveReadLimit` clusters' inputs per `maxAgeMs`, whatever
 * its size (a fleet of 500 re-reading every cluster's Nodes, Pods and
 * OpenCost each minute would be a thousand and more requests each time a
 * page asks for advice): the age scales with fleetSize / liveReadLimit, and
 * each cluster's is spread between half and all of that by its name, so
 * the clusters first read together are not all re-read together again.
 */
export function inputsMaxAgeMs(
  cluster: string,
  fleetSize: number,
  options: { maxAgeMs: number; liveReadLimit: number },
): number {
  const { maxAgeMs, liveReadLimit } = options;
  if (fleetSize <= liveReadLimit) return maxAgeMs;
  const scaled = (maxAgeMs * fleetSize) / liveReadLimit;
  return Math.round(scaled * (0.5 + shareOf(cluster) / 2));
}
