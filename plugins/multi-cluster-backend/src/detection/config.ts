import { Config, readDurationFromConfig } from '@backstage/config';
import { durationToMilliseconds, HumanDuration } from '@backstage/types';

/** `multiCluster.detection`. */
export interface DetectionConfig {
  /** Off by default: detection acts on the fleet only when asked to. */
  enabled: boolean;
  frequency: HumanDuration;
  /** The least time between two failovers of one service. */
  minFailoverIntervalMs: number;
  /** How long a cluster a service left must stay healthy before failback. */
  failbackStabilizationMs: number;
  /** Multiplies each service's toleration window (tests, drills: 0.1). */
  timeScale: number;
  /**
   * How long one tick may run; also how long a replica that died mid-tick
   * keeps the others from ticking (the scheduler's lock expires with it).
   */
  timeout?: HumanDuration;
}

const DEFAULTS = {
  frequency: { seconds: 30 },
  minFailoverInterval: { minutes: 30 },
  failbackStabilization: { minutes: 10 },
};

function duration(
  config: Config | undefined,
  key: keyof typeof DEFAULTS,
): HumanDuration {
  return config?.has(key)
    ? readDurationFromConfig(config, { key })
    : DEFAULTS[key];
}

/** Reads `multiCluster.detection` with its defaults. */
export function readDetectionConfig(root: Config): DetectionConfig {
  const config = root.getOptionalConfig('multiCluster.detection');
  return {
    enabled: config?.getOptionalBoolean('enabled') ?? false,
    frequency: duration(config, 'frequency'),
    minFailoverIntervalMs: durationToMilliseconds(
      duration(config, 'minFailoverInterval'),
    ),
    failbackStabilizationMs: durationToMilliseconds(
      duration(config, 'failbackStabilization'),
    ),
    timeScale: config?.getOptionalNumber('timeScale') ?? 1,
    timeout: config?.has('timeout')
      ? readDurationFromConfig(config, { key: 'timeout' })
      : undefined,
  };
}
