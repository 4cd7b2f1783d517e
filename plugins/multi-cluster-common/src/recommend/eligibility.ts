import type { ClusterProfile } from '../fleet/cluster';
import { estimateAvailableReplicas } from '../scheduling/estimator';
import { reachabilityProblem } from '../scheduling/filters/clusterSetReachability';
import {
  formatTaint,
  toleratesTaint,
} from '../scheduling/matching/tolerations';
import { listForSentence } from '../text/listForSentence';
import type { WorkloadRequirements } from './types';
import { gpuModelProblem } from './gpuModels';

/**
 * A request's list as a reason names: the first few items and how many
 * more, so a reason never grows with the request (a request may list 1,000
 * jurisdictions, and every excluded cluster has its reasons).
 */
function namedList(items: readonly string[]): string {
  return listForSentence(items, String, 3);
}

/** How many more replicas of this workload the cluster takes. */
export function capacityFor(
  cluster: ClusterProfile,
  requirements: WorkloadRequirements,
): number {
  if (cluster.availableReplicas !== undefined) {
    return cluster.availableReplicas;
  }
  return estimateAvailableReplicas(
    cluster,
    requirements.resourceRequest
      ? { resourceRequest: requirements.resourceRequest }
      : undefined,
  );
}

/**
 * Why a cluster may not run the workload at all; an empty list means it is
 * eligible. These are hard requirements, never traded against scores.
 */
export function ineligibilityReasons(
  cluster: ClusterProfile,
  requirements: WorkloadRequirements,
): string[] {
  const reasons: string[] = [];
  if (requirements.excludeClusters?.includes(cluster.name)) {
    reasons.push('excluded by the request');
  }
  if (cluster.health === 'unhealthy') {
    reasons.push('cluster is unhealthy');
  }
  const jurisdictions = requirements.allowedJurisdictions ?? [];
  if (jurisdictions.length > 0) {
    if (!cluster.jurisdiction) {
      reasons.push(
        `jurisdiction unknown; data residency allows only ${namedList(
          jurisdictions,
        )}`,
      );
    } else if (!jurisdictions.includes(cluster.jurisdiction)) {
      reasons.push(
        `jurisdiction ${
          cluster.jurisdiction
        } is not allowed (allowed: ${namedList(jurisdictions)})`,
      );
    }
  }
  const missing = (requirements.requiredCompliance ?? []).filter(
    attestation => !cluster.compliance?.includes(attestation),
  );
  if (missing.length > 0) {
    reasons.push(
      `lacks compliance attestation${missing.length > 1 ? 's' : ''} ${namedList(
        missing,
      )}`,
    );
  }
  const labelProblems = Object.entries(requirements.requiredLabels ?? {})
    .filter(([key, value]) => cluster.labels?.[key] !== value)
    .map(([key, value]) => {
      const actual = cluster.labels?.[key];
      return actual === undefined
        ? `missing label ${key}=${value}`
        : `label ${key} is ${actual}, required ${value}`;
    });
  if (labelProblems.length > 0) reasons.push(namedList(labelProblems));
  for (const taint of cluster.taints ?? []) {
    if (
      (taint.effect === 'NoSchedule' || taint.effect === 'NoExecute') &&
      !(requirements.tolerations ?? []).some(t => toleratesTaint(t, taint))
    ) {
      reasons.push(`untolerated taint ${formatTaint(taint)}`);
    }
  }
  const gpuProblem = gpuModelProblem(cluster, requirements);
  if (gpuProblem) reasons.push(gpuProblem);
  // The scheduler's own wording, so advice and the placement preview agree.
  const unreachable = reachabilityProblem(cluster, requirements.reachability);
  if (unreachable) reasons.push(unreachable);
  if (reasons.length === 0 && capacityFor(cluster, requirements) <= 0) {
    const request = Object.entries(requirements.resourceRequest ?? {})
      .map(([name, amount]) => `${name} ${amount}`)
      .join(', ');
    reasons.push(
      `no capacity for one more replica${
        request ? ` (each needs ${request})` : ''
      }`,
    );
  }
  return reasons;
}
