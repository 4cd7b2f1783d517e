import { evidenceOf, replicasOn } from '../facts';
import type { PostureRule } from '../facts';
import type { DrFinding } from '../types';

/** Replicas on a cluster the inventory does not know, or knows unhealthy. */
export const runningClustersRule: PostureRule = ({ running, byName }) => {
  const findings: DrFinding[] = [];
  for (const { name } of running) {
    const cluster = byName.get(name);
    if (!cluster) {
      findings.push({
        id: 'cluster-unknown',
        severity: 'medium',
        title: `Replicas run on ${name}, which the fleet does not know`,
        detail: `${name} is not in the fleet inventory, so its health and capacity cannot be checked.`,
        clusters: [name],
      });
    } else if (cluster.health === 'unhealthy') {
      findings.push({
        id: 'cluster-unhealthy',
        severity: 'critical',
        title: `${name} is unhealthy and runs replicas`,
        // The first entry's count, should the placement name a cluster twice.
        detail: `${replicasOn(
          running,
          name,
        )} replica(s) run on an unhealthy cluster; fail over or let the placement move them.${evidenceOf(
          cluster,
        )}`,
        clusters: [name],
      });
    }
  }
  return findings;
};

/** Nothing runs, so the placement checks have nothing to look at. */
export const notRunningRule: PostureRule = ({ running }) =>
  running.length > 0
    ? []
    : [
        {
          id: 'not-running',
          severity: 'info',
          title: 'No replicas found',
          detail:
            'The service runs no replicas in the fleet, so its posture cannot be assessed against a placement.',
        },
      ];
