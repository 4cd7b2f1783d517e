import type { ClusterHealthEvidence } from '../../../api/fleet';
import type { ClusterVerdict } from '../types';
import {
  inventoryUnhealthyRule,
  inventoryUnknownRule,
} from './inventoryVerdict';
import { karmadaTaintRule, taintEvidence } from './karmadaTaints';
import { staleVerdictRule } from './staleVerdict';
import type { ClusterVerdictInput, ClusterVerdictRule } from './types';

/**
 * The verdict rules, first applicable wins: an outdated verdict is not
 * acted on; a Karmada NoExecute taint or an unhealthy inventory verdict is
 * failing; an unknown inventory verdict is unknown; else healthy.
 */
export const CLUSTER_VERDICT_RULES: readonly ClusterVerdictRule[] = [
  staleVerdictRule,
  karmadaTaintRule,
  inventoryUnhealthyRule,
  inventoryUnknownRule,
];

/** Every observer's evidence, then the outage taints. */
function clusterEvidence({
  cluster,
}: ClusterVerdictInput): ClusterHealthEvidence[] {
  return [...(cluster.health.evidence ?? []), ...taintEvidence(cluster.taints)];
}

/**
 * A cluster's detection verdict from the inventory's record of it.
 *
 * @public
 */
export function clusterVerdict(input: ClusterVerdictInput): ClusterVerdict {
  const facts = { ...input, evidence: clusterEvidence(input) };
  for (const rule of CLUSTER_VERDICT_RULES) {
    const verdict = rule(facts);
    if (verdict) return verdict;
  }
  return {
    state: 'healthy',
    reason: input.cluster.health.message ?? 'the inventory finds it healthy',
    evidence: facts.evidence,
  };
}
