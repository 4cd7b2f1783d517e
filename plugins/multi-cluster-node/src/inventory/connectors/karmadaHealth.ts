import type { KarmadaCondition } from '../../kubernetes/apis/karmadaTypes';
import type { ClusterHealthEvidence, ClusterTaint } from '../types';

/**
 * The taints Karmada's cluster controller puts on a member it finds not
 * ready or unreachable; its scheduler then refuses the member and, with
 * NoExecute, evicts from it. Taints a platform team adds are not health.
 */
const HEALTH_TAINT_KEYS = new Set([
  'cluster.karmada.io/not-ready',
  'cluster.karmada.io/unreachable',
]);

/** Longest reason kept: a control plane's condition text is not trusted. */
const MAX_REASON = 500;

function bounded(text: string): string {
  return text.length <= MAX_REASON ? text : `${text.slice(0, MAX_REASON)}...`;
}

function describeReady(ready: KarmadaCondition): string {
  const why = ready.message || ready.reason;
  return bounded(`Ready=${ready.status}${why ? `: ${why}` : ''}`);
}

/**
 * What a Karmada control plane observes of a member's health: its `Ready`
 * condition (False or Unknown is unhealthy: Karmada's cluster status
 * controller could not reach the member or found it not ready), and, while
 * `Ready` says True, the not-ready or unreachable taint Karmada has not
 * yet removed (the scheduler still refuses the member).
 */
export function karmadaHealthEvidence(
  ready: KarmadaCondition | undefined,
  taints: ClusterTaint[] | undefined,
  checkedAt: string,
): ClusterHealthEvidence {
  const base = { source: 'karmada' as const, checkedAt };
  if (!ready?.status) {
    return { ...base, status: 'unknown', reason: 'No Ready condition' };
  }
  const since = ready.lastTransitionTime;
  if (ready.status !== 'True') {
    return {
      ...base,
      status: 'unhealthy',
      reason: describeReady(ready),
      since,
    };
  }
  const taint = (taints ?? []).find(
    t => HEALTH_TAINT_KEYS.has(t.key) && t.effect !== 'PreferNoSchedule',
  );
  if (taint) {
    return {
      ...base,
      status: 'unhealthy',
      reason: bounded(`Ready=True but tainted ${taint.key}:${taint.effect}`),
      since: taint.timeAdded ?? since,
    };
  }
  return { ...base, status: 'healthy', reason: describeReady(ready), since };
}
