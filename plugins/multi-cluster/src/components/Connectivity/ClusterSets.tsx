import { Box, TableCell, TableRow, Typography } from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import {
  CLUSTER_ANNOTATIONS,
  type FleetConnectivityReport,
} from '@flotilla/plugin-multi-cluster-common';
import { SmallTable } from '../common/SmallTable';
import { ChipList } from './ChipList';
import { fabricTitle } from './format';

/** How to put a cluster in a set when no fabric API shows it. */
export function DeclareClusterSetsHint() {
  return (
    <Typography variant="body2" color="textSecondary">
      Flotilla reads cluster sets from the fabrics' APIs (Submariner, Istio
      remote secrets, Cilium ClusterMesh, the MCS ClusterProperty). Where none
      shows it, declare it on the kubernetes-cluster entity:{' '}
      <code>{CLUSTER_ANNOTATIONS.clusterSets}: eu-payments</code> and{' '}
      <code>{CLUSTER_ANNOTATIONS.fabrics}: submariner</code>.
    </Typography>
  );
}

/** Cluster sets with their fabrics and members, and the clusters in none. */
export function ClusterSets(props: {
  report: Pick<FleetConnectivityReport, 'clusterSets' | 'isolated'>;
}) {
  const { clusterSets, isolated } = props.report;
  return (
    <>
      {clusterSets.length === 0 ? (
        <Box mb={2}>
          <Typography paragraph>
            No cluster sets: no fabric joins these clusters yet.
          </Typography>
          <DeclareClusterSetsHint />
        </Box>
      ) : (
        <SmallTable
          aria-label="Cluster sets"
          columns={['Cluster set', 'Fabrics', 'Clusters', 'Globalnet']}
        >
          {clusterSets.map(set => (
            <TableRow key={set.name} data-testid={`cluster-set-${set.name}`}>
              <TableCell>
                <Typography variant="subtitle2">{set.name}</Typography>
              </TableCell>
              <TableCell>
                <ChipList
                  color="primary"
                  labels={set.fabrics.map(kind => fabricTitle(kind))}
                />
              </TableCell>
              <TableCell>
                <ChipList variant="outlined" labels={set.clusters} />
              </TableCell>
              <TableCell>
                {set.globalnet
                  ? 'yes'
                  : 'no (overlapping CIDRs are not translated)'}
              </TableCell>
            </TableRow>
          ))}
        </SmallTable>
      )}
      {isolated.length > 0 && (
        <Box mt={2}>
          <Alert severity="info">
            In no cluster set (reachable only through their own ingress):{' '}
            {isolated.join(', ')}
          </Alert>
        </Box>
      )}
    </>
  );
}
