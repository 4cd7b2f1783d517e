import { useState } from 'react';
import { usePermission } from '@backstage/plugin-permission-react';
import { InfoCard } from '@backstage/core-components';
import { Button, Tooltip, Typography } from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import { multiClusterFailoverExecutePermission } from '@flotilla/plugin-multi-cluster-common';
import { FailoverDialog } from './FailoverDialog';
import { FailoverHistory } from './FailoverHistory';
import { FailoverRunProgress } from './FailoverRunProgress';
import { useFollowedRunId } from './followRun';
import { useFailoverRuns } from './useFailoverRuns';

const DENIED_REASON = 'Only the owners of this service can fail it over.';

/** "Run drill" and "Fail over", explained by a tooltip when not allowed. */
function StartButtons(props: {
  allowed: boolean;
  disabled: boolean;
  onStart(mode: 'failover' | 'drill'): void;
}) {
  return (
    <Tooltip title={props.allowed ? '' : DENIED_REASON}>
      <span>
        <Button
          variant="outlined"
          disabled={props.disabled}
          onClick={() => props.onStart('drill')}
          style={{ marginRight: 8 }}
        >
          Run drill
        </Button>
        <Button
          variant="contained"
          color="secondary"
          disabled={props.disabled}
          onClick={() => props.onStart('failover')}
        >
          Fail over
        </Button>
      </span>
    </Tooltip>
  );
}

/**
 * Failover for one service: the permission-gated button, the dialog with the
 * plan, live progress with cancel and rollback, and the history of runs.
 */
export function FailoverPanel(props: {
  entityRef: string;
  sources: string[];
  targets: string[];
  defaultSource?: string;
  defaultTarget?: string;
  /** Called when a run ends, so the caller can reload replicas. */
  onRunFinished?(): void;
}) {
  const permission = usePermission({
    permission: multiClusterFailoverExecutePermission,
    resourceRef: props.entityRef,
  });
  const [open, setOpen] = useState<'failover' | 'drill'>();
  const { history, run, finished, ...runs } = useFailoverRuns(
    props.entityRef,
    props.onRunFinished,
    // A link from a region failover names the run to follow from the start.
    useFollowedRunId(),
  );
  const cannotStart =
    !permission.allowed || permission.loading || props.sources.length === 0;
  return (
    <InfoCard
      title="Failover"
      action={
        <StartButtons
          allowed={permission.allowed}
          disabled={cannotStart}
          onStart={setOpen}
        />
      }
    >
      {!permission.loading && !permission.allowed && (
        <Typography variant="body2" color="textSecondary" paragraph>
          {DENIED_REASON}
        </Typography>
      )}
      {runs.actionError && <Alert severity="error">{runs.actionError}</Alert>}
      {run && (
        <FailoverRunProgress
          run={run}
          finished={finished}
          mayRollBack={permission.allowed}
          onCancel={() => runs.cancel(run.id)}
          onRollBack={() => runs.rollBack(run.id)}
        />
      )}
      <FailoverHistory
        runs={history.value?.items ?? []}
        loading={history.loading}
      />
      {open && (
        <FailoverDialog
          open
          mode={open}
          entityRef={props.entityRef}
          sources={props.sources}
          targets={props.targets}
          defaultSource={props.defaultSource}
          defaultTarget={props.defaultTarget}
          onClose={() => setOpen(undefined)}
          onStarted={id => {
            setOpen(undefined);
            runs.follow(id);
          }}
        />
      )}
    </InfoCard>
  );
}
