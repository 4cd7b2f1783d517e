import type { FleetCluster } from '../../api/fleet';
import type { ConnectivityFinding } from '../../api/connectivity';
import type { FabricKind } from '../types';
import { listForSentence } from '../../text/listForSentence';
import { FABRIC_LABELS } from './text';

/** Fabrics that report their live peer connections. */
const CONNECTION_REPORTING: ReadonlySet<FabricKind> = new Set<FabricKind>([
  'submariner',
  'cilium-clustermesh',
  'istio',
]);

/** The members of one fabric's set, and which of them each id names. */
interface FabricGroup {
  clusters: string[];
  /** Fabric id or cluster name to member positions. */
  byId: Map<string, number[]>;
}

/** The live connections, named when few enough to read. */
function connectedText(connectedTo: string[]): string {
  if (connectedTo.length === 0) return ' (no connections at all)';
  if (connectedTo.length > 8)
    return ` (connected to ${connectedTo.length} others)`;
  return ` (connected: ${listForSentence([...connectedTo].sort())})`;
}

/**
 * `peer-not-connected`: a member of a set whose fabric reports its live
 * connections but leaves out another member of the same fabric and set. A
 * member is recognised by its id in that fabric or by its cluster name.
 */
export function peerNotConnectedFindings(
  clusters: FleetCluster[],
): ConnectivityFinding[] {
  const groups = new Map<string, FabricGroup>();
  const key = (kind: FabricKind, set: string) => `${kind}\u0000${set}`;
  for (const cluster of clusters) {
    for (const fabric of cluster.connectivity?.fabrics ?? []) {
      if (!CONNECTION_REPORTING.has(fabric.kind)) continue;
      const groupKey = key(fabric.kind, fabric.clusterSet);
      let group = groups.get(groupKey);
      if (!group)
        groups.set(groupKey, (group = { clusters: [], byId: new Map() }));
      const position = group.clusters.push(cluster.name) - 1;
      for (const id of new Set([fabric.clusterId, cluster.name])) {
        if (!id) continue;
        const positions = group.byId.get(id);
        if (positions) positions.push(position);
        else group.byId.set(id, [position]);
      }
    }
  }

  const findings: ConnectivityFinding[] = [];
  for (const cluster of clusters) {
    for (const fabric of cluster.connectivity?.fabrics ?? []) {
      if (!CONNECTION_REPORTING.has(fabric.kind) || !fabric.connectedTo) {
        continue;
      }
      const group = groups.get(key(fabric.kind, fabric.clusterSet))!;
      // Mark the members the connections name, then collect the rest: one
      // pass over the list, even when every cluster lists 2,000 peers.
      const reached = new Uint8Array(group.clusters.length);
      for (const id of fabric.connectedTo) {
        for (const position of group.byId.get(id) ?? []) reached[position] = 1;
      }
      const missing = new Set<string>();
      group.clusters.forEach((peer, position) => {
        if (!reached[position] && peer !== cluster.name) missing.add(peer);
      });
      if (missing.size === 0) continue;
      const peers = [...missing].sort();
      const label = FABRIC_LABELS[fabric.kind];
      findings.push({
        id: 'peer-not-connected',
        severity: 'medium',
        title:
          peers.length === 1
            ? `${cluster.name} is not connected to ${peers[0]} over ${label}`
            : `${cluster.name} is not connected to ${peers.length} peers over ${label}`,
        detail: `${cluster.name} and ${listForSentence(
          peers,
        )} are in ${label} cluster set ${fabric.clusterSet}, but ${
          cluster.name
        } reports no live connection to ${
          peers.length === 1 ? 'it' : 'them'
        }${connectedText(
          fabric.connectedTo,
        )}. Check the gateways and the firewall between them.`,
        clusters: [cluster.name, ...peers],
        clusterSet: fabric.clusterSet,
      });
    }
  }
  return findings;
}
