// The Karmada fixtures of @flotilla/plugin-multi-cluster-backend's tests that
// this module's tests serve (a package's tests do not reach into another's src).

export const KARMADA = 'https://karmada.example.com:5443';
export const KARMADA_TOKEN = 'karmada-admin-token';

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

/**
 * A Karmada member reporting garbage: quantities that are not quantities
 * (`abc`, an exponent far past any bound), a `__proto__` key in its
 * resource summary (built from JSON text: in an object literal it would set
 * the prototype instead of adding a key) and a capacity annotation with a
 * `__proto__` key. It is Ready, so the inventory inspects it too.
 */
export const garbageMember = {
  ...karmadaClusters.items[0],
  metadata: {
    name: 'member-garbage',
    annotations: {
      'flotilla.io/capacity': 'cpu=64,__proto__=1',
    },
  },
  status: {
    ...karmadaClusters.items[0].status,
    resourceSummary: {
      allocatable: JSON.parse(
        '{"cpu":"abc","memory":"1e999999999","__proto__":{"polluted":"yes"},"pods":"110"}',
      ),
      allocated: { pods: '10' },
    },
  },
};

/** The Karmada fixture's members plus {@link garbageMember}. */
export const karmadaClustersWithGarbage = {
  ...karmadaClusters,
  items: [...karmadaClusters.items, garbageMember],
};
