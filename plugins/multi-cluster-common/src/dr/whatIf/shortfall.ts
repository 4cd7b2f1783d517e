/**
 * Why replicas did not fit, in numbers: the resource that runs out first,
 * the per-replica request next to the most any feasible survivor has free.
 */
import type { CapacityLedger, ResourceShare } from './capacity';
import { humanQuantity } from './quantities';
import type { WhatIfShortfall } from './types';

function bestFree(
  ledger: CapacityLedger,
  feasible: readonly string[],
  resource: string,
): bigint {
  let best = 0n;
  for (const name of feasible) {
    // A resource the cluster does not report is none free (the estimator's view).
    const free = ledger.free(name, resource) ?? 0n;
    if (free > best) best = free;
  }
  return best;
}

/**
 * The scarcest resource across the feasible survivors, after the placements
 * so far; undefined when each resource still has room for a replica on some
 * survivor (then capacity is not what stopped the placement).
 */
export function scarcestShortfall(
  ledger: CapacityLedger,
  feasible: readonly string[],
  shares: readonly ResourceShare[],
  replicasUnplaced: number,
): WhatIfShortfall | undefined {
  if (feasible.length === 0) return undefined;
  let scarcest:
    | { share: ResourceShare; free: bigint; room: bigint }
    | undefined;
  for (const share of shares) {
    const free = bestFree(ledger, feasible, share.resource);
    const room = free / share.nanos;
    if (!scarcest || room < scarcest.room) scarcest = { share, free, room };
  }
  if (!scarcest || scarcest.room >= 1n) return undefined;
  const { share, free } = scarcest;
  return {
    resource: share.resource,
    requested: humanQuantity(share.resource, share.nanos),
    available: humanQuantity(share.resource, free),
    replicasUnplaced,
  };
}

/** e.g. `cpu 2 requested, 750m free on the best survivor`. */
export function describeShortfall(shortfall: WhatIfShortfall): string {
  return `${shortfall.resource} ${shortfall.requested} requested, ${shortfall.available} free on the best survivor`;
}
