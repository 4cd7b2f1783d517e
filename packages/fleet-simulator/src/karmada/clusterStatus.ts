/**
 * What Karmada's cluster status controller reports about a member, from
 * what the member's API server says: the Ready condition, node summary and
 * resource summary, and the NoExecute taint a NotReady cluster carries.
 */
import {
  parseRequestQuantity,
  sumResourceLists,
  formatQuantity,
} from '@flotilla/plugin-multi-cluster-common';
import type {
  ClusterCondition,
  ClusterStatus,
  ClusterTaint,
} from './clusterTypes';

export const NOT_READY_TAINT = 'cluster.karmada.io/not-ready';
export const UNREACHABLE_TAINT = 'cluster.karmada.io/unreachable';

/** Virtual nodes stand for capacity elsewhere (Liqo, virtual-kubelet): not this cluster's. */
export function isVirtualNode(node: {
  metadata?: { labels?: Record<string, string> };
}): boolean {
  const labels = node.metadata?.labels ?? {};
  return (
    labels['liqo.io/type'] === 'virtual-node' ||
    'virtual-kubelet.io/provider' in labels
  );
}

interface NodeLike {
  metadata?: { name?: string; labels?: Record<string, string> };
  status?: {
    allocatable?: Record<string, string>;
    conditions?: Array<{ type?: string; status?: string }>;
  };
}

interface DeploymentLike {
  spec?: {
    replicas?: number;
    template?: {
      spec?: {
        containers?: Array<{
          resources?: { requests?: Record<string, string> };
        }>;
      };
    };
  };
}

export function nodeSummary(nodes: NodeLike[]) {
  const real = nodes.filter(n => !isVirtualNode(n));
  return {
    totalNum: real.length,
    readyNum: real.filter(n =>
      (n.status?.conditions ?? []).some(
        c => c.type === 'Ready' && c.status === 'True',
      ),
    ).length,
  };
}

/** Sum of the allocatable of the member's own (non-virtual) Nodes. */
export function allocatableOf(nodes: NodeLike[]): Record<string, string> {
  return sumResourceLists(
    nodes.filter(n => !isVirtualNode(n)).map(n => n.status?.allocatable),
  ).sum;
}

/** `list` × `times`, exact (quantities are scaled integers). */
function multiply(
  list: Record<string, string>,
  times: number,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, text] of Object.entries(list)) {
    const q = parseRequestQuantity(text);
    out[name] = formatQuantity(
      { nanos: q.nanos * BigInt(times) },
      {
        binary: /[KMGTPE]i$/.test(text),
      },
    );
  }
  return out;
}

/**
 * What the member's Deployments hold: replicas × the pod's requests (no
 * kubelet runs here, so a Deployment's replicas stand for its pods), and one
 * `pods` per replica.
 */
export function allocatedByDeployments(
  deployments: DeploymentLike[],
): Record<string, string> {
  const lists: Record<string, string>[] = [];
  for (const d of deployments) {
    const replicas = d.spec?.replicas ?? 1;
    if (replicas <= 0) continue;
    const pod = sumResourceLists(
      (d.spec?.template?.spec?.containers ?? []).map(
        c => c.resources?.requests,
      ),
    ).sum;
    lists.push(multiply({ ...pod, pods: '1' }, replicas));
  }
  return sumResourceLists(lists).sum;
}

export type Probe =
  | { reachable: true; healthy: boolean }
  | { reachable: false; error: string };

/**
 * The Ready condition; `lastTransitionTime` moves only when the status
 * flips. `forcedNotReady`: the fault registry says so.
 */
export function readyCondition(
  previous: ClusterCondition | undefined,
  probe: Probe,
  forcedNotReady: boolean,
  now: string,
): ClusterCondition {
  let next: Omit<ClusterCondition, 'lastTransitionTime'>;
  if (forcedNotReady) {
    next = {
      type: 'Ready',
      status: 'False',
      reason: 'ClusterNotReady',
      message: 'cluster is marked NotReady by an injected fault',
    };
  } else if (!probe.reachable) {
    next = {
      type: 'Ready',
      status: 'False',
      reason: 'ClusterNotReachable',
      message: `cluster is not reachable: ${probe.error}`,
    };
  } else if (!probe.healthy) {
    next = {
      type: 'Ready',
      status: 'False',
      reason: 'ClusterNotReady',
      message: 'cluster is reachable but health endpoint responded without ok',
    };
  } else {
    next = {
      type: 'Ready',
      status: 'True',
      reason: 'ClusterReady',
      message: 'cluster is healthy and ready to accept workloads',
    };
  }
  const lastTransitionTime =
    previous && previous.status === next.status
      ? previous.lastTransitionTime
      : now;
  return { ...next, lastTransitionTime };
}

/**
 * The taints after the Ready condition: a NotReady cluster gets
 * `cluster.karmada.io/not-ready:NoExecute`, a Ready one loses it (and the
 * unreachable one); other taints are left alone.
 */
export function taintsFor(
  current: ClusterTaint[] | undefined,
  ready: boolean,
  now: string,
): ClusterTaint[] {
  const others = (current ?? []).filter(
    t =>
      !(
        (t.key === NOT_READY_TAINT || t.key === UNREACHABLE_TAINT) &&
        t.effect === 'NoExecute'
      ),
  );
  if (ready) return others;
  const existing = (current ?? []).find(
    t => t.key === NOT_READY_TAINT && t.effect === 'NoExecute',
  );
  return [
    ...others,
    existing ?? { key: NOT_READY_TAINT, effect: 'NoExecute', timeAdded: now },
  ];
}

/** The status to write; unchanged fields keep their previous values. */
export function nextClusterStatus(
  previous: ClusterStatus | undefined,
  observed: {
    probe: Probe;
    forcedNotReady: boolean;
    kubernetesVersion?: string;
    apiEnablements?: ClusterStatus['apiEnablements'];
    nodes?: NodeLike[];
    deployments?: DeploymentLike[];
  },
  now: string,
): ClusterStatus {
  const previousReady = previous?.conditions?.find(c => c.type === 'Ready');
  const ready = readyCondition(
    previousReady,
    observed.probe,
    observed.forcedNotReady,
    now,
  );
  const status: ClusterStatus = {
    ...previous,
    conditions: [
      ...(previous?.conditions ?? []).filter(c => c.type !== 'Ready'),
      ready,
    ],
  };
  if (observed.kubernetesVersion)
    status.kubernetesVersion = observed.kubernetesVersion;
  if (observed.apiEnablements) status.apiEnablements = observed.apiEnablements;
  if (observed.nodes) {
    status.nodeSummary = nodeSummary(observed.nodes);
    status.resourceSummary = {
      ...status.resourceSummary,
      allocatable: allocatableOf(observed.nodes),
      allocating: {},
      allocated: allocatedByDeployments(observed.deployments ?? []),
    };
  }
  return status;
}
