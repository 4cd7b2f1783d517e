import type { V1Node, V1Pod } from '@kubernetes/client-node';
import type {
  GpuModelCapacity,
  ResourceList,
} from '@flotilla/plugin-multi-cluster-common';
import { toVirtualNode } from '../../connectivity/detectors/VirtualNodeDetector';
import { effectivePodRequest, holdsResources } from './podRequests';
import { gpuModelOf, isGpuResource } from './gpuProducts';
import {
  addInto,
  addTotals,
  toResourceList,
  units,
  type ResourceTotals,
} from './resourceTotals';

export const INSTANCE_TYPE_LABEL = 'node.kubernetes.io/instance-type';

/** One own Node as the price table needs it. */
export interface PricedNode {
  instanceType?: string;
  /** Its CPU cores (`status.capacity.cpu`, else allocatable). */
  cpu: number;
}

/** What a cluster's own Nodes and their Pods say. */
export interface NodeCapacity {
  /** Allocatable of the Nodes that take new Pods (Ready, not cordoned). */
  allocatable: ResourceList;
  /** What the non-terminal Pods bound to those Nodes request. */
  allocated: ResourceList;
  gpuModels: GpuModelCapacity[];
  /** Nodes counted, and own Nodes left out (not Ready or cordoned). */
  nodes: number;
  unschedulable: number;
  /** Pods counted against the counted Nodes. */
  pods: number;
  /** Every own Node (virtual nodes left out), for the price table. */
  priced: PricedNode[];
}

function isReady(node: V1Node): boolean {
  return (node.status?.conditions ?? []).some(
    c => c.type === 'Ready' && c.status === 'True',
  );
}

/** The Node takes new Pods: Ready and not cordoned. */
export function takesPods(node: V1Node): boolean {
  return isReady(node) && !node.spec?.unschedulable;
}

function cpuOf(node: V1Node): number {
  const list = node.status?.capacity ?? node.status?.allocatable;
  return units(addInto(new Map(), { cpu: list?.cpu ?? '0' }), 'cpu');
}

/** GPUs per (resource, model): allocatable and requested on counted Nodes. */
function gpuModels(
  counted: V1Node[],
  requestedOn: Map<string, ResourceTotals>,
): GpuModelCapacity[] {
  const byModel = new Map<string, GpuModelCapacity>();
  for (const node of counted) {
    const allocatable = addInto(new Map(), node.status?.allocatable);
    const requested = requestedOn.get(node.metadata?.name ?? '') ?? new Map();
    for (const resource of allocatable.keys()) {
      if (!isGpuResource(resource)) continue;
      const model = gpuModelOf(resource, node.metadata?.labels);
      const key = `${resource}\u0000${model}`;
      const entry = byModel.get(key) ?? {
        resource,
        model,
        allocatable: 0,
        free: 0,
      };
      const total = units(allocatable, resource);
      entry.allocatable += total;
      entry.free += Math.max(0, total - units(requested, resource));
      byModel.set(key, entry);
    }
  }
  return [...byModel.values()].sort(
    (a, b) =>
      a.resource.localeCompare(b.resource) || a.model.localeCompare(b.model),
  );
}

/**
 * A cluster's capacity from its Nodes and Pods: the allocatable of the
 * Nodes that take new Pods, and what the Pods bound to them request
 * (Pods on other Nodes hold nothing a new replica could use). Virtual
 * nodes (Liqo, Admiralty) stand for other clusters and are left out.
 */
export function capacityFromNodes(
  nodes: V1Node[],
  pods: V1Pod[],
): NodeCapacity {
  const own = nodes.filter(n => !toVirtualNode(n));
  const counted = own.filter(takesPods);
  const names = new Set(counted.map(n => n.metadata?.name ?? ''));
  const allocatable: ResourceTotals = new Map();
  for (const node of counted) addInto(allocatable, node.status?.allocatable);
  const allocated: ResourceTotals = new Map();
  const requestedOn = new Map<string, ResourceTotals>();
  let podCount = 0;
  for (const pod of pods) {
    const nodeName = pod.spec?.nodeName ?? '';
    if (!holdsResources(pod) || !names.has(nodeName)) continue;
    podCount++;
    const request = effectivePodRequest(pod);
    addTotals(allocated, request);
    const onNode = requestedOn.get(nodeName) ?? new Map<string, bigint>();
    requestedOn.set(nodeName, addTotals(onNode, request));
  }
  allocated.set('pods', BigInt(podCount) * 1_000_000_000n);
  return {
    allocatable: toResourceList(allocatable),
    allocated: toResourceList(allocated),
    gpuModels: gpuModels(counted, requestedOn),
    nodes: counted.length,
    unschedulable: own.length - counted.length,
    pods: podCount,
    priced: own.map(node => ({
      instanceType: node.metadata?.labels?.[INSTANCE_TYPE_LABEL],
      cpu: cpuOf(node),
    })),
  };
}
