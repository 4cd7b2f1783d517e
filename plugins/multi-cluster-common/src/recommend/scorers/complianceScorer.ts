import type { PlacementScorer } from '../types';

/**
 * Hard compliance requirements are filters; this objective prefers clusters
 * that hold more attestations than required (stricter environments first for
 * regulated workloads, neutral for others).
 *
 * @public
 */
export const complianceScorer: PlacementScorer = {
  id: 'compliance',
  weight: 1,
  score(cluster, { requirements }) {
    const required = requirements.requiredCompliance ?? [];
    if (required.length === 0 && !requirements.allowedJurisdictions?.length) {
      return undefined;
    }
    const held = new Set(cluster.compliance ?? []);
    const inJurisdiction =
      !requirements.allowedJurisdictions?.length ||
      (cluster.jurisdiction !== undefined &&
        requirements.allowedJurisdictions.includes(cluster.jurisdiction));
    const extra = [...held].filter(a => !required.includes(a)).length;
    return (inJurisdiction ? 70 : 0) + Math.min(30, extra * 10);
  },
  explain(cluster) {
    const held = cluster.compliance ?? [];
    return `jurisdiction ${cluster.jurisdiction ?? 'unknown'}${
      held.length ? `, attests ${held.join(', ')}` : ''
    }`;
  },
};
