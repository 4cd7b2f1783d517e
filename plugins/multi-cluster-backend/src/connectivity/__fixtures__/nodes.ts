/**
 * Nodes of a cluster that borrows capacity: two real workers, a Liqo v1
 * virtual node, a Liqo v0.x virtual node and an Admiralty virtual node,
 * with the labels, taints and conditions those projects set.
 */

const ready = (status: 'True' | 'False' | 'Unknown', reason: string) => ({
  type: 'Ready',
  status,
  reason,
  message:
    status === 'True'
      ? 'kubelet is posting ready status'
      : 'Kubelet stopped posting node status.',
  lastHeartbeatTime: '2025-06-01T10:00:00Z',
  lastTransitionTime: '2025-05-30T08:00:00Z',
});

const worker = (
  name: string,
  podCidr: string,
  allocatable: Record<string, string>,
) => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: {
    name,
    labels: {
      'kubernetes.io/hostname': name,
      'kubernetes.io/os': 'linux',
      'node.kubernetes.io/instance-type': 'm6i.2xlarge',
      'topology.kubernetes.io/zone': 'eu-west-1a',
    },
  },
  spec: {
    podCIDR: podCidr,
    podCIDRs: [podCidr],
    providerID: `aws:///eu-west-1a/i-${name}`,
  },
  status: {
    capacity: { ...allocatable },
    allocatable,
    conditions: [
      {
        type: 'MemoryPressure',
        status: 'False',
        reason: 'KubeletHasSufficientMemory',
      },
      ready('True', 'KubeletReady'),
    ],
    nodeInfo: {
      kubeletVersion: 'v1.31.4',
      containerRuntimeVersion: 'containerd://1.7.24',
    },
  },
});

export const workerA = worker('ip-10-0-1-12', '10.244.1.0/24', {
  cpu: '7910m',
  'ephemeral-storage': '95551679124',
  memory: '31369576Ki',
  pods: '58',
});

export const workerB = worker('ip-10-0-2-34', '10.244.2.0/24', {
  cpu: '7910m',
  'ephemeral-storage': '95551679124',
  memory: '31369576Ki',
  pods: '58',
  'nvidia.com/gpu': '1',
});

/** Liqo v1: `liqo.io/type=virtual-node`, `liqo.io/remote-cluster-id`. */
export const liqoVirtualNode = {
  apiVersion: 'v1',
  kind: 'Node',
  metadata: {
    name: 'us-1',
    labels: {
      'beta.kubernetes.io/arch': 'amd64',
      'beta.kubernetes.io/os': 'linux',
      'kubernetes.io/arch': 'amd64',
      'kubernetes.io/hostname': 'us-1',
      'kubernetes.io/os': 'linux',
      'kubernetes.io/role': 'agent',
      'liqo.io/remote-cluster-id': 'us-1',
      'liqo.io/type': 'virtual-node',
      'node.kubernetes.io/exclude-from-external-load-balancers': 'true',
    },
  },
  spec: {
    taints: [
      {
        key: 'virtual-node.liqo.io/not-allowed',
        value: 'true',
        effect: 'NoExecute',
      },
    ],
  },
  status: {
    capacity: { cpu: '14', memory: '54Gi', pods: '110' },
    allocatable: { cpu: '14', memory: '54Gi', pods: '110' },
    conditions: [
      ready('True', 'KubeletReady'),
      {
        type: 'NetworkUnavailable',
        status: 'False',
        reason: 'LiqoNetworkReady',
      },
    ],
  },
};

/** Liqo v0.x: the peer is in the bare `cluster-id` label (before `liqo.io/remote-cluster-id`). */
export const liqoLegacyVirtualNode = {
  apiVersion: 'v1',
  kind: 'Node',
  metadata: {
    name: 'liqo-3b4f7a2c-8e1d-4c9a-b6f0-1d2e3f4a5b6c',
    labels: {
      'kubernetes.io/hostname': 'liqo-3b4f7a2c-8e1d-4c9a-b6f0-1d2e3f4a5b6c',
      'kubernetes.io/role': 'agent',
      'liqo.io/type': 'virtual-node',
      'cluster-id': '3b4f7a2c-8e1d-4c9a-b6f0-1d2e3f4a5b6c',
      type: 'virtual-kubelet',
    },
  },
  spec: {
    taints: [
      {
        key: 'virtual-node.liqo.io/not-allowed',
        value: 'true',
        effect: 'NoExecute',
      },
    ],
  },
  status: {
    allocatable: { cpu: '4', memory: '8Gi', pods: '110' },
    conditions: [ready('Unknown', 'NodeStatusUnknown')],
  },
};

/** Admiralty: `virtual-kubelet.io/provider=admiralty` and the target name labels. */
export const admiraltyVirtualNode = {
  apiVersion: 'v1',
  kind: 'Node',
  metadata: {
    name: 'admiralty-default-ap-1-6c1f3a9d2b',
    labels: {
      type: 'virtual-kubelet',
      'virtual-kubelet.io/provider': 'admiralty',
      'kubernetes.io/role': 'cluster',
      'alpha.service-controller.kubernetes.io/exclude-balancer': 'true',
      'node.kubernetes.io/exclude-from-external-load-balancers': 'true',
      'multicluster.admiralty.io/target-namespace': 'default',
      'multicluster.admiralty.io/target-name': 'ap-1',
    },
  },
  spec: {
    taints: [
      {
        key: 'virtual-kubelet.io/provider',
        value: 'admiralty',
        effect: 'NoSchedule',
      },
    ],
  },
  status: {
    allocatable: { cpu: '24', memory: '96Gi', pods: '330' },
    conditions: [ready('True', '')],
  },
};

/** Admiralty ClusterTarget: cluster-scoped target, one label. */
export const admiraltyClusterTargetNode = {
  ...admiraltyVirtualNode,
  metadata: {
    name: 'admiralty-cluster-on-prem-1',
    labels: {
      type: 'virtual-kubelet',
      'virtual-kubelet.io/provider': 'admiralty',
      'kubernetes.io/role': 'cluster',
      'multicluster.admiralty.io/cluster-target-name': 'on-prem-1',
    },
  },
  status: {
    allocatable: { cpu: '16', memory: '64Gi', pods: '220' },
    conditions: [ready('False', 'TargetUnreachable')],
  },
};
