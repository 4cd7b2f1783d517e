import { Typography } from '@material-ui/core';
import { Bar, BarChart, LabelList, XAxis, YAxis } from 'recharts';
import type { EntityPlacementAdvice } from '@flotilla/plugin-multi-cluster-common';

type Objective = EntityPlacementAdvice['objectives'][number];

interface ObjectiveBar {
  label: string;
  score: number | null;
}

const ROW_HEIGHT = 26;

/** One bar per objective; an objective that did not score has no bar. */
export function objectiveBars(
  objectives: Objective[],
  byObjective: Record<string, number>,
): ObjectiveBar[] {
  return objectives.map(objective => ({
    label: `${objective.id} x${objective.weight}${
      objective.origin === 'module' ? ' (module)' : ''
    }`,
    score:
      byObjective[objective.id] === undefined
        ? null
        : Math.round(byObjective[objective.id]),
  }));
}

/**
 * A recommendation's score per objective (0 worst, 100 best), as
 * horizontal bars of a fixed size like the tab's other charts (jsdom cannot
 * measure a container).
 */
export function ObjectiveScoresChart(props: {
  objectives: Objective[];
  byObjective: Record<string, number>;
}) {
  const bars = objectiveBars(props.objectives, props.byObjective);
  const unscored = bars.filter(b => b.score === null).map(b => b.label);
  return (
    <div data-testid="objective-scores">
      <BarChart
        layout="vertical"
        width={360}
        height={24 + bars.length * ROW_HEIGHT}
        data={bars}
        margin={{ top: 4, right: 40, bottom: 4, left: 8 }}
      >
        <XAxis type="number" domain={[0, 100]} hide />
        <YAxis type="category" dataKey="label" width={130} />
        <Bar dataKey="score" fill="#1f77b4" isAnimationActive={false}>
          <LabelList dataKey="score" position="right" />
        </Bar>
      </BarChart>
      {unscored.length > 0 && (
        <Typography variant="caption" display="block">
          Not scored (an input is unknown): {unscored.join(', ')}
        </Typography>
      )}
    </div>
  );
}
