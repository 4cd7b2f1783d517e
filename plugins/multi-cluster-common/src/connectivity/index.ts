export * from './types';
export { readDeclaredConnectivity, isFabricKind } from './declared';
export { mergeConnectivity } from './merge';
export { summarizeClusterSets, clusterSetIndex } from './clusterSets';
export { findConnectivityFindings } from './findings';
export {
  borrowedCapacityReport,
  resolveVirtualNodePeers,
  VirtualNodePeerIndex,
  type PeerResolution,
} from './borrowedCapacity';
export { buildConnectivityReport } from './report';
export {
  describeEntityExposure,
  parseServiceExportsAnnotation,
  type EntityExposureInput,
} from './exposure';
