/**
 * Liqo and Admiralty virtual nodes as those projects register them, with
 * the labels the backend's VirtualNodeDetector reads: Liqo
 * `liqo.io/type=virtual-node` + `liqo.io/remote-cluster-id`; Admiralty
 * `virtual-kubelet.io/provider=admiralty` + its (cluster) target.
 */
import type { ScenarioCluster } from '../scenario';
import type { SeedObject } from './kube';
import { SEEDED_BY } from './stable';

type VirtualNode = NonNullable<ScenarioCluster['virtualNodes']>[number];

function peerLabels(node: VirtualNode): Record<string, string> {
  if (node.kind === 'liqo') {
    return {
      'liqo.io/type': 'virtual-node',
      'liqo.io/remote-cluster-id': node.peer,
      type: 'virtual-kubelet',
    };
  }
  // `namespace/target` is a namespaced Target; a bare name a ClusterTarget.
  const [namespace, target] = node.peer.includes('/')
    ? node.peer.split('/', 2)
    : [undefined, node.peer];
  return {
    'virtual-kubelet.io/provider': 'admiralty',
    type: 'virtual-kubelet',
    ...(namespace
      ? {
          'multicluster.admiralty.io/target-namespace': namespace,
          'multicluster.admiralty.io/target-name': target,
        }
      : { 'multicluster.admiralty.io/cluster-target-name': target }),
  };
}

/** The taint each project puts on its virtual nodes, so only opted-in Pods land there. */
function projectTaint(node: VirtualNode) {
  return node.kind === 'liqo'
    ? {
        key: 'virtual-node.liqo.io/not-allowed',
        value: 'true',
        effect: 'NoExecute',
      }
    : {
        key: 'virtual-kubelet.io/provider',
        value: 'admiralty',
        effect: 'NoSchedule',
      };
}

export function virtualNodeObject(
  cluster: Pick<ScenarioCluster, 'kubernetesVersion'>,
  node: VirtualNode,
): SeedObject {
  const now = new Date();
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name: node.name,
      labels: {
        ...SEEDED_BY,
        'kubernetes.io/hostname': node.name,
        'kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        'kubernetes.io/role': 'agent',
        ...peerLabels(node),
      },
    },
    spec: { taints: [projectTaint(node)] },
    status: {
      capacity: { ...node.allocatable },
      allocatable: { ...node.allocatable },
      conditions: [
        {
          type: 'Ready',
          status: 'True',
          reason: 'KubeletReady',
          message: `${node.kind} virtual kubelet is ready`,
          lastHeartbeatTime: now,
          lastTransitionTime: now,
        },
      ],
      nodeInfo: {
        architecture: 'amd64',
        bootID: '',
        containerRuntimeVersion: '',
        kernelVersion: '',
        kubeProxyVersion: '',
        kubeletVersion: cluster.kubernetesVersion,
        machineID: '',
        operatingSystem: 'linux',
        osImage: '',
        systemUUID: '',
      },
    },
  };
}
