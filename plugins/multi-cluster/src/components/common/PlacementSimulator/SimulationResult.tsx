import { Table, type TableColumn } from '@backstage/core-components';
import { Box, Typography } from '@material-ui/core';
import type {
  ClusterExplanation,
  ScheduleResult,
} from '@flotilla/plugin-multi-cluster-common';

const columns: TableColumn<ClusterExplanation & { replicas?: number }>[] = [
  { title: 'Cluster', field: 'cluster' },
  { title: 'Verdict', field: 'verdict' },
  { title: 'Replicas', field: 'replicas', type: 'numeric' },
  { title: 'Why', render: row => row.reasons.join('; ') },
];

/** The split Karmada would make, and each cluster's verdict with the reasons. */
export function SimulationResult({ result }: { result: ScheduleResult }) {
  const replicasByCluster = new Map(
    result.targets.map(t => [t.name, t.replicas]),
  );
  return (
    <Box mt={2}>
      <Typography variant="subtitle1" data-testid="simulation-split">
        {result.targets.length === 0
          ? 'No cluster selected.'
          : result.targets
              .map(t => `${t.name}: ${t.replicas ?? 'all'}`)
              .join(', ')}
      </Typography>
      <Table
        title="Per-cluster decision"
        options={{
          search: false,
          paging: result.explanation.length > 20,
          pageSize: 20,
          padding: 'dense',
        }}
        columns={columns}
        data={result.explanation.map(e => ({
          ...e,
          replicas: replicasByCluster.get(e.cluster),
        }))}
      />
    </Box>
  );
}
