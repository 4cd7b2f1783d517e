import { Entity } from '@backstage/catalog-model';

/** A demo fleet as it would appear in app-config (`multiCluster.demo`). */
export const demoConfig = {
  rolloutDuration: 1000,
  clusters: [
    {
      name: 'demo-eu-west-1',
      region: 'eu-west-1',
      provider: 'aws',
      environment: 'prod',
      zones: ['eu-west-1a', 'eu-west-1b'],
      labels: { tenant: 'payments' },
      capacity: { cpu: '64', memory: '256Gi', pods: '1100' },
      allocated: { cpu: '20', memory: '64Gi', pods: '200' },
      kubernetesVersion: 'v1.31.4',
      machineDeployments: [{ name: 'md-0', replicas: 3 }],
    },
    {
      name: 'demo-us-east-1',
      region: 'us-east-1',
      provider: 'aws',
      environment: 'prod',
      capacity: { cpu: '32', memory: '128Gi', pods: '500' },
      machineDeployments: [{ name: 'md-0', replicas: 2 }],
    },
    {
      name: 'demo-eu-central-1',
      region: 'eu-central-1',
      provider: 'gcp',
      environment: 'staging',
      capacity: { cpu: '16', memory: '64Gi', pods: '300' },
      healthy: false,
      machineDeployments: [{ name: 'md-0', replicas: 1 }],
    },
  ],
  workloads: [
    {
      kubernetesId: 'checkout',
      namespace: 'shop',
      replicas: { 'demo-eu-west-1': 3, 'demo-us-east-1': 2 },
    },
  ],
};

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
        'clusterAffinity:\n  clusterNames: [demo-eu-west-1, demo-us-east-1]\n',
    },
  },
  spec: {
    type: 'service',
    owner: 'group:default/shop',
    lifecycle: 'production',
  },
};
