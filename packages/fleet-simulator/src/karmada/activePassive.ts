/**
 * An active-passive workload as Karmada users build one: the template
 * Duplicated to the active and the passive clusters, so each holds a Work,
 * and the service's own OverridePolicy `<id>-active-passive` setting the
 * passive clusters' replicas to 0. A failover's OverridePolicy must then be
 * applied after it (Karmada's override order) to move the replicas.
 */
import type { ScenarioWorkload } from '../scenario';

export function activePassivePlacement(workload: ScenarioWorkload) {
  return {
    clusterAffinity: {
      clusterNames: [
        ...Object.keys(workload.replicas),
        ...(workload.passive ?? []),
      ].sort(),
    },
    replicaScheduling: { replicaSchedulingType: 'Duplicated' },
  };
}

export function activePassiveOverridePolicy(
  workload: ScenarioWorkload,
  labels: Record<string, string>,
) {
  const id = workload.kubernetesId;
  return {
    apiVersion: 'policy.karmada.io/v1alpha1',
    kind: 'OverridePolicy',
    metadata: {
      name: `${id}-active-passive`,
      namespace: workload.namespace,
      labels,
    },
    spec: {
      resourceSelectors: [
        { apiVersion: 'apps/v1', kind: 'Deployment', name: id },
      ],
      overrideRules: [
        {
          targetCluster: { clusterNames: [...(workload.passive ?? [])].sort() },
          overriders: {
            plaintext: [
              { path: '/spec/replicas', operator: 'replace', value: 0 },
            ],
          },
        },
      ],
    },
  };
}
