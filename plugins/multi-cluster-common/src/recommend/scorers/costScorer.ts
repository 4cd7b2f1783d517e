import type { PlacementScorer } from '../types';

/** Cheaper CPU scores higher, relative to the cheapest and dearest eligible cluster. @public */
export const costScorer: PlacementScorer = {
  id: 'cost',
  weight: 1,
  score(cluster, { eligible }) {
    if (cluster.costPerCpuHour === undefined) return undefined;
    const prices = eligible
      .map(c => c.costPerCpuHour)
      .filter((p): p is number => p !== undefined);
    const cheapest = Math.min(...prices);
    const dearest = Math.max(...prices);
    if (dearest === cheapest) return 100;
    return (100 * (dearest - cluster.costPerCpuHour)) / (dearest - cheapest);
  },
  explain(cluster) {
    return cluster.costPerCpuHour === undefined
      ? 'no price known'
      : `${cluster.costPerCpuHour} per CPU-hour`;
  },
};
