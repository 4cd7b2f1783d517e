import type { ClusterHealthStatus } from '../../../api/fleet';
import type { ServiceSignalRule } from './types';

/** Degraded is failing, Healthy is healthy, anything else cannot tell. */
const STATUS: Record<string, ClusterHealthStatus> = {
  Degraded: 'unhealthy',
  Healthy: 'healthy',
};

/**
 * The service's Argo CD Application for the cluster: Degraded is failing,
 * Healthy is healthy; anything else (Progressing, Suspended, Missing,
 * Unknown, not read) cannot tell.
 */
export const argocdSignal: ServiceSignalRule = ({ cluster, application }) => {
  if (!application) {
    return {
      state: 'unknown',
      reason: 'no Argo CD Application read',
      evidence: [],
    };
  }
  const status = STATUS[application.status ?? ''] ?? 'unknown';
  const reason = `Application ${application.application} is ${
    application.status ?? 'of unknown health'
  }${application.message ? `: ${application.message}` : ''}`;
  const state = status === 'unhealthy' ? 'failing' : status;
  return {
    state,
    reason,
    evidence: [{ cluster, source: 'argocd', status, reason }],
  };
};
