import { useEffect, useState } from 'react';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { useApi } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import { InfoCard, Table, type TableColumn } from '@backstage/core-components';
import { Box, Button, Tooltip, Typography } from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import {
  multiClusterFailoverExecutePermission,
  type FailoverRun,
} from '@flotilla/plugin-multi-cluster-common';
import { multiClusterApiRef } from '../../api';
import { FailoverDialog } from './FailoverDialog';
import { FailoverSteps } from './FailoverSteps';
import { useFailoverRun } from './useFailoverRun';

const RUN_KIND_TITLE: Record<FailoverRun['kind'], string> = {
  failover: 'Failover',
  rollback: 'Rollback',
  drill: 'Drill',
};

const historyColumns: TableColumn<FailoverRun>[] = [
  { title: 'Started', field: 'createdAt' },
  { title: 'Kind', field: 'kind' },
  { title: 'From', field: 'from' },
  { title: 'To', render: run => run.to.join(', ') },
  { title: 'Status', field: 'status' },
  {
    title: 'Took',
    render: run =>
      run.durationMs !== undefined
        ? `${(run.durationMs / 1000).toFixed(1)}s`
        : '-',
  },
  { title: 'By', field: 'actor' },
  { title: 'Reason', field: 'reason' },
];

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
  const api = useApi(multiClusterApiRef);
  const permission = usePermission({
    permission: multiClusterFailoverExecutePermission,
    resourceRef: props.entityRef,
  });
  const [open, setOpen] = useState<'failover' | 'drill'>();
  const [runId, setRunId] = useState<string>();
  const [actionError, setActionError] = useState<string>();
  const history = useAsyncRetry(
    () => api.listFailovers(props.entityRef),
    [api, props.entityRef],
  );
  const { run, finished } = useFailoverRun(runId);
  const { onRunFinished } = props;
  const retryHistory = history.retry;
  useEffect(() => {
    if (finished) {
      onRunFinished?.();
      retryHistory();
    }
    // Only when a run reaches its end, not on every history reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished, run?.id]);

  const act = async (action: () => Promise<void>) => {
    setActionError(undefined);
    try {
      await action();
    } catch (e) {
      setActionError((e as Error).message);
    }
  };

  const deniedReason = 'Only the owners of this service can fail it over.';
  const cannotStart =
    !permission.allowed || permission.loading || props.sources.length === 0;
  return (
    <InfoCard
      title="Failover"
      action={
        <Tooltip title={permission.allowed ? '' : deniedReason}>
          <span>
            <Button
              variant="outlined"
              disabled={cannotStart}
              onClick={() => setOpen('drill')}
              style={{ marginRight: 8 }}
            >
              Run drill
            </Button>
            <Button
              variant="contained"
              color="secondary"
              disabled={cannotStart}
              onClick={() => setOpen('failover')}
            >
              Fail over
            </Button>
          </span>
        </Tooltip>
      }
    >
      {!permission.loading && !permission.allowed && (
        <Typography variant="body2" color="textSecondary" paragraph>
          {deniedReason}
        </Typography>
      )}
      {actionError && <Alert severity="error">{actionError}</Alert>}
      {run && (
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
              <Button
                variant="outlined"
                onClick={() =>
                  act(async () => void (await api.cancelFailover(run.id)))
                }
              >
                Cancel
              </Button>
            )}
            {finished && run.rollbackAvailable && run.kind !== 'rollback' && (
              <Button
                variant="outlined"
                disabled={!permission.allowed}
                onClick={() =>
                  act(async () => {
                    const { id } = await api.rollbackFailover(
                      run.id,
                      `Roll back ${run.id}`,
                    );
                    setRunId(id);
                    history.retry();
                  })
                }
              >
                Roll back
              </Button>
            )}
          </Box>
        </Box>
      )}
      <Table
        title="Runs and drills"
        options={{ search: false, paging: false, padding: 'dense' }}
        columns={historyColumns}
        data={history.value?.items ?? []}
        isLoading={history.loading}
        emptyContent={
          <Box p={2}>
            <Typography>No failovers or drills yet.</Typography>
          </Box>
        }
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
            setRunId(id);
            history.retry();
          }}
        />
      )}
    </InfoCard>
  );
}
