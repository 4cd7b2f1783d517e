import { TableCell, TableRow } from '@material-ui/core';
import {
  StatusError,
  StatusOK,
  StatusPending,
} from '@backstage/core-components';
import { EntityRefLink } from '@backstage/plugin-catalog-react';
import type { VirtualNode } from '@flotilla/plugin-multi-cluster-common';
import { SmallTable } from '../common/SmallTable';
import { formatResources, OFFLOADING_TITLES } from './format';

/** Fleet cluster name to its catalog entity ref, when the catalog knows it. */
export type ClusterEntityRefs = Record<string, string | undefined>;

function PeerCluster(props: {
  node: VirtualNode;
  clusterRefs?: ClusterEntityRefs;
}) {
  const { peerCluster } = props.node;
  if (!peerCluster) return <>outside the fleet</>;
  const ref = props.clusterRefs?.[peerCluster];
  return ref ? (
    <EntityRefLink entityRef={ref}>{peerCluster}</EntityRefLink>
  ) : (
    <>{peerCluster}</>
  );
}

/**
 * Virtual nodes and whom they borrow from. A peer in the fleet is already
 * counted as itself, so its lent capacity is not added here again.
 */
export function VirtualNodesTable(props: {
  nodes: VirtualNode[];
  clusterRefs?: ClusterEntityRefs;
  'aria-label'?: string;
}) {
  return (
    <SmallTable
      aria-label={props['aria-label'] ?? 'Virtual nodes'}
      columns={[
        'Virtual node',
        'Project',
        'Peer',
        'Peer cluster',
        'Borrowed',
        'Ready',
        'Counted',
      ]}
    >
      {props.nodes.map(node => (
        <TableRow key={node.name} data-testid={`virtual-node-${node.name}`}>
          <TableCell>{node.name}</TableCell>
          <TableCell>{OFFLOADING_TITLES[node.kind] ?? node.kind}</TableCell>
          <TableCell>{node.peer}</TableCell>
          <TableCell>
            <PeerCluster node={node} clusterRefs={props.clusterRefs} />
          </TableCell>
          <TableCell>{formatResources(node.allocatable)}</TableCell>
          <TableCell>
            {node.ready === undefined && <StatusPending>unknown</StatusPending>}
            {node.ready === true && <StatusOK>ready</StatusOK>}
            {node.ready === false && <StatusError>not ready</StatusError>}
          </TableCell>
          <TableCell>
            {node.peerCluster
              ? `once, as ${node.peerCluster}`
              : 'here (the peer is not in the fleet)'}
          </TableCell>
        </TableRow>
      ))}
    </SmallTable>
  );
}
