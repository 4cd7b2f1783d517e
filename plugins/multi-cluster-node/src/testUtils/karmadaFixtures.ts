/** @public */
export const KARMADA = 'https://karmada.example.com:5443';
/** @public */
export const KARMADA_TOKEN = 'karmada-admin-token';

/** @public */
export const karmadaClusters = {
  apiVersion: 'cluster.karmada.io/v1alpha1',
  kind: 'ClusterList',
  metadata: { resourceVersion: '100' },
  items: [
    {
      apiVersion: 'cluster.karmada.io/v1alpha1',
      kind: 'Cluster',
      metadata: {
        name: 'member-eu',
        labels: { 'flotilla.io/environment': 'prod', tier: 'gold' },
      },
      spec: {
        apiEndpoint: 'https://member-eu.example.com:6443',
        syncMode: 'Push',
        provider: 'aws',
        region: 'eu-west-1',
        zones: ['eu-west-1a', 'eu-west-1b'],
        taints: [{ key: 'maintenance', effect: 'PreferNoSchedule' }],
      },
      status: {
        kubernetesVersion: 'v1.31.2',
        conditions: [
          {
            type: 'Ready',
            status: 'True',
            reason: 'ClusterReady',
            message: 'cluster is healthy and ready to accept workloads',
            lastTransitionTime: '2026-12-01T10:00:00Z',
          },
        ],
        resourceSummary: {
          allocatable: { cpu: '48', memory: '192Gi', pods: '330' },
          allocated: { cpu: '12', memory: '40Gi', pods: '80' },
          allocating: { cpu: '1' },
        },
      },
    },
    {
      apiVersion: 'cluster.karmada.io/v1alpha1',
      kind: 'Cluster',
      metadata: { name: 'member-us', labels: {} },
      spec: {
        apiEndpoint: 'https://member-us.example.com:6443',
        syncMode: 'Pull',
        provider: 'gcp',
        region: 'us-east1',
        taints: [
          {
            key: 'cluster.karmada.io/not-ready',
            effect: 'NoSchedule',
            timeAdded: '2026-12-01T11:00:00Z',
          },
        ],
      },
      status: {
        conditions: [
          {
            type: 'Ready',
            status: 'False',
            reason: 'ClusterNotReachable',
            message: 'cluster is not reachable',
          },
        ],
      },
    },
  ],
};

/** @public */
export const resourceBindings = {
  apiVersion: 'work.karmada.io/v1alpha2',
  kind: 'ResourceBindingList',
  metadata: {},
  items: [
    {
      apiVersion: 'work.karmada.io/v1alpha2',
      kind: 'ResourceBinding',
      metadata: {
        name: 'checkout-deployment',
        namespace: 'shop',
        labels: { 'propagationpolicy.karmada.io/name': 'checkout-pp' },
      },
      spec: {
        resource: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          namespace: 'shop',
          name: 'checkout',
        },
        replicas: 4,
        clusters: [
          { name: 'member-eu', replicas: 3 },
          { name: 'member-us', replicas: 1 },
        ],
      },
      status: {
        conditions: [
          {
            type: 'Scheduled',
            status: 'True',
            reason: 'Success',
            message: 'Binding has been scheduled successfully.',
          },
        ],
      },
    },
  ],
};
