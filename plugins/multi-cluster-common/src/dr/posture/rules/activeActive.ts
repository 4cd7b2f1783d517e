import { capacityFor } from '../../../recommend/eligibility';
import type { PostureFacts, PostureRule } from '../facts';

function isRunningActiveActive({ service, running }: PostureFacts) {
  return service.strategy === 'active-active' && running.length > 0;
}

/** Active-active that one cluster, or one region, can take down. */
export const activeActiveSpreadRule: PostureRule = facts => {
  if (!isRunningActiveActive(facts)) return [];
  const { running, runningClusters, byName, totalReplicas } = facts;
  if (running.length < 2) {
    return [
      {
        id: 'active-active-single-cluster',
        severity: 'critical',
        title: 'Declared active-active, but runs in one cluster',
        detail: `All ${totalReplicas} replicas run on ${runningClusters[0]}: losing it loses the service.`,
        clusters: runningClusters,
      },
    ];
  }
  const regions = new Set(running.map(t => byName.get(t.name)?.region));
  if (regions.size >= 2) return [];
  return [
    {
      id: 'active-active-single-region',
      severity: 'medium',
      title: 'Active-active within one region',
      detail: `Every replica runs in ${
        [...regions][0] ?? 'one region'
      }: a regional outage takes all of them.`,
      clusters: runningClusters,
    },
  ];
};

/** N+1: can the other clusters absorb the largest cluster's share? */
export const activeActiveNPlusOneRule: PostureRule = facts => {
  const { running, byName, requirements } = facts;
  if (!isRunningActiveActive(facts) || running.length < 2) return [];
  const largest = [...running].sort((a, b) => b.replicas - a.replicas)[0];
  const headroom = running
    .filter(t => t.name !== largest.name)
    .reduce((sum, t) => {
      const cluster = byName.get(t.name);
      return sum + (cluster ? capacityFor(cluster, requirements) : 0);
    }, 0);
  if (headroom >= largest.replicas) return [];
  return [
    {
      id: 'active-active-no-n-plus-one',
      severity: 'medium',
      title: 'The other clusters cannot absorb the largest share',
      detail: `If ${largest.name} fails, its ${largest.replicas} replicas need room elsewhere; the other clusters have room for ${headroom}.`,
      clusters: [largest.name],
    },
  ];
};
