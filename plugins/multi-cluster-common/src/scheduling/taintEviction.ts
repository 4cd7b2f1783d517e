/**
 * Karmada's NoExecute taint manager decision for a binding placed on a
 * tainted cluster (only active with the Failover feature gate and
 * `--enable-no-execute-taint-eviction`). The scheduler itself never evicts:
 * clusters already in the previous result skip the TaintToleration filter.
 */
import { formatTaint, toleratesTaint } from './matching/tolerations';
import type { Toleration } from './placement';
import type { ClusterTaint } from './types';

/** @public */
export type NoExecuteDecision =
  /** The cluster has no NoExecute taint. */
  | { action: 'none' }
  /** Evict now: a taint is not tolerated, or every toleration expired. */
  | { action: 'evict'; taint: string; reason: 'untolerated' | 'expired' }
  /** All tolerated until `at`; re-checked then. */
  | { action: 'evict-at'; at: Date }
  /** All tolerated, without tolerationSeconds: never evicted. */
  | { action: 'tolerate' };

/**
 * For each (toleration, taint) pair where the toleration tolerates the taint
 * and has `tolerationSeconds`, the deadline is taint.timeAdded +
 * tolerationSeconds; the earliest deadline wins. A taint without timeAdded
 * counts from `now`.
 *
 * @public
 */
export function evaluateNoExecuteTaints(
  taints: readonly ClusterTaint[] | undefined,
  tolerations: readonly Toleration[],
  now: Date,
): NoExecuteDecision {
  const noExecute = (taints ?? []).filter(
    taint => taint.effect === 'NoExecute',
  );
  if (noExecute.length === 0) return { action: 'none' };
  let earliest: { at: number; taint: ClusterTaint } | undefined;
  for (const taint of noExecute) {
    const matching = tolerations.filter(toleration =>
      toleratesTaint(toleration, taint),
    );
    if (matching.length === 0) {
      return {
        action: 'evict',
        taint: formatTaint(taint),
        reason: 'untolerated',
      };
    }
    const added = taint.timeAdded ? Date.parse(taint.timeAdded) : now.getTime();
    for (const toleration of matching) {
      if (toleration.tolerationSeconds === undefined) continue;
      const at = added + Math.max(0, toleration.tolerationSeconds) * 1000;
      if (!earliest || at < earliest.at) earliest = { at, taint };
    }
  }
  if (!earliest) return { action: 'tolerate' };
  if (earliest.at <= now.getTime()) {
    return {
      action: 'evict',
      taint: formatTaint(earliest.taint),
      reason: 'expired',
    };
  }
  return { action: 'evict-at', at: new Date(earliest.at) };
}
