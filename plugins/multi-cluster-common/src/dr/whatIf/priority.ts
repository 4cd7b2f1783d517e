import type { WhatIfServiceInput } from './types';

/** Ascending, an absent value after every present one. */
function ascendingAbsentLast(
  left: number | undefined,
  right: number | undefined,
): number {
  if (left === right) return 0;
  if (left === undefined) return 1;
  if (right === undefined) return -1;
  return left - right;
}

/** The replicas the service runs now: what a loss may have to re-place. */
export function runningReplicas(service: WhatIfServiceInput): number {
  let total = 0;
  for (const entry of service.placement) {
    if (entry.replicas > 0) total += entry.replicas;
  }
  return total;
}

/**
 * The order in which a loss's affected services claim the survivors'
 * capacity: DR tier ascending (0 most critical; absent last), then RTO
 * target ascending (absent last), then the replicas running now descending
 * (the large ones first, while the capacity is still in large pieces),
 * then entity ref.
 *
 * @public
 */
export function compareRecoveryPriority(
  a: WhatIfServiceInput,
  b: WhatIfServiceInput,
): number {
  return (
    ascendingAbsentLast(a.spec.tier, b.spec.tier) ||
    ascendingAbsentLast(a.spec.rtoSeconds, b.spec.rtoSeconds) ||
    runningReplicas(b) - runningReplicas(a) ||
    (a.spec.entityRef < b.spec.entityRef
      ? -1
      : Number(a.spec.entityRef > b.spec.entityRef))
  );
}
