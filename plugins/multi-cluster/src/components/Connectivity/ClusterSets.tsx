import {
  Box,
  Chip,
  Table as MuiTable,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import {
  CLUSTER_ANNOTATIONS,
  type FleetConnectivityReport,
} from '@flotilla/plugin-multi-cluster-common';
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
        <MuiTable size="small" aria-label="Cluster sets">
          <TableHead>
            <TableRow>
              <TableCell>Cluster set</TableCell>
              <TableCell>Fabrics</TableCell>
              <TableCell>Clusters</TableCell>
              <TableCell>Globalnet</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {clusterSets.map(set => (
              <TableRow key={set.name} data-testid={`cluster-set-${set.name}`}>
                <TableCell>
                  <Typography variant="subtitle2">{set.name}</Typography>
                </TableCell>
                <TableCell>
                  {set.fabrics.map(kind => (
                    <Box component="span" mr={0.5} key={kind}>
                      <Chip
                        size="small"
                        color="primary"
                        label={fabricTitle(kind)}
                      />
                    </Box>
                  ))}
                </TableCell>
                <TableCell>
                  {set.clusters.map(cluster => (
                    <Box component="span" mr={0.5} key={cluster}>
                      <Chip size="small" variant="outlined" label={cluster} />
                    </Box>
                  ))}
                </TableCell>
                <TableCell>
                  {set.globalnet
                    ? 'yes'
                    : 'no (overlapping CIDRs are not translated)'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </MuiTable>
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
