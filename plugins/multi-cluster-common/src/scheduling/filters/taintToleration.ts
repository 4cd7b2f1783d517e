/**
 * TaintToleration filter: a cluster with an untolerated NoSchedule/NoExecute
 * taint is rejected, except clusters already in the previous result (their
 * eviction is the taint manager's job, not the scheduler's).
 */
import { findUntoleratedTaint, formatTaint } from '../matching/tolerations';
import type { ClusterFilter } from './types';

export const taintTolerationFilter: ClusterFilter = (cluster, context) => {
  if (!cluster.taints || cluster.taints.length === 0) return undefined;
  if (context.previousNames.has(cluster.name)) return undefined;
  const taint = findUntoleratedTaint(cluster.taints, context.tolerations);
  if (!taint) return undefined;
  const text = formatTaint(taint);
  return {
    plugin: 'TaintToleration',
    karmadaReason: `cluster(s) had untolerated taint {${text}}`,
    explanation: `untolerated taint ${text}`,
  };
};
