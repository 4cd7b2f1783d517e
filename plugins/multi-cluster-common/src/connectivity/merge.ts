import type { ClusterConnectivity, FabricMembership } from './types';

/**
 * Combines what the fabric APIs showed with what the catalog declares.
 * Detected facts win: a declared fabric of a kind the API showed is dropped
 * (the API knows the real set and gateway), and detected networks replace
 * declared ones. Declared fabrics of other kinds (cloud private
 * connectivity has no in-cluster API) and declared sets are kept.
 *
 * @public
 */
export function mergeConnectivity(
  detected: ClusterConnectivity | undefined,
  declared: ClusterConnectivity | undefined,
): ClusterConnectivity | undefined {
  if (!detected) return declared;
  if (!declared) return detected;

  const detectedKinds = new Set(detected.fabrics.map(fabric => fabric.kind));
  const fabrics: FabricMembership[] = [
    ...detected.fabrics,
    ...declared.fabrics.filter(fabric => !detectedKinds.has(fabric.kind)),
  ];
  const clusterSets = [
    ...new Set([
      ...fabrics.map(fabric => fabric.clusterSet),
      ...detected.clusterSets,
      ...declared.clusterSets,
    ]),
  ].sort();
  const errors = [...(detected.errors ?? []), ...(declared.errors ?? [])];

  const merged: ClusterConnectivity = { clusterSets, fabrics };
  const networks = detected.networks ?? declared.networks;
  if (networks) merged.networks = networks;
  const mcs = detected.mcs ?? declared.mcs;
  if (mcs) merged.mcs = mcs;
  const serviceExports = detected.serviceExports ?? declared.serviceExports;
  if (serviceExports) merged.serviceExports = serviceExports;
  if (errors.length > 0) merged.errors = errors;
  if (detected.earlierObservations) {
    merged.earlierObservations = detected.earlierObservations;
  }
  return merged;
}
