import type { EvaluatedObjectives, PlacementScorer } from '../types';

/**
 * Evaluated scores as scorers that look their cluster up: same id, same
 * weight, and the evaluated reason as the explanation.
 */
export function evaluatedScorers(
  evaluated: EvaluatedObjectives | undefined,
): PlacementScorer[] {
  return (evaluated?.scores ?? []).map(({ id, weight, byCluster }) => {
    const entry = (name: string) =>
      Object.prototype.hasOwnProperty.call(byCluster, name)
        ? byCluster[name]
        : undefined;
    return {
      id,
      weight,
      score: cluster => entry(cluster.name)?.score,
      explain: cluster => entry(cluster.name)?.reason as string,
    };
  });
}

/** Evaluated exclusions by cluster name, in the order they were given. */
export function evaluatedExclusions(
  evaluated: EvaluatedObjectives | undefined,
): Map<string, string[]> {
  const byCluster = new Map<string, string[]>();
  for (const { cluster, reasons } of evaluated?.exclusions ?? []) {
    byCluster.set(cluster, [...(byCluster.get(cluster) ?? []), ...reasons]);
  }
  return byCluster;
}
