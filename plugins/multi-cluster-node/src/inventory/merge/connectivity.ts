import { mergeConnectivity } from '@flotilla/plugin-multi-cluster-common';
import type { ClusterRecord, ClusterSourceType, FleetCluster } from '../types';

/** Sources that declare connectivity rather than detect it. */
const DECLARED_SOURCES: ClusterSourceType[] = ['catalog', 'config'];

/**
 * Connectivity: what a cluster's own API shows (detectors) beats what the
 * catalog or config declares.
 */
export function mergeGroupConnectivity(
  group: ClusterRecord[],
): FleetCluster['connectivity'] {
  const connectivityOf = (declared: boolean) =>
    group
      .filter(r => DECLARED_SOURCES.includes(r.source) === declared)
      .map(r => r.fields.connectivity)
      .reduce(
        (merged, next) => (next ? mergeConnectivity(merged, next) : merged),
        undefined as FleetCluster['connectivity'],
      );
  return mergeConnectivity(connectivityOf(false), connectivityOf(true));
}
