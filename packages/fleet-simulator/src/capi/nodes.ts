/**
 * The member Node behind a worker Machine: what the kubelet of that machine
 * registers (labels, providerID, allocatable, kubelet version). Created and
 * deleted on the member's own API server with its admin certificate, as the
 * simulator does for node-level work.
 */
import type { V1Node } from '@kubernetes/client-node';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { kubeConfigFor } from '../fleet';
import type { ScenarioMachineDeployment } from '../scenario';
import { providerId, stableId, zoneOf } from './builders';
import { statusCode } from './kube';
import { LABELS, WorkloadCluster, names } from './model';

export interface WorkerNodeSpec {
  name: string;
  machineDeployment: string;
  zone: string;
  kubeletVersion: string;
  allocatable: Record<string, string>;
  instanceType?: string;
}

/** The scenario MachineDeployment a MachineDeployment object was seeded from. */
export function scenarioMachineDeployment(
  wc: WorkloadCluster,
  machineDeploymentName: string,
): ScenarioMachineDeployment | undefined {
  return wc.machineDeployments.find(
    md => names.machineDeployment(wc.name, md.name) === machineDeploymentName,
  );
}

export function workerNodeSpec(
  wc: WorkloadCluster,
  machineDeploymentName: string,
  index: number,
  kubeletVersion: string,
  instanceType?: string,
): WorkerNodeSpec {
  const md = scenarioMachineDeployment(wc, machineDeploymentName);
  return {
    name: names.machine(machineDeploymentName, index),
    machineDeployment: machineDeploymentName,
    zone: zoneOf(wc, index),
    kubeletVersion,
    allocatable: md?.nodeAllocatable ?? wc.nodeAllocatable,
    instanceType: md?.instanceType ?? instanceType,
  };
}

/**
 * The GPU model of the instance types with GPUs, as NVIDIA GPU Feature
 * Discovery labels a Node (`nvidia.com/gpu.product`, from the driver's
 * product name with spaces as dashes; NVIDIA/gpu-feature-discovery
 * `internal/lm/nvml.go`). AWS g5 instances carry A10G GPUs.
 */
const GPU_PRODUCTS: Record<string, string> = {
  'g5.xlarge': 'NVIDIA-A10G',
  'g5.12xlarge': 'NVIDIA-A10G',
  'g5.48xlarge': 'NVIDIA-A10G',
  'p4d.24xlarge': 'NVIDIA-A100-SXM4-40GB',
  'p5.48xlarge': 'NVIDIA-H100-80GB-HBM3',
};

function gpuProductLabel(spec: WorkerNodeSpec): Record<string, string> {
  const product = spec.instanceType && GPU_PRODUCTS[spec.instanceType];
  return product && spec.allocatable['nvidia.com/gpu']
    ? { 'nvidia.com/gpu.product': product }
    : {};
}

/** A private address in the cluster's node range, stable per Node name. */
function internalIp(name: string): string {
  const h = Buffer.from(stableId(name, 6), 'hex');
  return `10.${h[0]}.${h[1]}.${Math.max(1, h[2] % 255)}`;
}

export function nodeObject(wc: WorkloadCluster, spec: WorkerNodeSpec): V1Node {
  const now = new Date();
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name: spec.name,
      labels: {
        'kubernetes.io/hostname': spec.name,
        'kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        'node-role.kubernetes.io/worker': '',
        [LABELS.region]: wc.region,
        [LABELS.zone]: spec.zone,
        [LABELS.clusterName]: wc.name,
        [LABELS.deploymentName]: spec.machineDeployment,
        ...(spec.instanceType
          ? { 'node.kubernetes.io/instance-type': spec.instanceType }
          : {}),
        ...gpuProductLabel(spec),
      },
    },
    spec: {
      providerID: providerId(wc, spec.zone, spec.name),
      taints: wc.taints.length
        ? wc.taints.map(t => ({ key: t.key, value: t.value, effect: t.effect }))
        : undefined,
    },
    status: {
      capacity: { ...spec.allocatable },
      allocatable: { ...spec.allocatable },
      conditions: [
        {
          type: 'Ready',
          status: 'True',
          reason: 'KubeletReady',
          message: 'kubelet is posting ready status',
          lastHeartbeatTime: now,
          lastTransitionTime: now,
        },
      ],
      addresses: [
        { type: 'InternalIP', address: internalIp(spec.name) },
        { type: 'Hostname', address: spec.name },
      ],
      nodeInfo: nodeInfo(spec.name, spec.kubeletVersion),
    },
  };
}

function nodeInfo(name: string, kubeletVersion: string) {
  const id = stableId(name, 32);
  return {
    architecture: 'amd64',
    bootID: id,
    containerRuntimeVersion: 'containerd://1.7.22',
    kernelVersion: '6.1.0-27-cloud-amd64',
    kubeProxyVersion: kubeletVersion,
    kubeletVersion,
    machineID: id,
    operatingSystem: 'linux',
    osImage: 'Ubuntu 22.04.5 LTS',
    systemUUID: `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(
      12,
      16,
    )}-${id.slice(16, 20)}-${id.slice(20, 32)}`,
  };
}

/** Node calls on one member, straight to its API server. */
export class MemberNodes {
  private readonly api: CoreV1Api;

  constructor(kc: KubeConfig) {
    this.api = kc.makeApiClient(CoreV1Api);
  }

  static for(wc: WorkloadCluster): MemberNodes {
    return new MemberNodes(kubeConfigFor(wc.member, 'direct'));
  }

  async get(name: string): Promise<V1Node | undefined> {
    try {
      return await this.api.readNode({ name });
    } catch (error) {
      if (statusCode(error) === 404) return undefined;
      throw error;
    }
  }

  /** Creates the Node unless it exists (the member seeding may have made it). */
  async createOrLeave(node: V1Node): Promise<V1Node> {
    try {
      return await this.api.createNode({ body: node });
    } catch (error) {
      if (statusCode(error) !== 409) throw error;
      return (await this.get(node.metadata!.name!))!;
    }
  }

  async delete(name: string): Promise<boolean> {
    try {
      await this.api.deleteNode({ name });
      return true;
    } catch (error) {
      if (statusCode(error) === 404) return false;
      throw error;
    }
  }

  /** Sets the kubelet (and kube-proxy) version a Node reports, with its resourceVersion. */
  async setKubeletVersion(name: string, version: string): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      const node = await this.get(name);
      if (!node?.status?.nodeInfo) return false;
      if (node.status.nodeInfo.kubeletVersion === version) return true;
      node.status.nodeInfo.kubeletVersion = version;
      node.status.nodeInfo.kubeProxyVersion = version;
      try {
        await this.api.replaceNodeStatus({ name, body: node });
        return true;
      } catch (error) {
        if (statusCode(error) !== 409 || attempt >= 5) throw error;
      }
    }
  }

  async list(labelSelector: string): Promise<V1Node[]> {
    return (await this.api.listNode({ labelSelector })).items;
  }
}
