import type { FleetCluster } from '../../api/fleet';
import type { ConnectivityFinding } from '../../api/connectivity';
import { cidrOverlapFindings } from './cidrOverlap';
import { gatewayDownFindings } from './gatewayDown';
import { peerNotConnectedFindings } from './peerNotConnected';

export { cidrOverlapFindings, gatewayDownFindings, peerNotConnectedFindings };

const SEVERITY_ORDER: Record<ConnectivityFinding['severity'], number> = {
  critical: 0,
  high: 1,
  medium: 2,
  low: 3,
  info: 4,
};

function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/**
 * Connectivity problems of the fleet, most severe first, in a stable order
 * (severity, id, set, clusters, title) so the fleet page does not reshuffle
 * between refreshes.
 *
 * @public
 */
export function findConnectivityFindings(
  clusters: FleetCluster[],
): ConnectivityFinding[] {
  const findings = [
    ...cidrOverlapFindings(clusters),
    ...gatewayDownFindings(clusters),
    ...peerNotConnectedFindings(clusters),
  ];
  return findings.sort(
    (a, b) =>
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      compareText(a.id, b.id) ||
      compareText(a.clusterSet ?? '', b.clusterSet ?? '') ||
      compareText(a.clusters.join(','), b.clusters.join(',')) ||
      compareText(a.title, b.title),
  );
}
