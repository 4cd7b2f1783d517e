import type { ClusterProfile } from '@flotilla/plugin-multi-cluster-common';
import { describeLatency, latencyFor, type LatencyMatrix } from './latency';

/** User latency as configured for the cluster's region, never estimated. */
export function applyLatency(
  profile: ClusterProfile,
  matrix: LatencyMatrix,
): void {
  const inputs = (profile.inputs ??= {});
  const row = latencyFor(matrix, profile.region);
  if (row) {
    profile.latencyMs = row;
    inputs.latency = {
      source: 'config',
      known: true,
      detail: `configured for ${profile.region}: ${describeLatency(row)}`,
    };
    return;
  }
  delete profile.latencyMs;
  inputs.latency = {
    source: 'unknown',
    known: false,
    detail: profile.region
      ? `region ${profile.region} is not in multiCluster.placement.latency`
      : 'the cluster has no region to look up in multiCluster.placement.latency',
  };
}
