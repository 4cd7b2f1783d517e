/**
 * What OCM's registration reports in a ManagedCluster's status (the
 * klusterlet's status sync and the hub's lease controller), from what the
 * member's own API server answered: the version, capacity and allocatable
 * summed over its Nodes, the cluster claims, and the conditions. Pure.
 */
import { sumResourceLists } from '@flotilla/plugin-multi-cluster-common';
import {
  CLAIMS,
  type ClusterClaim,
  type Condition,
  type ManagedClusterStatus,
  platformOfProviderId,
} from './model';

export const CONDITIONS = {
  hubAccepted: 'HubAcceptedManagedCluster',
  joined: 'ManagedClusterJoined',
  available: 'ManagedClusterConditionAvailable',
};

/** The resources the klusterlet sums (OCM reports these and a few more). */
const RESOURCES = ['cpu', 'memory', 'pods'];

export interface NodeLike {
  metadata?: { labels?: Record<string, string> };
  spec?: { providerID?: string };
  status?: {
    capacity?: Record<string, string>;
    allocatable?: Record<string, string>;
  };
}

/** What the member answered, or that its lease stopped being renewed. */
export type MemberObservation =
  | {
      kind: 'answered';
      clusterName: string;
      /** `gitVersion` of the member's /version. */
      kubernetesVersion: string;
      nodes: NodeLike[];
      /** When no Node says (no providerID, no region label). */
      fallback: { platform: string; region: string };
    }
  | { kind: 'lease-expired'; graceSeconds: number };

function pick(list: Record<string, string> | undefined) {
  const out: Record<string, string> = {};
  for (const name of RESOURCES) if (list?.[name]) out[name] = list[name];
  return out;
}

/** Sums cpu, memory and pods of the Nodes' capacity (allocatable when absent) and allocatable. */
export function nodeResources(nodes: NodeLike[]): {
  capacity: Record<string, string>;
  allocatable: Record<string, string>;
} {
  return {
    capacity: sumResourceLists(
      nodes.map(n => pick(n.status?.capacity ?? n.status?.allocatable)),
    ).sum,
    allocatable: sumResourceLists(nodes.map(n => pick(n.status?.allocatable)))
      .sum,
  };
}

/** The claims the klusterlet's ClusterClaim controller reports. */
export function clusterClaims(
  observation: Extract<MemberObservation, { kind: 'answered' }>,
): ClusterClaim[] {
  const first = <T>(read: (n: NodeLike) => T | undefined) =>
    observation.nodes.map(read).find(v => v !== undefined);
  const platform =
    first(n => platformOfProviderId(n.spec?.providerID)) ??
    observation.fallback.platform;
  const region =
    first(n => n.metadata?.labels?.['topology.kubernetes.io/region']) ??
    observation.fallback.region;
  return [
    { name: CLAIMS.id, value: observation.clusterName },
    { name: CLAIMS.kubeVersion, value: observation.kubernetesVersion },
    { name: CLAIMS.platform, value: platform },
    { name: CLAIMS.region, value: region },
  ];
}

/**
 * Sets a condition: `lastTransitionTime` moves only when the status
 * changes; reason and message follow the latest observation.
 */
export function setCondition(
  conditions: Condition[] | undefined,
  next: Omit<Condition, 'lastTransitionTime'>,
  now: string,
): Condition[] {
  const list = conditions ?? [];
  const previous = list.find(c => c.type === next.type);
  const condition: Condition = {
    ...next,
    lastTransitionTime:
      previous && previous.status === next.status
        ? previous.lastTransitionTime
        : now,
  };
  return previous
    ? list.map(c => (c.type === next.type ? condition : c))
    : [...list, condition];
}

export function findCondition(
  status: { conditions?: Condition[] } | undefined,
  type: string,
): Condition | undefined {
  return status?.conditions?.find(c => c.type === type);
}

export function isAvailable(cluster: {
  status?: ManagedClusterStatus;
}): boolean {
  return findCondition(cluster.status, CONDITIONS.available)?.status === 'True';
}

/**
 * The next status. A member that answered gets fresh figures and
 * Available=True; one whose lease expired keeps its last figures (OCM does
 * not clear them) and gets Available=Unknown.
 */
export function nextManagedClusterStatus(
  previous: ManagedClusterStatus | undefined,
  observation: MemberObservation,
  now: string,
): ManagedClusterStatus {
  let conditions = setCondition(
    previous?.conditions,
    {
      type: CONDITIONS.hubAccepted,
      status: 'True',
      reason: 'HubClusterAdminAccepted',
      message: 'Accepted by hub cluster admin',
    },
    now,
  );
  if (observation.kind === 'lease-expired') {
    conditions = setCondition(
      conditions,
      {
        type: CONDITIONS.available,
        status: 'Unknown',
        reason: 'ManagedClusterLeaseUpdateStopped',
        message: `Registration agent stopped updating its lease within ${observation.graceSeconds} seconds.`,
      },
      now,
    );
    return { ...previous, conditions };
  }
  conditions = setCondition(
    conditions,
    {
      type: CONDITIONS.joined,
      status: 'True',
      reason: 'ManagedClusterJoined',
      message: 'Managed cluster joined',
    },
    now,
  );
  conditions = setCondition(
    conditions,
    {
      type: CONDITIONS.available,
      status: 'True',
      reason: 'ManagedClusterAvailable',
      message: 'Managed cluster is available',
    },
    now,
  );
  const resources = nodeResources(observation.nodes);
  return {
    ...previous,
    version: { kubernetes: observation.kubernetesVersion },
    capacity: resources.capacity,
    allocatable: resources.allocatable,
    clusterClaims: clusterClaims(observation),
    conditions,
  };
}
