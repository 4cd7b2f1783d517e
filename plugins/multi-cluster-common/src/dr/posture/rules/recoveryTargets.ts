import { formatDuration } from '../../../fleet/duration';
import type { DrFinding, PostureRule } from '../types';

/** An RTO target tighter than the strategy's best recovery time. */
export const rtoUnachievableRule: PostureRule = ({ service, strategy }) => {
  if (
    service.rtoSeconds === undefined ||
    service.rtoSeconds >= strategy.bestRtoSeconds
  ) {
    return [];
  }
  const finding: DrFinding = {
    id: 'rto-unachievable',
    severity: 'high',
    title: 'RTO target is tighter than the strategy can meet',
    detail: `The target RTO is ${formatDuration(service.rtoSeconds)}, but ${
      strategy.title
    } typically recovers in ${formatDuration(
      strategy.bestRtoSeconds,
    )} at best.`,
  };
  return [finding];
};

/** An RPO target tighter than the strategy's best data loss. */
export const rpoUnachievableRule: PostureRule = ({ service, strategy }) => {
  if (
    service.rpoSeconds === undefined ||
    service.rpoSeconds >= strategy.bestRpoSeconds
  ) {
    return [];
  }
  const finding: DrFinding = {
    id: 'rpo-unachievable',
    severity: 'high',
    title: 'RPO target is tighter than the strategy can meet',
    detail: `The target RPO is ${formatDuration(service.rpoSeconds)}, but ${
      strategy.title
    } typically loses ${formatDuration(
      strategy.bestRpoSeconds,
    )} of data at best.`,
  };
  return [finding];
};
