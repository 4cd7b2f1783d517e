import type { ClusterProfile } from '../../fleet/cluster';
import { capacityFor } from '../eligibility';
import type { PlacementScorer, ScoringContext } from '../types';

/** An eligible cluster with its room for the workload and what each objective said. */
export interface ScoredCluster {
  cluster: ClusterProfile;
  capacity: number;
  byObjective: Record<string, number>;
  total: number;
  reasons: string[];
}

/** Mean of the values by their weights; 0 when nothing weighs anything. */
export function weightedMean(entries: { value: number; weight: number }[]) {
  const weight = entries.reduce((sum, e) => sum + e.weight, 0);
  return weight === 0
    ? 0
    : entries.reduce((sum, e) => sum + e.value * e.weight, 0) / weight;
}

/** Every scorer's say on one cluster, bounded to 0..100, and their weighted total. */
export function scoreCluster(
  cluster: ClusterProfile,
  scorers: PlacementScorer[],
  context: ScoringContext,
): ScoredCluster {
  const byObjective: Record<string, number> = {};
  const reasons: string[] = [];
  const weighted: { value: number; weight: number }[] = [];
  for (const scorer of scorers) {
    const value = scorer.score(cluster, context);
    if (value === undefined || Number.isNaN(value)) continue;
    const bounded = Math.max(0, Math.min(100, value));
    byObjective[scorer.id] = bounded;
    weighted.push({ value: bounded, weight: scorer.weight });
    // Evaluated objectives explain only the clusters they gave a reason for.
    const explanation = scorer.explain?.(cluster, context);
    if (explanation !== undefined) {
      reasons.push(`${scorer.id} ${Math.round(bounded)}: ${explanation}`);
    }
  }
  return {
    cluster,
    capacity: capacityFor(cluster, context.requirements),
    byObjective,
    total: weightedMean(weighted),
    reasons,
  };
}
