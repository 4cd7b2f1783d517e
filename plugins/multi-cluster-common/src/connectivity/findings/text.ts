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
 * `describe` is only called for the items shown.
 */
export function listForSentence<T>(
  items: readonly T[],
  describe: (item: T) => string = String,
  max = 8,
): string {
  if (items.length > max) {
    return `${items.slice(0, max).map(describe).join(', ')} and ${
      items.length - max
    } more`;
  }
  const shown = items.map(describe);
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}
