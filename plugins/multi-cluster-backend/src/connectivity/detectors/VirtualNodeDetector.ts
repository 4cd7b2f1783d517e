import type { V1Node } from '@kubernetes/client-node';
import {
  readResourceList,
  sumResourceLists,
  type ResourceListProblem,
  type VirtualNode,
} from '@flotilla/plugin-multi-cluster-common';
import {
  boundProblems,
  describeProblems,
  type KubernetesClient,
} from '@flotilla/plugin-multi-cluster-node';
import type { ConnectivityDetector, DetectorResult } from './types';

/** Labels Liqo puts on its virtual nodes (v0.5+ and v1). */
const LIQO_TYPE_LABEL = 'liqo.io/type';
const LIQO_VIRTUAL_NODE = 'virtual-node';
const LIQO_REMOTE_CLUSTER_ID = 'liqo.io/remote-cluster-id';
/** Liqo before v0.5 named the peer in a bare `cluster-id` label. */
const LIQO_LEGACY_CLUSTER_ID = 'cluster-id';

/** Labels Admiralty puts on its virtual nodes (one per Target / ClusterTarget). */
const VIRTUAL_KUBELET_PROVIDER = 'virtual-kubelet.io/provider';
const ADMIRALTY_TARGET_NAMESPACE = 'multicluster.admiralty.io/target-namespace';
const ADMIRALTY_TARGET_NAME = 'multicluster.admiralty.io/target-name';
const ADMIRALTY_CLUSTER_TARGET_NAME =
  'multicluster.admiralty.io/cluster-target-name';
/** Admiralty names the node `admiralty-<target>`; older versions set no target label. */
const ADMIRALTY_NODE_PREFIX = 'admiralty-';

function readyOf(node: V1Node): boolean | undefined {
  const condition = node.status?.conditions?.find(c => c.type === 'Ready');
  return condition ? condition.status === 'True' : undefined;
}

function liqoPeer(labels: Record<string, string>): string | undefined {
  if (labels[LIQO_TYPE_LABEL] !== LIQO_VIRTUAL_NODE) return undefined;
  return labels[LIQO_REMOTE_CLUSTER_ID] ?? labels[LIQO_LEGACY_CLUSTER_ID] ?? '';
}

function admiraltyPeer(
  name: string,
  labels: Record<string, string>,
): string | undefined {
  if (labels[VIRTUAL_KUBELET_PROVIDER] !== 'admiralty') return undefined;
  if (labels[ADMIRALTY_CLUSTER_TARGET_NAME]) {
    return labels[ADMIRALTY_CLUSTER_TARGET_NAME];
  }
  if (labels[ADMIRALTY_TARGET_NAME]) {
    // A namespaced Target is only unique with its namespace.
    const namespace = labels[ADMIRALTY_TARGET_NAMESPACE];
    return namespace
      ? `${namespace}/${labels[ADMIRALTY_TARGET_NAME]}`
      : labels[ADMIRALTY_TARGET_NAME];
  }
  return name.startsWith(ADMIRALTY_NODE_PREFIX)
    ? name.slice(ADMIRALTY_NODE_PREFIX.length)
    : name;
}

/**
 * Classifies one Node: a virtual node of Liqo or Admiralty, or undefined.
 * A virtual node keeps the valid entries of its allocatable; the refused
 * ones are returned as problems.
 */
export function toVirtualNode(
  node: V1Node,
): { node: VirtualNode; problems: ResourceListProblem[] } | undefined {
  const name = node.metadata?.name ?? '';
  const labels = node.metadata?.labels ?? {};
  const liqo = liqoPeer(labels);
  const admiralty =
    liqo === undefined ? admiraltyPeer(name, labels) : undefined;
  if (liqo === undefined && admiralty === undefined) return undefined;
  const { list: allocatable, problems } = readResourceList(
    node.status?.allocatable,
  );
  return {
    node: {
      name,
      kind: liqo !== undefined ? 'liqo' : 'admiralty',
      peer: liqo !== undefined ? liqo || name : admiralty!,
      allocatable,
      ready: readyOf(node),
    },
    problems,
  };
}

/**
 * Finds Liqo and Admiralty virtual nodes and sums the allocatable of the
 * cluster's own nodes without them: a virtual node's capacity belongs to
 * its peer, and counting it here too would count it twice for the fleet.
 * A value that is not a resource name and a quantity is left out (of the
 * sum, of the virtual node) and named in `errors`: one bad node never
 * stops the inspection.
 */
export class VirtualNodeDetector implements ConnectivityDetector {
  readonly id = 'virtual-nodes';

  async detect(
    client: KubernetesClient,
    { signal }: { signal: AbortSignal },
  ): Promise<DetectorResult> {
    const nodes = await client.listNodes({}, { signal });
    const virtualNodes: VirtualNode[] = [];
    const own: V1Node[] = [];
    const problems: string[] = [];
    for (const node of nodes) {
      const virtual = toVirtualNode(node);
      if (virtual) {
        virtualNodes.push(virtual.node);
        problems.push(
          ...describeProblems(
            `virtual node ${virtual.node.name} allocatable`,
            virtual.problems,
          ),
        );
      } else {
        own.push(node);
      }
    }
    virtualNodes.sort((a, b) => a.name.localeCompare(b.name));
    const { sum, problems: refused } = sumResourceLists(
      own.map(node => node.status?.allocatable),
      index => own[index].metadata?.name ?? `#${index}`,
    );
    for (const problem of refused) {
      problems.push(
        ...describeProblems(`node ${problem.source} allocatable`, [problem]),
      );
    }
    return {
      virtualNodes,
      ownAllocatable: sum,
      ...(problems.length > 0
        ? {
            errors: boundProblems(problems).map(line => `${this.id}: ${line}`),
          }
        : {}),
    };
  }
}
