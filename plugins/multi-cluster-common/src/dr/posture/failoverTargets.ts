import type { ClusterProfile } from '../../fleet/cluster';
import { distinctStandby } from './standbyPair';
import type { PostureFacts } from './facts';

/**
 * Clusters the service would fail over to: for active-active on two or more
 * clusters each running cluster (it takes over when another fails), for
 * active-passive the standby. Backup-restore targets are checked by their
 * own rule, since any one of them is enough.
 */
export function failoverTargets(facts: PostureFacts): ClusterProfile[] {
  const { service, running, byName } = facts;
  if (service.strategy === 'active-active') {
    if (running.length < 2) return [];
    return running.flatMap(t => {
      const cluster = byName.get(t.name);
      return cluster ? [cluster] : [];
    });
  }
  return distinctStandby(facts);
}
