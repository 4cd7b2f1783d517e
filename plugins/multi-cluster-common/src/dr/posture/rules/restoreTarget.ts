import { capacityFor } from '../../../recommend/eligibility';
import { reachabilityProblem } from '../../../scheduling/filters/clusterSetReachability';
import type { PostureRule } from '../facts';

/**
 * Backup-restore needs one healthy cluster outside the placement with room
 * for the whole service, and (dependencies known) one that can reach them:
 * any one target is enough, so only all failing is a finding.
 */
export const restoreTargetRule: PostureRule = facts => {
  const { service, running, runningClusters, fleet, requirements } = facts;
  const { totalReplicas, reachability } = facts;
  if (service.strategy !== 'backup-restore' || running.length === 0) return [];
  const restoreTargets = fleet.filter(
    c =>
      !runningClusters.includes(c.name) &&
      c.health !== 'unhealthy' &&
      capacityFor(c, requirements) >= totalReplicas,
  );
  if (restoreTargets.length === 0) {
    return [
      {
        id: 'no-restore-target',
        severity: 'high',
        title: 'No cluster could take a restore',
        detail: `No healthy cluster outside the current placement has room for ${totalReplicas} replica(s).`,
      },
    ];
  }
  if (
    !reachability ||
    !restoreTargets.every(c => reachabilityProblem(c, reachability))
  ) {
    return [];
  }
  const names = restoreTargets.map(c => c.name);
  return [
    {
      id: 'failover-target-unreachable-dependency',
      severity: 'high',
      title: "No restore target can reach the service's dependencies",
      detail: restoreTargets
        .map(c => `${c.name} ${reachabilityProblem(c, reachability)}`)
        .join('. ')
        .concat(
          `. A restore to any of ${names.join(
            ', ',
          )} leaves the service unable to call them.`,
        ),
      clusters: names,
    },
  ];
};
