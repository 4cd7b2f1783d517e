import type { ClusterProfile } from '../../fleet/cluster';
import type { PostureFacts } from './facts';

/** The primary and standby of an active-passive service, as declared. */
export interface StandbyPair {
  /** The declared primary, else the first cluster running replicas. */
  primaryName?: string;
  standbyName?: string;
  primary?: ClusterProfile;
  /** The standby's inventory entry, when the fleet knows it. */
  standby?: ClusterProfile;
}

/** The pair, or undefined when the strategy has no standby. */
export function standbyPair(facts: PostureFacts): StandbyPair | undefined {
  const { service, byName, runningClusters } = facts;
  if (
    service.strategy !== 'active-passive-warm' &&
    service.strategy !== 'active-passive-cold'
  ) {
    return undefined;
  }
  const primaryName = service.primaryCluster ?? runningClusters[0];
  const standbyName = service.standbyCluster;
  return {
    primaryName,
    standbyName,
    primary: primaryName ? byName.get(primaryName) : undefined,
    standby: standbyName ? byName.get(standbyName) : undefined,
  };
}

/** A known standby that is not also the primary. */
export function distinctStandby(facts: PostureFacts): ClusterProfile[] {
  const pair = standbyPair(facts);
  if (!pair?.standby || pair.standbyName === pair.primaryName) return [];
  return [pair.standby];
}
