// Cluster API fixtures of the Cluster API listing and lifecycle tests.

/**
 * The Cluster API management cluster of the test fixtures.
 *
 * @public
 */
export const CAPI_MANAGEMENT = 'https://mgmt.example.com:6443';
/**
 * The bearer token the fixture management cluster expects.
 *
 * @public
 */
export const CAPI_TOKEN = 'capi-mgmt-token';

/**
 * A Cluster API `Cluster` (`fleet/prod-eu-1`) as the management cluster serves it.
 *
 * @public
 */
export const capiCluster = (version: string) => ({
  apiVersion: `cluster.x-k8s.io/${version}`,
  kind: 'Cluster',
  metadata: {
    name: 'prod-eu-1',
    namespace: 'fleet',
    resourceVersion: '11',
    labels: {
      'flotilla.io/environment': 'prod',
      'flotilla.io/region': 'eu-west-1',
    },
    annotations: { 'flotilla.io/capacity': 'cpu=96,memory=384Gi' },
  },
  spec: {
    controlPlaneRef: {
      apiGroup: 'controlplane.cluster.x-k8s.io',
      kind: 'KubeadmControlPlane',
      name: 'prod-eu-1-cp',
    },
    infrastructureRef: {
      apiGroup: 'infrastructure.cluster.x-k8s.io',
      kind: 'AWSCluster',
      name: 'prod-eu-1',
    },
  },
  status: {
    phase: 'Provisioned',
    conditions:
      version === 'v1beta2'
        ? [{ type: 'Available', status: 'True', reason: 'Available' }]
        : [
            {
              type: 'Ready',
              status: 'False',
              reason: 'WaitingForControlPlane',
              message: 'control plane not ready',
            },
          ],
  },
});

/**
 * The `KubeadmControlPlane` of {@link capiCluster}.
 *
 * @public
 */
export const capiControlPlane = (version: string) => ({
  apiVersion: `controlplane.cluster.x-k8s.io/${version}`,
  kind: 'KubeadmControlPlane',
  metadata: {
    name: 'prod-eu-1-cp',
    namespace: 'fleet',
    labels: { 'cluster.x-k8s.io/cluster-name': 'prod-eu-1' },
    resourceVersion: '21',
  },
  spec: { replicas: 3, version: 'v1.30.5' },
  status: {
    replicas: 3,
    readyReplicas: 3,
    upToDateReplicas: 3,
    version: 'v1.30.5',
  },
});

/**
 * The `MachineDeployment` `md-0` of {@link capiCluster}.
 *
 * @public
 */
export const capiMachineDeployment = (
  version: string,
  rv = '31',
  replicas = 3,
) => ({
  apiVersion: `cluster.x-k8s.io/${version}`,
  kind: 'MachineDeployment',
  metadata: {
    name: 'md-0',
    namespace: 'fleet',
    resourceVersion: rv,
    labels: { 'cluster.x-k8s.io/cluster-name': 'prod-eu-1' },
  },
  spec: {
    clusterName: 'prod-eu-1',
    replicas,
    template: { spec: { version: 'v1.30.5', clusterName: 'prod-eu-1' } },
  },
  status:
    version === 'v1beta2'
      ? {
          phase: 'Running',
          replicas,
          readyReplicas: replicas,
          availableReplicas: replicas,
          upToDateReplicas: replicas,
        }
      : {
          phase: 'Running',
          replicas,
          readyReplicas: 2,
          availableReplicas: 2,
          updatedReplicas: 3,
        },
});

/**
 * A Kubernetes `<Kind>List` of `items`.
 *
 * @public
 */
export const kubernetesList = (kind: string, items: unknown[]) => ({
  apiVersion: 'v1',
  kind: `${kind}List`,
  metadata: { resourceVersion: '1' },
  items,
});
