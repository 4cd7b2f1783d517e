import { formatDuration } from '../../../fleet/duration';
import type { PostureRule } from '../facts';

/** One recovery objective: the service's target and the strategy's best. */
interface RecoveryObjective {
  id: 'rto-unachievable' | 'rpo-unachievable';
  name: 'RTO' | 'RPO';
  target: 'rtoSeconds' | 'rpoSeconds';
  best: 'bestRtoSeconds' | 'bestRpoSeconds';
  /** What the strategy's best duration measures, around the duration. */
  achieves: (best: string) => string;
}

/** A target tighter than the best the strategy can typically do. */
function unachievableTargetRule(objective: RecoveryObjective): PostureRule {
  return ({ service, strategy }) => {
    const target = service[objective.target];
    const best = strategy[objective.best];
    if (target === undefined || target >= best) return [];
    return [
      {
        id: objective.id,
        severity: 'high',
        title: `${objective.name} target is tighter than the strategy can meet`,
        detail: `The target ${objective.name} is ${formatDuration(
          target,
        )}, but ${strategy.title} typically ${objective.achieves(
          formatDuration(best),
        )} at best.`,
      },
    ];
  };
}

export const rtoUnachievableRule = unachievableTargetRule({
  id: 'rto-unachievable',
  name: 'RTO',
  target: 'rtoSeconds',
  best: 'bestRtoSeconds',
  achieves: best => `recovers in ${best}`,
});

export const rpoUnachievableRule = unachievableTargetRule({
  id: 'rpo-unachievable',
  name: 'RPO',
  target: 'rpoSeconds',
  best: 'bestRpoSeconds',
  achieves: best => `loses ${best} of data`,
});
