import type { FabricKind } from '../types';

/** How findings name a fabric. */
export const FABRIC_LABELS: Record<FabricKind, string> = {
  submariner: 'Submariner',
  istio: 'Istio multi-cluster',
  'cilium-clustermesh': 'Cilium Cluster Mesh',
  mcs: 'MCS',
  'cloud-private': 'cloud private connectivity',
  other: 'the fabric',
};
