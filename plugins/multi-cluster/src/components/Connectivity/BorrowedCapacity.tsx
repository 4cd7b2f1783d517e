import { Box, Typography } from '@material-ui/core';
import type { FleetConnectivityReport } from '@flotilla/plugin-multi-cluster-common';
import { formatResources } from './format';
import { VirtualNodesTable, type ClusterEntityRefs } from './VirtualNodesTable';

/**
 * Per cluster: its own capacity, what it borrows through virtual nodes and
 * what placement counts for it; then the fleet total, every node once.
 */
export function BorrowedCapacity(props: {
  report: Pick<FleetConnectivityReport, 'borrowed' | 'fleetCapacity'>;
  clusterRefs?: ClusterEntityRefs;
}) {
  const { borrowed, fleetCapacity } = props.report;
  const lenders = borrowed.filter(b => b.virtualNodes.length > 0);
  return (
    <>
      <Box mb={2} data-testid="fleet-capacity">
        <Typography variant="subtitle2">
          Fleet capacity, every node counted once
        </Typography>
        <Typography variant="body2">
          {formatResources(fleetCapacity)}
        </Typography>
        <Typography variant="caption" color="textSecondary">
          A virtual node whose peer is in the fleet lends capacity that peer
          already counts; only capacity borrowed from outside the fleet is
          added.
        </Typography>
      </Box>
      {lenders.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          No cluster borrows capacity: Flotilla found no Liqo virtual nodes
          (label <code>liqo.io/type=virtual-node</code>) or Admiralty virtual
          nodes (label <code>virtual-kubelet.io/provider=admiralty</code>).
        </Typography>
      ) : (
        lenders.map(entry => (
          <Box
            mb={3}
            key={entry.cluster}
            data-testid={`borrowed-${entry.cluster}`}
          >
            <Typography variant="h6">{entry.cluster}</Typography>
            <Typography variant="body2">
              Own nodes: {formatResources(entry.own)}
            </Typography>
            <Typography variant="body2">
              Counted in placement estimates: {formatResources(entry.effective)}
            </Typography>
            <VirtualNodesTable
              aria-label={`Virtual nodes of ${entry.cluster}`}
              nodes={entry.virtualNodes}
              clusterRefs={props.clusterRefs}
            />
          </Box>
        ))
      )}
    </>
  );
}
