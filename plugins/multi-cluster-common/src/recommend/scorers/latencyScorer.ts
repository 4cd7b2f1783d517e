import type { ClusterProfile } from '../../fleet/cluster';
import type { PlacementScorer, ScoringContext } from '../types';

/** Latency at which a cluster scores 0; anything at or above is equally bad. */
const WORST_USEFUL_LATENCY_MS = 300;

/** The mean latency from the workload's user regions, or undefined when unknown. */
export function meanUserLatency(
  cluster: ClusterProfile,
  { requirements }: ScoringContext,
): number | undefined {
  const regions = requirements.userRegions ?? [];
  if (regions.length === 0 || !cluster.latencyMs) return undefined;
  const known = regions
    .map(region =>
      region === cluster.region ? 0 : cluster.latencyMs?.[region],
    )
    .filter((ms): ms is number => ms !== undefined);
  if (known.length < regions.length) return undefined;
  return known.reduce((sum, ms) => sum + ms, 0) / known.length;
}

/** Lower mean latency to the workload's users scores higher. @public */
export const latencyScorer: PlacementScorer = {
  id: 'latency',
  weight: 2,
  score(cluster, context) {
    const latency = meanUserLatency(cluster, context);
    if (latency === undefined) return undefined;
    return Math.max(0, 100 * (1 - latency / WORST_USEFUL_LATENCY_MS));
  },
  explain(cluster, context) {
    const latency = meanUserLatency(cluster, context);
    return latency === undefined
      ? 'latency to users unknown'
      : `${Math.round(
          latency,
        )} ms mean latency to ${context.requirements.userRegions!.join(', ')}`;
  },
};
