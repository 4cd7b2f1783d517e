/**
 * Selection by the `cluster` spread constraint (Karmada
 * `select_clusters_by_cluster.go`).
 */
import { Candidate, compareCandidates } from '../candidates';
import { SPREAD_MESSAGES } from '../errors';
import { firstInOrder } from '../ordering';
import type { EffectiveSpreadConstraint } from './constraints';

export class SpreadSelectionError extends Error {}

export interface ClusterSelection {
  selected: Candidate[];
  /** False when every candidate was selected and no order was needed. */
  ordered: boolean;
}

function totalAvailable(clusters: readonly Candidate[]): number {
  let total = 0;
  for (const cluster of clusters) total += cluster.available;
  return total;
}

/**
 * Takes the first n = min(#candidates, maxGroups) candidates in candidate
 * order. With `requiredReplicas` undefined (Duplicated) that is the answer;
 * otherwise they must hold `requiredReplicas` in total `available`, after
 * swapping in larger clusters from the rest where needed.
 */
export function selectByCluster(
  candidates: readonly Candidate[],
  constraint: EffectiveSpreadConstraint,
  requiredReplicas: number | undefined,
): ClusterSelection {
  const total = candidates.length;
  if (total < constraint.minGroups) {
    throw new SpreadSelectionError(SPREAD_MESSAGES.clusterMinGroups);
  }
  const wanted = Math.min(total, constraint.maxGroups);
  if (wanted === total && wanted > 0) {
    // Everyone is selected; nothing is left to swap in.
    if (
      requiredReplicas === undefined ||
      totalAvailable(candidates) >= requiredReplicas
    ) {
      return { selected: candidates.slice(), ordered: false };
    }
    throw new SpreadSelectionError(SPREAD_MESSAGES.notEnoughResource(wanted));
  }
  const first = firstInOrder(candidates, wanted, compareCandidates);
  if (requiredReplicas === undefined) return { selected: first, ordered: true };
  if (wanted > 0 && totalAvailable(first) >= requiredReplicas) {
    return { selected: first, ordered: true };
  }
  const ordered = candidates.slice().sort(compareCandidates);
  const selected = selectByAvailableResource(ordered, wanted, requiredReplicas);
  if (selected.length === 0) {
    throw new SpreadSelectionError(SPREAD_MESSAGES.notEnoughResource(wanted));
  }
  return { selected, ordered: true };
}

/**
 * Walks the selected slots from the lowest ranked to the highest and swaps in
 * the remaining cluster with the strictly largest `available` above the
 * slot's (first in order on ties), until the selection holds enough.
 * `ordered` must be in candidate order.
 */
export function selectByAvailableResource(
  ordered: readonly Candidate[],
  wanted: number,
  requiredReplicas: number,
): Candidate[] {
  const selected = ordered.slice(0, wanted);
  const rest = ordered.slice(wanted);
  let sum = totalAvailable(selected);
  for (
    let slot = selected.length - 1;
    slot >= 0 && sum < requiredReplicas;
    slot--
  ) {
    let best = -1;
    let bestAvailable = selected[slot].available;
    for (let index = 0; index < rest.length; index++) {
      if (rest[index].available > bestAvailable) {
        best = index;
        bestAvailable = rest[index].available;
      }
    }
    if (best < 0) continue;
    const displaced = selected[slot];
    selected[slot] = rest[best];
    rest[best] = displaced;
    sum += bestAvailable - displaced.available;
  }
  return sum >= requiredReplicas ? selected : [];
}
