/**
 * The Multi-Cluster Services API (KEP-1645) as an MCS controller leaves it,
 * limited to what the backend's McsDetector reads: `multicluster.x-k8s.io`
 * ServiceExports (served as v1alpha1, like Submariner Lighthouse and GKE)
 * with the `Valid` / `Ready` / `Conflict` conditions the controller writes,
 * and the Services they export. An export marked `!invalid` names a Service
 * that does not exist, and the controller says so.
 */
import type { ScenarioCluster, ScenarioFabric } from '../scenario';
import type { SeedObject } from './kube';
import { SEEDED_BY } from './stable';

export const SERVICE_EXPORT_API = 'multicluster.x-k8s.io/v1alpha1';
export const CLUSTER_PROPERTY_API = 'about.k8s.io/v1alpha1';

export function parseServiceExport(ref: string): {
  namespace: string;
  name: string;
  valid: boolean;
} {
  const invalid = ref.endsWith('!invalid');
  const [namespace, name] = ref.replace(/!invalid$/, '').split('/');
  return { namespace, name, valid: !invalid };
}

function condition(
  type: string,
  status: 'True' | 'False',
  reason: string,
  message: string,
  now: Date,
) {
  return {
    type,
    status,
    reason,
    message,
    lastTransitionTime: now.toISOString(),
  };
}

/** The exported Service as the workload's chart would create it. */
export function exportedServiceObject(
  namespace: string,
  name: string,
): SeedObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace, labels: { ...SEEDED_BY, app: name } },
    spec: {
      type: 'ClusterIP',
      selector: { app: name },
      ports: [{ name: 'http', port: 80, targetPort: 8080, protocol: 'TCP' }],
    },
  };
}

export function serviceExportObject(
  ref: { namespace: string; name: string; valid: boolean },
  now = new Date(),
): SeedObject {
  const conditions = ref.valid
    ? [
        condition(
          'Valid',
          'True',
          'ServiceExportValid',
          'Service export is valid',
          now,
        ),
        condition(
          'Ready',
          'True',
          'Exported',
          'Service is exported to the cluster set',
          now,
        ),
        condition(
          'Conflict',
          'False',
          'NoConflicts',
          'No conflicts with other exports of this Service',
          now,
        ),
      ]
    : [
        condition(
          'Valid',
          'False',
          'ServiceUnavailable',
          `Service ${ref.namespace}/${ref.name} not found`,
          now,
        ),
        condition(
          'Ready',
          'False',
          'ServiceUnavailable',
          'Service is not exported',
          now,
        ),
      ];
  return {
    apiVersion: SERVICE_EXPORT_API,
    kind: 'ServiceExport',
    metadata: {
      name: ref.name,
      namespace: ref.namespace,
      labels: { ...SEEDED_BY },
    },
    status: { conditions },
  };
}

/** Namespaces, Services and ServiceExports of a cluster's `serviceExports`. */
export function serviceExportObjects(
  cluster: Pick<ScenarioCluster, 'serviceExports'>,
): SeedObject[] {
  const refs = (cluster.serviceExports ?? []).map(parseServiceExport);
  const namespaces = [...new Set(refs.map(r => r.namespace))];
  return [
    ...namespaces.map(namespaceObject),
    ...refs
      .filter(r => r.valid)
      .map(r => exportedServiceObject(r.namespace, r.name)),
    ...refs.map(r => serviceExportObject(r)),
  ];
}

/**
 * KEP-2149 ClusterProperties naming the cluster and its cluster set, which
 * make it an `mcs` fabric member. Their CRD (sigs.k8s.io/about-api) is not
 * among the fleet's upstream CRDs today; the seeding skips them then.
 */
export function clusterPropertyObjects(fabric: ScenarioFabric): SeedObject[] {
  return [
    ['cluster.clusterset.k8s.io', fabric.clusterId],
    ['clusterset.k8s.io', fabric.clusterSet],
  ].map(([name, value]) => ({
    apiVersion: CLUSTER_PROPERTY_API,
    kind: 'ClusterProperty',
    metadata: { name, labels: { ...SEEDED_BY } },
    spec: { value },
  }));
}

export function namespaceObject(name: string): SeedObject {
  return {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name, labels: { ...SEEDED_BY } },
  };
}
