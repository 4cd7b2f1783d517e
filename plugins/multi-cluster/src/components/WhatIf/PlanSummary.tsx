import { Box, Paper, Typography } from '@material-ui/core';
import type { WhatIfPlan } from '@flotilla/plugin-multi-cluster-common';

type Count = keyof WhatIfPlan['summary'];

const COUNTS: { key: Count; label: string }[] = [
  { key: 'affected', label: 'Affected' },
  { key: 'moved', label: 'Moved' },
  { key: 'partial', label: 'Partly placed' },
  { key: 'unplaceable', label: 'Not placed' },
  { key: 'atRisk', label: 'At risk' },
];

/** One number and what it counts. */
function Figure(props: { label: string; value: number; testId: string }) {
  return (
    <Paper variant="outlined" data-testid={props.testId}>
      <Box px={2} py={1} minWidth={110}>
        <Typography variant="h4">{props.value}</Typography>
        <Typography variant="body2" color="textSecondary">
          {props.label}
        </Typography>
      </Box>
    </Paper>
  );
}

/** What the loss takes away and how many services it affects, and how. */
export function PlanSummary(props: { plan: WhatIfPlan }) {
  const { plan } = props;
  const lost = plan.lostClusters;
  return (
    <Box data-testid="what-if-summary">
      <Typography variant="body1" paragraph>
        {lost.length === 0
          ? 'No cluster of the fleet matches this loss.'
          : `Losing ${lost.length} cluster${
              lost.length === 1 ? '' : 's'
            } (${lost.join(', ')}) affects ${plan.summary.affected} of ${
              plan.summary.services
            } services.`}
      </Typography>
      <Box display="flex" flexWrap="wrap" style={{ gap: 12 }}>
        {COUNTS.map(({ key, label }) => (
          <Figure
            key={key}
            label={label}
            value={plan.summary[key]}
            testId={`summary-${key}`}
          />
        ))}
      </Box>
    </Box>
  );
}
