import type { FleetCluster } from '../../api/fleet';
import type { ConnectivityFinding } from '../../api/connectivity';
import type { FabricKind } from '../types';
import { FABRIC_LABELS, listForSentence } from './text';

/** Fabrics that report their live peer connections. */
const CONNECTION_REPORTING: ReadonlySet<FabricKind> = new Set<FabricKind>([
  'submariner',
  'cilium-clustermesh',
  'istio',
]);

interface Member {
  cluster: string;
  /** Names the fabric may use for the member: its fabric id and its name. */
  ids: string[];
}

/**
 * `peer-not-connected`: a member of a set whose fabric reports its live
 * connections but leaves out another member of the same fabric and set. A
 * member is recognised by its id in that fabric or by its cluster name.
 */
export function peerNotConnectedFindings(
  clusters: FleetCluster[],
): ConnectivityFinding[] {
  const membersByFabric = new Map<string, Member[]>();
  const key = (kind: FabricKind, set: string) => `${kind}\u0000${set}`;
  for (const cluster of clusters) {
    for (const fabric of cluster.connectivity?.fabrics ?? []) {
      if (!CONNECTION_REPORTING.has(fabric.kind)) continue;
      const members = membersByFabric.get(key(fabric.kind, fabric.clusterSet));
      const member = {
        cluster: cluster.name,
        ids: fabric.clusterId
          ? [fabric.clusterId, cluster.name]
          : [cluster.name],
      };
      if (members) members.push(member);
      else membersByFabric.set(key(fabric.kind, fabric.clusterSet), [member]);
    }
  }

  const findings: ConnectivityFinding[] = [];
  for (const cluster of clusters) {
    for (const fabric of cluster.connectivity?.fabrics ?? []) {
      if (!CONNECTION_REPORTING.has(fabric.kind) || !fabric.connectedTo) {
        continue;
      }
      const connected = new Set(fabric.connectedTo);
      const missing = new Set<string>();
      for (const peer of membersByFabric.get(
        key(fabric.kind, fabric.clusterSet),
      ) ?? []) {
        if (peer.cluster === cluster.name) continue;
        if (!peer.ids.some(id => connected.has(id))) missing.add(peer.cluster);
      }
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
        } reports no live connection to ${peers.length === 1 ? 'it' : 'them'}${
          fabric.connectedTo.length > 0
            ? ` (connected: ${listForSentence([...fabric.connectedTo].sort())})`
            : ' (no connections at all)'
        }. Check the gateways and the firewall between them.`,
        clusters: [cluster.name, ...peers],
        clusterSet: fabric.clusterSet,
      });
    }
  }
  return findings;
}
