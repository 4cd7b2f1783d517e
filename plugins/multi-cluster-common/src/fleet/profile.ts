import type { FleetCluster } from '../api/fleet';
import type { VirtualNode } from '../connectivity/types';
import { QuantityError } from '../quantity/quantity';
import {
  describeResourceListProblem,
  readResourceList,
  sumResourceLists,
} from '../quantity/resourceList';
import type { ResourceList } from '../scheduling/types';
import type { ClusterProfile } from './cluster';

/**
 * Sums resource lists exactly (`500m` + `2` cpu is `2500m`, `128Gi` + `16Gi`
 * memory is `144Gi`); a resource missing from a list counts as zero.
 * Throws `QuantityError` naming the list (`describe`) and the entry when an
 * entry is not a resource name and a quantity; `sumResourceLists` is the
 * tolerant variant.
 *
 * @public
 */
export function addResourceLists(
  lists: readonly ResourceList[],
  describe: (index: number) => string = index => `resource list ${index}`,
): ResourceList {
  const { sum, problems } = sumResourceLists(lists, describe);
  const [problem] = problems;
  if (problem) {
    throw new QuantityError(
      problem.error.reason,
      describeResourceListProblem(problem),
      problem.source,
    );
  }
  return sum;
}

/**
 * Virtual nodes whose capacity is real extra capacity for the fleet: the peer
 * is outside the fleet (`peerCluster` unset) and the node is not NotReady. A
 * peer inside the fleet is already counted as itself, so counting its
 * virtual node too would count the same machines twice.
 *
 * @public
 */
export function borrowedFromOutsideFleet(
  cluster: Pick<FleetCluster, 'capacity'>,
): VirtualNode[] {
  return (cluster.capacity.virtualNodes ?? []).filter(
    node => node.peerCluster === undefined && node.ready !== false,
  );
}

/**
 * The allocatable capacity placement estimates use for a cluster: its own
 * nodes (observed, or declared when it reports none) plus what it borrows
 * from peers outside the fleet. Undefined when nothing is known.
 *
 * @public
 */
export function effectiveAllocatable(
  cluster: Pick<FleetCluster, 'name' | 'capacity'>,
): ResourceList | undefined {
  const { capacity } = cluster;
  const own = capacity.allocatable ?? capacity.declared;
  const borrowed = borrowedFromOutsideFleet(cluster);
  // Verbatim: the estimator counts an entry that is not a quantity as an
  // unavailable resource. In a sum such an entry is left out instead.
  if (borrowed.length === 0) return own;
  const lists = [...(own ? [own] : []), ...borrowed.map(n => n.allocatable)];
  return sumResourceLists(lists).sum;
}

/**
 * Entries of a cluster's capacity (own allocatable or declared, allocated,
 * allocating, borrowed virtual nodes) that are not resource names and
 * quantities, one line each, e.g.
 * `cluster edge virtual node liqo-partner: cpu 'x' is not a quantity: ...`.
 * Placement never fails on them (see `effectiveAllocatable`); callers
 * record them as findings.
 *
 * @public
 */
export function capacityProblems(
  cluster: Pick<FleetCluster, 'name' | 'capacity'>,
): string[] {
  const { capacity } = cluster;
  const ownKind = capacity.allocatable ? 'allocatable' : 'declared capacity';
  const sources: [string, unknown][] = [
    [ownKind, capacity.allocatable ?? capacity.declared],
    ['allocated', capacity.allocated],
    ['allocating', capacity.allocating],
    ...borrowedFromOutsideFleet(cluster).map((node): [string, unknown] => [
      `virtual node ${node.name}`,
      node.allocatable,
    ]),
  ];
  return sources.flatMap(([source, list]) =>
    readResourceList(list).problems.map(
      problem =>
        `cluster ${cluster.name} ${source}: ${describeResourceListProblem(
          problem,
        )}`,
    ),
  );
}

/**
 * The scheduling and advice view of an inventory cluster. Capacity comes from
 * the observed allocatable resources, or the declared capacity when the
 * cluster reports none, plus capacity borrowed through virtual nodes from
 * peers outside the fleet; the estimate per workload is left to the
 * estimator (a cluster-wide replica count would ignore the workload's
 * requests).
 *
 * @public
 */
export function toClusterProfile(cluster: FleetCluster): ClusterProfile {
  const { capacity } = cluster;
  const allocatable = effectiveAllocatable(cluster);
  const problems = capacityProblems(cluster);
  return {
    name: cluster.name,
    labels: cluster.labels,
    provider: cluster.provider,
    region: cluster.region,
    zones: cluster.zones,
    taints: cluster.taints,
    resourceSummary: allocatable
      ? {
          allocatable,
          allocated: capacity.allocated,
          allocating: capacity.allocating,
        }
      : undefined,
    clusterSets: cluster.connectivity?.clusterSets,
    environment: cluster.environment,
    tenant: cluster.tenant,
    workloadClass: cluster.workloadClass,
    health: cluster.health.status,
    ...(cluster.health.message ? { healthDetail: cluster.health.message } : {}),
    costPerCpuHour: cluster.costPerCpuHour,
    jurisdiction: cluster.jurisdiction,
    ...(problems.length > 0 ? { capacityProblems: problems } : {}),
  };
}
