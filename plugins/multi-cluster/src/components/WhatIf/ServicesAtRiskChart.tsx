import { useTheme } from '@material-ui/core';
import type { WhatIfServiceResult } from '@flotilla/plugin-multi-cluster-common';
import { tierRiskRows, type TierRiskRow } from './serviceRisk';
import { StackedBarChart, type ChartSeries } from './StackedBarChart';

/**
 * The affected services per DR tier: moved and safe, moved but degraded
 * (quorum, an objective or a dependency lost), partly placed, not placed.
 */
export function ServicesAtRiskChart(props: {
  services: WhatIfServiceResult[];
}) {
  const { palette } = useTheme();
  const series: ChartSeries<TierRiskRow>[] = [
    {
      dataKey: 'safe',
      name: 'Moved, safe',
      stackId: 'services',
      fill: palette.success.main,
    },
    {
      dataKey: 'degraded',
      name: 'Moved, degraded',
      stackId: 'services',
      fill: palette.warning.light,
    },
    {
      dataKey: 'partial',
      name: 'Partly placed',
      stackId: 'services',
      fill: palette.warning.dark,
    },
    {
      dataKey: 'unplaceable',
      name: 'Not placed',
      stackId: 'services',
      fill: palette.error.main,
    },
  ];
  return (
    <StackedBarChart
      testId="services-at-risk"
      title="Affected services per tier: safe and at risk"
      rows={tierRiskRows(props.services)}
      category="tier"
      series={series}
      widthPerCategory={110}
      wholeNumbers
    />
  );
}
