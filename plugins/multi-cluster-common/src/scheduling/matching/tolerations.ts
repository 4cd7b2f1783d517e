/**
 * Kubernetes toleration semantics (`Toleration.ToleratesTaint`,
 * `FindMatchingUntoleratedTaint`) as used by Karmada's TaintToleration
 * filter. `Lt`/`Gt` operators are feature-gated off and never match.
 */
import type { Toleration } from '../placement';
import type { ClusterTaint } from '../types';

/**
 * True when `toleration` tolerates `taint`.
 *
 * @public
 */
export function toleratesTaint(
  toleration: Toleration,
  taint: ClusterTaint,
): boolean {
  if (toleration.effect && toleration.effect !== taint.effect) return false;
  if (toleration.key && toleration.key !== taint.key) return false;
  switch (toleration.operator ?? '') {
    case '':
    case 'Equal':
      return (toleration.value ?? '') === (taint.value ?? '');
    case 'Exists':
      return true;
    default:
      return false;
  }
}

/**
 * `Taint.ToString()`: `key=value:Effect`, or `key:Effect` without a value.
 *
 * @public
 */
export function formatTaint(taint: ClusterTaint): string {
  return taint.value
    ? `${taint.key}=${taint.value}:${taint.effect}`
    : `${taint.key}:${taint.effect}`;
}

/**
 * The first taint (in cluster order) with effect NoSchedule or NoExecute that
 * no toleration tolerates; PreferNoSchedule never blocks scheduling.
 *
 * @public
 */
export function findUntoleratedTaint(
  taints: readonly ClusterTaint[] | undefined,
  tolerations: readonly Toleration[],
): ClusterTaint | undefined {
  if (!taints) return undefined;
  for (const taint of taints) {
    if (taint.effect !== 'NoSchedule' && taint.effect !== 'NoExecute') continue;
    let tolerated = false;
    for (const toleration of tolerations) {
      if (toleratesTaint(toleration, taint)) {
        tolerated = true;
        break;
      }
    }
    if (!tolerated) return taint;
  }
  return undefined;
}
