import useAsync from 'react-use/esm/useAsync';
import { useApi } from '@backstage/core-plugin-api';
import { InfoCard, Progress } from '@backstage/core-components';
import { Box, TableCell, TableRow, Typography } from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import type { DetectionCluster } from '@flotilla/plugin-multi-cluster-common';
import { multiClusterApiRef } from '../../api';
import { SmallTable } from '../common/SmallTable';
import { formatTime } from '../common/formatTime';
import { DecisionTable } from './DecisionTable';
import { EvidenceList } from './EvidenceList';

/** How many of the fleet's latest decisions the fleet page shows. */
export const FLEET_DECISION_LIMIT = 20;

/** "8 healthy, 1 failing, 1 unknown". */
function stateCounts(clusters: DetectionCluster[]): string {
  const count = (state: DetectionCluster['state']) =>
    clusters.filter(c => c.state === state).length;
  return `${count('healthy')} healthy, ${count('failing')} failing, ${count(
    'unknown',
  )} unknown`;
}

/** The clusters detection does not see healthy: failing, or unknown. */
function ClusterStates(props: { clusters: DetectionCluster[] }) {
  const notHealthy = props.clusters.filter(c => c.state !== 'healthy');
  return (
    <Box mb={2}>
      <Typography variant="subtitle2" data-testid="detection-state-counts">
        Clusters: {stateCounts(props.clusters)}
      </Typography>
      {notHealthy.length > 0 && (
        <SmallTable
          aria-label="Clusters not healthy"
          columns={['Cluster', 'Region', 'State', 'Since', 'Evidence']}
        >
          {notHealthy.map(c => (
            <TableRow key={c.cluster} data-testid={`detection-${c.cluster}`}>
              <TableCell>{c.cluster}</TableCell>
              <TableCell>{c.region ?? '-'}</TableCell>
              <TableCell>{c.state}</TableCell>
              <TableCell>{c.since ? formatTime(c.since) : '-'}</TableCell>
              <TableCell>
                <EvidenceList evidence={c.evidence} />
              </TableCell>
            </TableRow>
          ))}
        </SmallTable>
      )}
    </Box>
  );
}

/**
 * Detection on the fleet page: which clusters are failing (and since when,
 * on what evidence), and the latest decisions fleet-wide.
 */
export function FleetDetectionCard() {
  const api = useApi(multiClusterApiRef);
  const state = useAsync(
    () =>
      Promise.all([
        api.listDetectionClusters(),
        api.listDetectionDecisions({ limit: FLEET_DECISION_LIMIT }),
      ]),
    [api],
  );
  const [clusters, decisions] = state.value ?? [];
  return (
    <InfoCard title="Detection">
      {state.loading && <Progress />}
      {state.error && (
        <Alert severity="warning">
          Detection is not available: {state.error.message}
        </Alert>
      )}
      {clusters && <ClusterStates clusters={clusters.items} />}
      {decisions && (
        <>
          <Typography variant="subtitle2">Latest decisions</Typography>
          {decisions.items.length === 0 ? (
            <Typography variant="body2" color="textSecondary">
              No decision yet.
            </Typography>
          ) : (
            <DecisionTable decisions={decisions.items} showService />
          )}
        </>
      )}
    </InfoCard>
  );
}
