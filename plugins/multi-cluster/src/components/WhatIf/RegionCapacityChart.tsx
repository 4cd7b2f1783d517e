import { Box, Typography, useTheme } from '@material-ui/core';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { WhatIfClusterHeadroom } from '@flotilla/plugin-multi-cluster-common';
import { CHART_HEIGHT, chartWidth } from './chartLayout';
import { regionCapacityRows, UNIT, type ChartedResource } from './capacity';

const TITLE: Record<ChartedResource, string> = {
  cpu: 'CPU per region',
  memory: 'Memory per region',
};

/**
 * Capacity used and free per region: a stacked bar before the loss and one
 * after it (the survivors, and what the lost clusters took away).
 */
export function RegionCapacityChart(props: {
  clusters: WhatIfClusterHeadroom[];
  resource: ChartedResource;
}) {
  const { palette } = useTheme();
  const rows = regionCapacityRows(props.clusters, props.resource);
  const unit = UNIT[props.resource];
  return (
    <Box
      data-testid={`region-capacity-${props.resource}`}
      style={{ overflowX: 'auto' }}
    >
      <Typography variant="subtitle2">
        {TITLE[props.resource]} ({unit}): before and after
      </Typography>
      <BarChart
        width={chartWidth(rows.length, 140)}
        height={CHART_HEIGHT}
        data={rows}
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="region" interval={0} />
        <YAxis />
        <Tooltip formatter={value => `${value} ${unit}`} />
        <Legend />
        <Bar
          dataKey="usedBefore"
          name="Used before"
          stackId="before"
          fill={palette.primary.dark}
          isAnimationActive={false}
        />
        <Bar
          dataKey="freeBefore"
          name="Free before"
          stackId="before"
          fill={palette.primary.light}
          isAnimationActive={false}
        />
        <Bar
          dataKey="usedAfter"
          name="Used after"
          stackId="after"
          fill={palette.secondary.dark}
          isAnimationActive={false}
        />
        <Bar
          dataKey="freeAfter"
          name="Free after"
          stackId="after"
          fill={palette.secondary.light}
          isAnimationActive={false}
        />
        <Bar
          dataKey="lost"
          name="Lost"
          stackId="after"
          fill={palette.grey[500]}
          isAnimationActive={false}
        />
      </BarChart>
    </Box>
  );
}
