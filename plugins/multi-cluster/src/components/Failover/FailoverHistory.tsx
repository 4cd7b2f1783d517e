import { Table, type TableColumn } from '@backstage/core-components';
import { Box, Typography } from '@material-ui/core';
import type { FailoverRun } from '@flotilla/plugin-multi-cluster-common';

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

/** The service's failovers, rollbacks and drills. */
export function FailoverHistory(props: {
  runs: FailoverRun[];
  loading: boolean;
}) {
  return (
    <Table
      title="Runs and drills"
      options={{ search: false, paging: false, padding: 'dense' }}
      columns={historyColumns}
      data={props.runs}
      isLoading={props.loading}
      emptyContent={
        <Box p={2}>
          <Typography>No failovers or drills yet.</Typography>
        </Box>
      }
    />
  );
}
