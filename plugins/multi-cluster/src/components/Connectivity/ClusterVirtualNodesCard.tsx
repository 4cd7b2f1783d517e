import { InfoCard } from '@backstage/core-components';
import { Typography } from '@material-ui/core';
import type { FleetCluster } from '@flotilla/plugin-multi-cluster-common';
import { VirtualNodesTable } from './VirtualNodesTable';

/** Capacity this cluster borrows through Liqo or Admiralty virtual nodes. */
export function ClusterVirtualNodesCard(props: { cluster: FleetCluster }) {
  const nodes = props.cluster.capacity.virtualNodes ?? [];
  return (
    <InfoCard title="Borrowed capacity (virtual nodes)">
      {nodes.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          No virtual nodes: this cluster borrows no capacity from a peer.
        </Typography>
      ) : (
        <>
          <Typography variant="body2" paragraph>
            Not included in the capacity above: a virtual node's capacity
            belongs to its peer.
          </Typography>
          <VirtualNodesTable nodes={nodes} />
        </>
      )}
    </InfoCard>
  );
}
