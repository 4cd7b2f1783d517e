import type { ClusterTaint } from '../../../scheduling/types';
import type { ClusterHealthEvidence } from '../../../api/fleet';
import type { ClusterVerdictRule } from './types';

/**
 * The taints Karmada's cluster controller puts on a member it cannot reach
 * or that is not ready; with `NoExecute` Karmada evicts workloads from it.
 */
const KARMADA_OUTAGE_TAINTS = new Set([
  'cluster.karmada.io/not-ready',
  'cluster.karmada.io/unreachable',
]);

/** A `NoExecute` not-ready or unreachable taint on the cluster. @public */
export function isKarmadaOutageTaint(taint: ClusterTaint): boolean {
  return taint.effect === 'NoExecute' && KARMADA_OUTAGE_TAINTS.has(taint.key);
}

/** The cluster's outage taints, as Karmada's evidence. */
export function taintEvidence(
  taints: ClusterTaint[] | undefined,
): ClusterHealthEvidence[] {
  return (taints ?? []).filter(isKarmadaOutageTaint).map(taint => ({
    source: 'karmada',
    status: 'unhealthy',
    reason: `taint ${taint.key}:${taint.effect}`,
    since: taint.timeAdded,
  }));
}

/** Karmada tainted the member NoExecute: it is failing, whatever else says. */
export const karmadaTaintRule: ClusterVerdictRule = ({ cluster, evidence }) => {
  const taint = (cluster.taints ?? []).find(isKarmadaOutageTaint);
  if (!taint) return undefined;
  return {
    state: 'failing',
    reason: `Karmada tainted it ${taint.key}:${taint.effect}`,
    evidence,
  };
};
