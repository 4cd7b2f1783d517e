import { Box, Typography } from '@material-ui/core';
import type { FailoverPlan } from '@flotilla/plugin-multi-cluster-common';
import { FailoverSteps } from './FailoverSteps';

/** What a previewed failover would move, how, and its planned steps. */
export function FailoverPlanSummary({ plan }: { plan: FailoverPlan }) {
  return (
    <Box mt={2} data-testid="failover-plan">
      <Typography variant="subtitle1">
        Move {plan.movedReplicas} replica(s) from {plan.from} to{' '}
        {plan.to.join(', ')} (
        {plan.method === 'karmada-override'
          ? 'Karmada OverridePolicy'
          : 'direct scaling'}
        {plan.targetChosenBy === 'recommendation'
          ? ', target chosen by placement advice'
          : ''}
        )
      </Typography>
      <Typography variant="body2">
        {plan.moves
          .map(m => `${m.cluster}: ${m.before} → ${m.after}`)
          .join(' · ')}
      </Typography>
      <FailoverSteps planned={plan.steps} />
    </Box>
  );
}
