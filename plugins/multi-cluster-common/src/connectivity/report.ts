import type { FleetCluster } from '../api/fleet';
import type { FleetConnectivityReport } from '../api/connectivity';
import { borrowedCapacityReport } from './borrowedCapacity';
import { summarizeClusterSets } from './clusterSets';
import { findConnectivityFindings } from './findings';

/**
 * GET /connectivity: the fleet's cluster sets, its connectivity findings
 * and its capacity with borrowed capacity counted once.
 *
 * @public
 */
export function buildConnectivityReport(
  clusters: FleetCluster[],
): FleetConnectivityReport {
  const { clusterSets, isolated } = summarizeClusterSets(clusters);
  const { borrowed, fleetCapacity, errors } = borrowedCapacityReport(clusters);
  return {
    clusterSets,
    isolated,
    findings: findConnectivityFindings(clusters),
    borrowed,
    fleetCapacity,
    ...(errors.length > 0 ? { errors } : {}),
  };
}
