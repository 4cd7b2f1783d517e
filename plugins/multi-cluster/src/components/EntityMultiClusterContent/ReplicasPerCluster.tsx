import { Progress, ResponseErrorPanel } from '@backstage/core-components';
import { Box, TableCell, TableRow, Typography } from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import { ClusterHealthStatus } from '../common/ClusterHealthStatus';
import { SmallTable } from '../common/SmallTable';
import type { ReplicaRow } from './replicaRows';

/** A region's heading row, then one row a cluster in it. */
function RegionRows(props: { region: string; rows: ReplicaRow[] }) {
  return (
    <>
      <TableRow>
        <TableCell colSpan={5}>
          <Typography variant="subtitle2">Region {props.region}</Typography>
        </TableCell>
      </TableRow>
      {props.rows
        .filter(r => r.region === props.region)
        .map(r => (
          <TableRow key={r.cluster} data-testid={`replicas-${r.cluster}`}>
            <TableCell>{r.cluster}</TableCell>
            <TableCell>
              {r.fleetCluster ? (
                <ClusterHealthStatus cluster={r.fleetCluster} />
              ) : (
                'not in the fleet'
              )}
            </TableCell>
            <TableCell align="right">{r.desired ?? '-'}</TableCell>
            <TableCell align="right">{r.actual}</TableCell>
            <TableCell align="right">{r.ready}</TableCell>
          </TableRow>
        ))}
    </>
  );
}

/** Replicas per cluster, grouped by region (rows arrive sorted by region). */
export function ReplicasPerCluster(props: {
  loading: boolean;
  error?: Error;
  errors: { cluster: string; message: string }[];
  rows: ReplicaRow[];
}) {
  const { rows } = props;
  if (props.loading) return <Progress />;
  if (props.error) return <ResponseErrorPanel error={props.error} />;
  const regions = [...new Set(rows.map(r => r.region))];
  return (
    <>
      {props.errors.map(e => (
        <Box mb={1} key={e.cluster}>
          <Alert severity="error">
            {e.cluster}: {e.message}
          </Alert>
        </Box>
      ))}
      {rows.length === 0 ? (
        <Typography>No workloads found in any cluster.</Typography>
      ) : (
        <SmallTable
          aria-label="Replicas per cluster"
          columns={[
            'Cluster',
            'Health',
            { title: 'Desired', align: 'right' },
            { title: 'Actual', align: 'right' },
            { title: 'Ready', align: 'right' },
          ]}
        >
          {regions.map(region => (
            <RegionRows key={region} region={region} rows={rows} />
          ))}
        </SmallTable>
      )}
    </>
  );
}
