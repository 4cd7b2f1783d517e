import type { WorkloadRequirements } from '../types';
import type { ScoredCluster } from './scoredCluster';

/** Greedy: cover the regions, then the zones, then the replicas, in `ordered` order. */
export function assembleCandidate(
  ordered: ScoredCluster[],
  requirements: WorkloadRequirements,
): { chosen: ScoredCluster[] } | { reason: string } {
  const chosen: ScoredCluster[] = [];
  const regions = new Set<string>();
  const zones = new Set<string>();
  const take = (candidate: ScoredCluster) => {
    chosen.push(candidate);
    if (candidate.cluster.region) regions.add(candidate.cluster.region);
    for (const zone of candidate.cluster.zones ?? []) zones.add(zone);
  };
  const minRegions = requirements.minRegions ?? 1;
  const minZones = requirements.minZones ?? 0;
  for (const candidate of ordered) {
    if (regions.size >= minRegions) break;
    const region = candidate.cluster.region;
    if (region && !regions.has(region)) take(candidate);
  }
  if (regions.size < minRegions) {
    return {
      reason: `only ${regions.size} eligible region(s), ${minRegions} required`,
    };
  }
  for (const candidate of ordered) {
    if (zones.size >= minZones) break;
    if (chosen.includes(candidate)) continue;
    if ((candidate.cluster.zones ?? []).some(zone => !zones.has(zone))) {
      take(candidate);
    }
  }
  if (zones.size < minZones) {
    return {
      reason: `only ${zones.size} eligible zone(s), ${minZones} required`,
    };
  }
  const capacity = () => chosen.reduce((sum, c) => sum + c.capacity, 0);
  for (const candidate of ordered) {
    if (capacity() >= requirements.replicas && chosen.length > 0) break;
    if (!chosen.includes(candidate)) take(candidate);
  }
  if (capacity() < requirements.replicas) {
    return {
      reason: `eligible clusters fit ${capacity()} replicas, ${
        requirements.replicas
      } requested`,
    };
  }
  return { chosen };
}
