/**
 * Capacity offered through virtual nodes (Liqo, Admiralty). A virtual node
 * stands for a share of a peer cluster's capacity (Liqo offers 90% of the
 * peer's free resources by default); when that peer is itself in the fleet
 * its nodes are already counted as its own, so adding the virtual node too
 * would count the same machines twice.
 */
import type { FleetCluster } from '../api/fleet';
import type { BorrowedCapacity } from '../api/connectivity';
import type { ResourceList } from '../scheduling/types';
import { borrowedFromOutsideFleet } from '../fleet/profile';
import { ResourceTotal } from './resources';

/**
 * How a virtual node's peer resolved against the fleet.
 *
 * @public
 */
export type PeerResolution =
  | { cluster: string }
  | { ambiguous: string[] }
  | undefined;

/**
 * Resolves the peer a virtual node names to a fleet cluster.
 *
 * Matching rule, in order:
 * 1. the peer equals a fleet cluster's name;
 * 2. otherwise it equals exactly one cluster's fabric `clusterId` (any
 *    fabric) or MCS `clusterId`. Liqo names a peer by its cluster id
 *    (usually the cluster's name given at install, sometimes the id the
 *    other fabrics use too);
 * 3. an id several clusters claim is ambiguous: it is certainly in the
 *    fleet, but which cluster is unknown.
 * Anything else is a peer outside the fleet.
 *
 * @public
 */
export class VirtualNodePeerIndex {
  private readonly names = new Set<string>();
  private readonly ids = new Map<string, Set<string>>();

  constructor(clusters: FleetCluster[]) {
    for (const cluster of clusters) {
      this.names.add(cluster.name);
      const ids = [
        ...(cluster.connectivity?.fabrics ?? []).map(f => f.clusterId),
        cluster.connectivity?.mcs?.clusterId,
      ];
      for (const id of ids) {
        if (!id) continue;
        const owners = this.ids.get(id) ?? new Set<string>();
        owners.add(cluster.name);
        this.ids.set(id, owners);
      }
    }
  }

  resolve(peer: string): PeerResolution {
    if (this.names.has(peer)) return { cluster: peer };
    const owners = this.ids.get(peer);
    if (!owners) return undefined;
    if (owners.size === 1) return { cluster: [...owners][0] };
    return { ambiguous: [...owners].sort() };
  }
}

/**
 * The fleet with each virtual node's `peerCluster` set when its peer is a
 * fleet cluster (see `VirtualNodePeerIndex` for the rule), and cleared when
 * it is not. Clusters without virtual nodes are returned as they are;
 * nothing is modified in place.
 *
 * @public
 */
export function resolveVirtualNodePeers(
  clusters: FleetCluster[],
): FleetCluster[] {
  const index = new VirtualNodePeerIndex(clusters);
  return clusters.map(cluster => {
    const virtualNodes = cluster.capacity.virtualNodes;
    if (!virtualNodes?.length) return cluster;
    return {
      ...cluster,
      capacity: {
        ...cluster.capacity,
        virtualNodes: virtualNodes.map(node => {
          const resolved = index.resolve(node.peer);
          const { peerCluster: _previous, ...rest } = node;
          return resolved && 'cluster' in resolved
            ? { ...rest, peerCluster: resolved.cluster }
            : rest;
        }),
      },
    };
  });
}

/** The capacity of a cluster's own nodes: measured, else declared. */
function ownCapacity(cluster: FleetCluster): ResourceList | undefined {
  return cluster.capacity.allocatable ?? cluster.capacity.declared;
}

/**
 * Per cluster with virtual nodes: its own capacity, its virtual nodes (with
 * peers resolved) and its effective capacity, which adds only what it
 * borrows from peers outside the fleet. `fleetCapacity` sums every cluster's
 * effective capacity, so each physical node is counted exactly once.
 *
 * A virtual node that is not ready offers nothing the scheduler can use and
 * is not added. One whose peer id is ambiguous (several fleet clusters claim
 * it) is in the fleet, so it is not added either, and `errors` says so.
 * Quantities that do not parse are left out and explained in `errors`.
 *
 * @public
 */
export function borrowedCapacityReport(clusters: FleetCluster[]): {
  borrowed: BorrowedCapacity[];
  fleetCapacity: ResourceList;
  errors: string[];
} {
  const index = new VirtualNodePeerIndex(clusters);
  const resolved = resolveVirtualNodePeers(clusters);
  const fleet = new ResourceTotal();
  const errors: string[] = [];
  const borrowed: BorrowedCapacity[] = [];
  const counted = new Set<string>();

  for (const cluster of resolved) {
    // A cluster listed twice is still one set of machines.
    if (counted.has(cluster.name)) continue;
    counted.add(cluster.name);
    const own = ownCapacity(cluster);
    const virtualNodes = cluster.capacity.virtualNodes ?? [];
    const effective = new ResourceTotal().add(own, `cluster ${cluster.name}`);
    // The placement estimates' rule (peer outside the fleet, not NotReady),
    // minus peers whose id is ambiguous.
    for (const node of borrowedFromOutsideFleet(cluster)) {
      const resolution = index.resolve(node.peer);
      if (resolution && 'ambiguous' in resolution) {
        errors.push(
          `virtual node ${node.name} of ${cluster.name}: peer ${JSON.stringify(
            node.peer,
          )} is the cluster id of ${resolution.ambiguous.join(
            ' and ',
          )}; its capacity is not added, since it is already counted in the fleet. Give each cluster a distinct cluster id.`,
        );
        continue;
      }
      effective.add(
        node.allocatable,
        `virtual node ${node.name} of ${cluster.name}`,
      );
    }
    errors.push(...effective.errors);
    const effectiveList = effective.toResourceList();
    fleet.add(effectiveList, `cluster ${cluster.name}`);

    if (virtualNodes.length > 0) {
      borrowed.push({
        cluster: cluster.name,
        ...(own ? { own } : {}),
        virtualNodes: [...virtualNodes].sort((a, b) =>
          a.name.localeCompare(b.name),
        ),
        effective: effectiveList,
      });
    }
  }
  borrowed.sort((a, b) => a.cluster.localeCompare(b.cluster));
  return { borrowed, fleetCapacity: fleet.toResourceList(), errors };
}
