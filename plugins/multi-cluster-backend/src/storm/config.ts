import { Config } from '@backstage/config';
import { StormLimits } from './types';

export const DEFAULT_STORM_LIMITS: StormLimits = {
  maxConcurrentRuns: 10,
  maxRunsPerTargetCluster: 3,
};

function positiveInteger(
  config: Config | undefined,
  key: string,
  fallback: number,
) {
  const value = config?.getOptionalNumber(key);
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(
      `multiCluster.failover.storm.${key} must be a whole number >= 1, not ${value}`,
    );
  }
  return value;
}

/** `multiCluster.failover.storm.*`: the caps of every new storm. */
export function readStormLimits(root: Config): StormLimits {
  const c = root.getOptionalConfig('multiCluster.failover.storm');
  return {
    maxConcurrentRuns: positiveInteger(
      c,
      'maxConcurrentRuns',
      DEFAULT_STORM_LIMITS.maxConcurrentRuns,
    ),
    maxRunsPerTargetCluster: positiveInteger(
      c,
      'maxRunsPerTargetCluster',
      DEFAULT_STORM_LIMITS.maxRunsPerTargetCluster,
    ),
  };
}
