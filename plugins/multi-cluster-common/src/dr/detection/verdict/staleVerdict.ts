import { formatDuration } from '../../../fleet/duration';
import type { ClusterVerdictRule } from './types';

/**
 * The inventory's verdict is too old to act on (its refresh no longer
 * reaches the cluster's observers): whatever it says, it is not now.
 */
export const staleVerdictRule: ClusterVerdictRule = ({
  cluster,
  now,
  maxVerdictAgeMs,
  evidence,
}) => {
  const checkedAt = cluster.health.checkedAt;
  if (maxVerdictAgeMs === undefined || !checkedAt) return undefined;
  const ageMs = now.getTime() - Date.parse(checkedAt);
  if (!(ageMs > maxVerdictAgeMs)) return undefined;
  return {
    state: 'unknown',
    reason: `the inventory's verdict is ${formatDuration(
      ageMs / 1000,
    )} old (checked at ${checkedAt})`,
    evidence,
  };
};
