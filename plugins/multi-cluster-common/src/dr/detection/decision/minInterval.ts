import { formatDuration } from '../../../fleet/duration';
import type { DecisionRule } from './types';

/**
 * The service was failed over less than the minimum interval ago: a
 * second failover so soon would chase a flapping fleet.
 */
export const minIntervalRule: DecisionRule = ({
  service,
  now,
  minFailoverIntervalMs,
}) => {
  if (!service.lastFailoverAt) return undefined;
  const sinceMs = now.getTime() - Date.parse(service.lastFailoverAt);
  if (!(sinceMs < minFailoverIntervalMs)) return undefined;
  return {
    kind: 'held-back',
    code: 'min-interval',
    reason: `Held back: it was last failed over ${formatDuration(
      Math.max(0, sinceMs) / 1000,
    )} ago (at ${
      service.lastFailoverAt
    }); the minimum interval is ${formatDuration(
      minFailoverIntervalMs / 1000,
    )}`,
  };
};
