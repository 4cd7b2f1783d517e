import { resolveVirtualNodePeers } from '@flotilla/plugin-multi-cluster-common';
import {
  MergedCluster,
  FleetCluster,
  StoredCluster,
} from '@flotilla/plugin-multi-cluster-node';

/**
 * The snapshots a refresh stores: the merged clusters (each as `present`
 * shows it: with its last inspection while this pass's runs), and the last
 * good snapshot, marked stale, of clusters whose source failed (`failed`:
 * source id to error).
 */
export function fleetSnapshots(
  merged: MergedCluster[],
  previous: StoredCluster[],
  failed: Map<string, string>,
  present: (cluster: FleetCluster) => FleetCluster = cluster => cluster,
): StoredCluster[] {
  const clusters = merged.map(m => present(m.cluster));
  // Virtual nodes name their peer by its fabric id; resolve it to a fleet
  // cluster so its capacity is counted once, at the peer.
  const resolved = resolveVirtualNodePeers(clusters);
  const out: StoredCluster[] = merged.map((m, i) => ({
    cluster: { ...resolved[i] },
    access: m.access,
  }));
  const byName = new Map(out.map(c => [c.cluster.name, c]));
  for (const prev of previous) {
    const failedSource = prev.cluster.sources.find(s => failed.has(s.id));
    if (!failedSource) {
      continue;
    }
    const error = `Source ${failedSource.id} failed: ${failed.get(
      failedSource.id,
    )}`;
    const current = byName.get(prev.cluster.name);
    if (!current) {
      out.push({
        access: prev.access,
        cluster: { ...prev.cluster, stale: true, lastError: error },
      });
    } else {
      current.cluster.stale = true;
      current.cluster.lastError = current.cluster.lastError ?? error;
    }
  }
  out.sort((a, b) => a.cluster.name.localeCompare(b.cluster.name));
  return out;
}
