import type { ClusterHealthStatus, WorkloadStatus } from '../../../api/fleet';
import type { DetectionEvidence } from '../../../api/regionLoss';
import type { ServiceSignalRule } from './types';

/** Asks for replicas and has none available. */
function unavailable(workload: WorkloadStatus): boolean {
  return workload.replicas > 0 && workload.availableReplicas === 0;
}

function describe(workload: WorkloadStatus): string {
  return `Deployment ${workload.namespace}/${workload.name}: ${
    workload.availableReplicas ?? '?'
  } of ${workload.replicas} replicas available`;
}

function evidenceOf(
  cluster: string,
  status: ClusterHealthStatus,
  workloads: WorkloadStatus[],
): DetectionEvidence[] {
  return workloads.map(w => ({
    cluster,
    source: 'deployment',
    status,
    reason: describe(w),
  }));
}

/**
 * The service's Deployments in the cluster: one that asks for replicas and
 * has none available is failing; all of them reporting availability and
 * none unavailable is healthy; otherwise (not read, no Deployment, no
 * availability reported) it cannot tell.
 */
export const deploymentSignal: ServiceSignalRule = ({ cluster, workloads }) => {
  const deployments = (workloads ?? []).filter(w => w.kind === 'Deployment');
  const down = deployments.filter(unavailable);
  if (down.length) {
    return {
      state: 'failing',
      reason: down.map(describe).join('; '),
      evidence: evidenceOf(cluster, 'unhealthy', down),
    };
  }
  const reported = deployments.filter(w => w.availableReplicas !== undefined);
  if (deployments.length && reported.length === deployments.length) {
    return {
      state: 'healthy',
      reason: deployments.map(describe).join('; '),
      evidence: evidenceOf(cluster, 'healthy', deployments),
    };
  }
  return {
    state: 'unknown',
    reason: deployments.length
      ? 'its Deployments report no availability'
      : 'no Deployment of it read',
    evidence: [],
  };
};
