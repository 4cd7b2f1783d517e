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
import type { WhatIfServiceResult } from '@flotilla/plugin-multi-cluster-common';
import { CHART_HEIGHT, chartWidth } from './chartLayout';
import { tierRiskRows } from './serviceRisk';

/**
 * The affected services per DR tier: moved and safe, moved but degraded
 * (quorum, an objective or a dependency lost), partly placed, not placed.
 */
export function ServicesAtRiskChart(props: {
  services: WhatIfServiceResult[];
}) {
  const { palette } = useTheme();
  const rows = tierRiskRows(props.services);
  return (
    <Box data-testid="services-at-risk" style={{ overflowX: 'auto' }}>
      <Typography variant="subtitle2">
        Affected services per tier: safe and at risk
      </Typography>
      <BarChart
        width={chartWidth(rows.length)}
        height={CHART_HEIGHT}
        data={rows}
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="tier" interval={0} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Bar
          dataKey="safe"
          name="Moved, safe"
          stackId="services"
          fill={palette.success.main}
          isAnimationActive={false}
        />
        <Bar
          dataKey="degraded"
          name="Moved, degraded"
          stackId="services"
          fill={palette.warning.light}
          isAnimationActive={false}
        />
        <Bar
          dataKey="partial"
          name="Partly placed"
          stackId="services"
          fill={palette.warning.dark}
          isAnimationActive={false}
        />
        <Bar
          dataKey="unplaceable"
          name="Not placed"
          stackId="services"
          fill={palette.error.main}
          isAnimationActive={false}
        />
      </BarChart>
    </Box>
  );
}
