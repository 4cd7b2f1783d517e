import type { OcmCondition } from '../../../kubernetes/apis/ocm';
import type { ClusterHealthEvidence } from '../../types';
import { cut } from './servedValues';

/**
 * What the hub observes of a member: `ManagedClusterConditionAvailable`
 * True is healthy; False (the agent reports the member's API server
 * unhealthy) and Unknown (the hub stopped hearing the agent's lease) are
 * unhealthy. Without the condition (not joined or not accepted) the hub
 * cannot tell.
 */
export function ocmHealthEvidence(
  available: OcmCondition | undefined,
  joined: boolean | undefined,
  accepted: boolean | undefined,
): ClusterHealthEvidence {
  const checkedAt = new Date().toISOString();
  if (!available) {
    let reason = 'No ManagedClusterConditionAvailable condition';
    if (accepted === false) reason = 'Not accepted by the hub';
    else if (joined === false) reason = 'Not joined to the hub';
    return { source: 'ocm', status: 'unknown', reason, checkedAt };
  }
  const STATUSES: Record<string, ClusterHealthEvidence['status']> = {
    True: 'healthy',
    False: 'unhealthy',
    Unknown: 'unhealthy',
  };
  const value = cut(String(available.status), 64);
  const why = [cut(available.reason, 256), cut(available.message)]
    .filter(Boolean)
    .join(': ');
  return {
    source: 'ocm',
    status: STATUSES[String(available.status)] ?? 'unknown',
    reason: `Available=${value}${why ? `: ${why}` : ''}`,
    checkedAt,
    since: cut(available.lastTransitionTime, 64),
  };
}
