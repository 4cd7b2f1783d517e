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

/**
 * `a, b and c`, or the first `max` and `and N more`: a finding about 2,000
 * clusters must stay readable; its `clusters` field carries the full list.
 */
export function listForSentence(items: string[], max = 8): string {
  if (items.length <= 1) return items.join('');
  if (items.length > max) {
    return `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
  }
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
