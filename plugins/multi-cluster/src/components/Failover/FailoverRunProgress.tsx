import { Box, Button, Typography } from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import type { FailoverRun } from '@flotilla/plugin-multi-cluster-common';
import { FailoverSteps } from './FailoverSteps';

const RUN_KIND_TITLE: Record<FailoverRun['kind'], string> = {
  failover: 'Failover',
  rollback: 'Rollback',
  drill: 'Drill',
};

/** The followed run's status and steps; cancel while it runs, roll back after. */
export function FailoverRunProgress(props: {
  run: FailoverRun;
  finished: boolean;
  mayRollBack: boolean;
  onCancel(): void;
  onRollBack(): void;
}) {
  const { run, finished } = props;
  return (
    <Box mb={2} data-testid="failover-run" data-status={run.status}>
      <Typography variant="subtitle1">
        {RUN_KIND_TITLE[run.kind]} {run.from} → {run.to.join(', ')}:{' '}
        {run.status}
        {run.durationMs !== undefined && run.status === 'succeeded'
          ? ` in ${(run.durationMs / 1000).toFixed(1)}s`
          : ''}
      </Typography>
      {run.error && <Alert severity="error">{run.error}</Alert>}
      <FailoverSteps steps={run.steps} />
      <Box display="flex" style={{ gap: 8 }}>
        {!finished && (
          <Button variant="outlined" onClick={() => props.onCancel()}>
            Cancel
          </Button>
        )}
        {finished && run.rollbackAvailable && run.kind !== 'rollback' && (
          <Button
            variant="outlined"
            disabled={!props.mayRollBack}
            onClick={() => props.onRollBack()}
          >
            Roll back
          </Button>
        )}
      </Box>
    </Box>
  );
}
