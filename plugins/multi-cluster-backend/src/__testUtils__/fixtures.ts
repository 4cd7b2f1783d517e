import { Entity } from '@backstage/catalog-model';

import type { CapiClusterSpec } from './ClusterApiTestFleet';
import type { InMemoryWorkloadSpec } from './InMemoryFleet';

/**
 * A Cluster API managed test fleet (see ClusterApiTestFleet): two prod
 * clusters and an unavailable staging one, with checkout running on the
 * prod ones.
 */
export const capiFleetClusters: CapiClusterSpec[] = [
  {
    name: 'fleet-eu-west-1',
    labels: {
      'flotilla.io/region': 'eu-west-1',
      'flotilla.io/provider': 'aws',
      'flotilla.io/environment': 'prod',
      tenant: 'payments',
    },
    kubernetesVersion: 'v1.31.4',
    machineDeployments: [{ name: 'fleet-eu-west-1-md-0', replicas: 3 }],
    allocatable: { cpu: '64', memory: '256Gi', pods: '1100' },
  },
  {
    name: 'fleet-us-east-1',
    labels: {
      'flotilla.io/region': 'us-east-1',
      'flotilla.io/provider': 'aws',
      'flotilla.io/environment': 'prod',
    },
    kubernetesVersion: 'v1.31.4',
    machineDeployments: [{ name: 'fleet-us-east-1-md-0', replicas: 2 }],
    allocatable: { cpu: '32', memory: '128Gi', pods: '500' },
  },
  {
    name: 'fleet-eu-central-1',
    labels: {
      'flotilla.io/region': 'eu-central-1',
      'flotilla.io/provider': 'gcp',
      'flotilla.io/environment': 'staging',
    },
    kubernetesVersion: 'v1.31.4',
    available: false,
    // Declared, for when the API server cannot be read.
    annotations: { 'flotilla.io/capacity': 'cpu=16,memory=64Gi,pods=300' },
    machineDeployments: [{ name: 'fleet-eu-central-1-md-0', replicas: 1 }],
    allocatable: { cpu: '16', memory: '64Gi', pods: '300' },
  },
];

export const capiFleetWorkloads: InMemoryWorkloadSpec[] = [
  {
    kubernetesId: 'checkout',
    namespace: 'shop',
    replicas: { 'fleet-eu-west-1': 3, 'fleet-us-east-1': 2 },
  },
];

export const SECRET_TOKEN = 'super-secret-config-token-123';

/** A catalog cluster entity with the kubernetes + flotilla annotations. */
export function clusterEntity(
  name: string,
  annotations: Record<string, string> = {},
): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Resource',
    metadata: {
      name,
      namespace: 'default',
      annotations: {
        'kubernetes.io/api-server': `https://${name}.example.com:6443`,
        'kubernetes.io/auth-provider': 'oidc',
        'flotilla.io/environment': 'prod',
        'flotilla.io/region': 'eu-north-1',
        'flotilla.io/provider': 'onprem',
        'flotilla.io/zones': 'a, b,c',
        'flotilla.io/capacity':
          'cpu=64,memory=256Gi,pods=1100,nvidia.com/gpu=8',
        'flotilla.io/cost-per-cpu-hour': '0.042',
        'flotilla.io/jurisdiction': 'eu',
        ...annotations,
      },
    },
    spec: { type: 'kubernetes-cluster', owner: 'group:default/platform' },
  };
}

export const checkoutEntity: Entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: {
    name: 'checkout',
    namespace: 'default',
    annotations: {
      'backstage.io/kubernetes-id': 'checkout',
      'flotilla.io/placement':
        'clusterAffinity:\n  clusterNames: [fleet-eu-west-1, fleet-us-east-1]\n',
    },
  },
  spec: {
    type: 'service',
    owner: 'group:default/shop',
    lifecycle: 'production',
  },
};
