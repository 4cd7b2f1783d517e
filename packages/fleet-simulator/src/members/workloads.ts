/**
 * Workloads that Karmada does not propagate (one of their clusters is not
 * reached through the Karmada cluster proxy): a Deployment in each member
 * they name, as a team's pipeline would apply it, labelled with the
 * catalog's `backstage.io/kubernetes-id`. On a tainted cluster (GPU nodes)
 * they tolerate its taints, as workloads meant for it do.
 */
import type { ScenarioCluster, ScenarioWorkload } from '../scenario';
import { workloadName } from '../scenario';
import type { SeedObject } from './kube';
import { namespaceObject } from './mcs';
import { SEEDED_BY } from './stable';

const DEFAULT_REQUESTS = { cpu: '250m', memory: '256Mi' };

export function deploymentObject(
  cluster: Pick<ScenarioCluster, 'name' | 'taints'>,
  workload: ScenarioWorkload,
): SeedObject {
  const name = workloadName(workload);
  const labels = {
    'backstage.io/kubernetes-id': workload.kubernetesId,
    app: name,
  };
  const tolerations = (cluster.taints ?? []).map(t => ({
    key: t.key,
    operator: t.value === undefined ? 'Exists' : 'Equal',
    ...(t.value !== undefined ? { value: t.value } : {}),
    effect: t.effect,
  }));
  const requests = workload.requests ?? DEFAULT_REQUESTS;
  // Extended resources (nvidia.com/gpu) must be limited to what is requested.
  const limits = Object.fromEntries(
    Object.entries(requests).filter(
      ([resource]) =>
        resource.includes('/') && !resource.startsWith('kubernetes.io/'),
    ),
  );
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name,
      namespace: workload.namespace,
      labels: { ...SEEDED_BY, ...labels },
    },
    spec: {
      replicas: workload.replicas[cluster.name] ?? 0,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels },
        spec: {
          containers: [
            {
              name,
              // No Pods run on the local fleet (no kubelets): the image is never pulled.
              image: `ghcr.io/flotilla-demo/${name}:1.0.0`,
              ports: [{ name: 'http', containerPort: 8080 }],
              resources: {
                requests: { ...requests },
                ...(Object.keys(limits).length ? { limits } : {}),
              },
            },
          ],
          ...(tolerations.length ? { tolerations } : {}),
        },
      },
    },
  };
}

/** The Namespace and Deployment of a workload in one cluster. */
export function workloadObjects(
  cluster: Pick<ScenarioCluster, 'name' | 'taints'>,
  workload: ScenarioWorkload,
): SeedObject[] {
  return [
    namespaceObject(workload.namespace),
    deploymentObject(cluster, workload),
  ];
}
