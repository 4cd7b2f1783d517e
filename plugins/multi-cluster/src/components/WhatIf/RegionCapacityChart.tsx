import { useTheme } from '@material-ui/core';
import { alpha } from '@material-ui/core/styles';
import type { WhatIfClusterHeadroom } from '@flotilla/plugin-multi-cluster-common';
import {
  regionCapacityRows,
  UNIT,
  type ChartedResource,
  type RegionCapacityRow,
} from './capacity';
import { StackedBarChart, type ChartSeries } from './StackedBarChart';

const TITLE: Record<ChartedResource, string> = {
  cpu: 'CPU per region',
  memory: 'Memory per region',
};

/**
 * Capacity used and free per region: a stacked bar before the loss and one
 * after it (the survivors, and what the lost clusters took away). Used is
 * the full colour, free the same colour faded, lost grey.
 */
export function RegionCapacityChart(props: {
  clusters: WhatIfClusterHeadroom[];
  resource: ChartedResource;
}) {
  const { palette } = useTheme();
  const before = palette.primary.main;
  const after = palette.secondary.main;
  const series: ChartSeries<RegionCapacityRow>[] = [
    {
      dataKey: 'usedBefore',
      name: 'Used before',
      stackId: 'before',
      fill: before,
    },
    {
      dataKey: 'freeBefore',
      name: 'Free before',
      stackId: 'before',
      fill: alpha(before, 0.3),
    },
    { dataKey: 'usedAfter', name: 'Used after', stackId: 'after', fill: after },
    {
      dataKey: 'freeAfter',
      name: 'Free after',
      stackId: 'after',
      fill: alpha(after, 0.3),
    },
    {
      dataKey: 'lost',
      name: 'Lost',
      stackId: 'after',
      fill: palette.grey[400],
    },
  ];
  const unit = UNIT[props.resource];
  return (
    <StackedBarChart
      testId={`region-capacity-${props.resource}`}
      title={`${TITLE[props.resource]} (${unit}): before and after`}
      rows={regionCapacityRows(props.clusters, props.resource)}
      category="region"
      series={series}
      widthPerCategory={140}
      unit={unit}
    />
  );
}
