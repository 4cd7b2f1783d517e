import { failoverSourceCheck } from '@flotilla/plugin-multi-cluster-common';
import { StepError, StepExecutor } from './types';

/**
 * Records the source's health with every observer's evidence. A healthy
 * source stops the run unless the request was forced (a drill is always
 * forced): the same rule as the planner's.
 */
export const precheckSource: StepExecutor = async ({ step, deps }) => {
  const { cluster, force } = step.params as { cluster: string; force: boolean };
  const source = await deps.inventory.getCluster(cluster);
  const health = source?.health.status ?? 'missing';
  const check = failoverSourceCheck(
    source && {
      name: cluster,
      health: source.health.status,
      healthDetail: source.health.message,
    },
    force,
  );
  if (!check.proceed) {
    throw new StepError(check.reason, { retryable: false });
  }
  return {
    output: {
      cluster,
      health,
      message: source?.health.message,
      via: source?.health.via,
      evidence: source?.health.evidence,
      checkedAt: source?.health.checkedAt,
      forced: force,
      reason: check.reason,
    },
  };
};
