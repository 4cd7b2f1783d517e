/** MCS API objects (`about.k8s.io` ClusterProperty, `multicluster.x-k8s.io` ServiceExport). */

export const clusterProperties = [
  {
    apiVersion: 'about.k8s.io/v1alpha1',
    kind: 'ClusterProperty',
    metadata: { name: 'cluster.clusterset.k8s.io', resourceVersion: '301' },
    spec: { value: 'eu-1' },
  },
  {
    apiVersion: 'about.k8s.io/v1alpha1',
    kind: 'ClusterProperty',
    metadata: { name: 'clusterset.k8s.io', resourceVersion: '302' },
    spec: { value: 'prod-clusterset' },
  },
];

const condition = (
  type: string,
  status: 'True' | 'False' | 'Unknown',
  reason: string,
  message: string,
) => ({
  type,
  status,
  reason,
  message,
  lastTransitionTime: '2025-05-14T08:02:41Z',
});

export const serviceExports = [
  {
    apiVersion: 'multicluster.x-k8s.io/v1alpha1',
    kind: 'ServiceExport',
    metadata: { name: 'checkout', namespace: 'shop', generation: 1 },
    status: {
      conditions: [
        condition(
          'Valid',
          'True',
          'AwaitingSync',
          'Service was successfully exported to the broker',
        ),
        condition(
          'Ready',
          'True',
          'Exported',
          'Service was successfully exported to the broker',
        ),
        condition('Conflict', 'False', 'NoConflict', ''),
      ],
    },
  },
  {
    apiVersion: 'multicluster.x-k8s.io/v1alpha1',
    kind: 'ServiceExport',
    metadata: { name: 'payments', namespace: 'shop', generation: 2 },
    status: {
      conditions: [
        condition('Valid', 'True', '', ''),
        condition(
          'Ready',
          'False',
          'AwaitingExport',
          'Awaiting sync of the ServiceImport to the broker',
        ),
        condition(
          'Conflict',
          'True',
          'ConflictingPortSpec',
          'The service ports conflict between the constituent clusters [eu-1, us-1]. The service will expose the intersection of all the ports: Port{Name:"http", Protocol:"TCP", Port:8080}',
        ),
      ],
    },
  },
  {
    apiVersion: 'multicluster.x-k8s.io/v1alpha1',
    kind: 'ServiceExport',
    metadata: { name: 'ledger', namespace: 'finance', generation: 1 },
    status: {
      conditions: [
        condition(
          'Valid',
          'False',
          'NoServiceFound',
          "Service to be exported doesn't exist",
        ),
      ],
    },
  },
];
