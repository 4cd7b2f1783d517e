import type { ClusterVerdictRule } from './types';

/** The inventory's verdict is unhealthy: an observer saw the cluster fail. */
export const inventoryUnhealthyRule: ClusterVerdictRule = ({
  cluster,
  evidence,
}) =>
  cluster.health.status === 'unhealthy'
    ? {
        state: 'failing',
        reason: cluster.health.message ?? 'the inventory finds it unhealthy',
        evidence,
      }
    : undefined;

/**
 * The inventory's verdict is unknown: nothing could tell, which is this
 * backend's own problem (credentials refused, a certificate it does not
 * trust, no access path), not an outage.
 */
export const inventoryUnknownRule: ClusterVerdictRule = ({
  cluster,
  evidence,
}) =>
  cluster.health.status === 'unknown'
    ? {
        state: 'unknown',
        reason: `no observer can tell${
          cluster.health.message ? ` (${cluster.health.message})` : ''
        }`,
        evidence,
      }
    : undefined;
