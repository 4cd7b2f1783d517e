import type { FleetCluster } from '../../api/fleet';
import type { ConnectivityFinding } from '../../api/connectivity';
import { FABRIC_LABELS } from './text';

/**
 * `gateway-down`: a fabric gateway (Submariner gateway, Istio east-west
 * gateway, clustermesh-apiserver) that is not ready cuts the cluster off
 * from its set, whatever the membership says.
 */
export function gatewayDownFindings(
  clusters: FleetCluster[],
): ConnectivityFinding[] {
  const findings: ConnectivityFinding[] = [];
  for (const cluster of clusters) {
    for (const fabric of cluster.connectivity?.fabrics ?? []) {
      if (!fabric.gateway || fabric.gateway.ready) continue;
      const label = FABRIC_LABELS[fabric.kind];
      const message = fabric.gateway.message?.trim();
      findings.push({
        id: 'gateway-down',
        severity: 'high',
        title: `${label} gateway of ${cluster.name} is not ready`,
        detail: `${cluster.name}'s ${label} gateway for cluster set ${
          fabric.clusterSet
        } is not ready${message ? ` (${message})` : ''}: traffic between ${
          cluster.name
        } and the rest of the set over ${label} fails until it is.`,
        clusters: [cluster.name],
        clusterSet: fabric.clusterSet,
      });
    }
  }
  return findings;
}
