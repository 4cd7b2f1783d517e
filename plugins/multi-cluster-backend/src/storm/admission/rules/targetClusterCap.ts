import { receivingClusters } from '../../types';
import { AdmissionRule } from '../types';

/**
 * At most `maxRunsPerTargetCluster` runs move replicas onto one cluster at
 * once (counting every storm's): a cluster taking a failover storm is not
 * also taking every service at the same moment.
 */
export const targetClusterCap: AdmissionRule = (child, fit, state) => {
  const max = state.limits.maxRunsPerTargetCluster;
  const targets =
    fit.kind === 'fits' && state.kind === 'failover'
      ? fit.targets.map(t => t.name)
      : receivingClusters(state.kind, child);
  const full = targets.find(name => (state.perTarget.get(name) ?? 0) >= max);
  return full
    ? {
        kind: 'wait',
        status: 'queued',
        reason: `waits for a slot on ${full}: ${max} run(s) onto one cluster at once`,
      }
    : undefined;
};
