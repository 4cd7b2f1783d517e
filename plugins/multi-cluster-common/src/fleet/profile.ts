import type { FleetCluster } from '../api/fleet';
import type { VirtualNode } from '../connectivity/types';
import { parseQuantity, Quantity } from '../scheduling/quantity';
import type { ResourceList } from '../scheduling/types';
import type { ClusterProfile } from './cluster';

const NANOS_PER_UNIT = 1_000_000_000n;
const NANOS_PER_MILLI = 1_000_000n;
const BINARY_SUFFIXES: [string, bigint][] = [
  ['Ei', 1n << 60n],
  ['Pi', 1n << 50n],
  ['Ti', 1n << 40n],
  ['Gi', 1n << 30n],
  ['Mi', 1n << 20n],
  ['Ki', 1n << 10n],
];
const BINARY_SUFFIX = /(Ki|Mi|Gi|Ti|Pi|Ei)$/;

/**
 * Exact text of a quantity: the largest binary suffix that divides it when
 * an operand was binary (memory stays readable as `144Gi`), else whole
 * units, milli-units or nano-units, whichever is exact.
 */
function formatQuantity(quantity: Quantity, binary: boolean): string {
  const { nanos } = quantity;
  if (nanos % NANOS_PER_UNIT === 0n) {
    const units = nanos / NANOS_PER_UNIT;
    if (binary && units !== 0n) {
      for (const [suffix, size] of BINARY_SUFFIXES) {
        if (units % size === 0n) return `${units / size}${suffix}`;
      }
    }
    return units.toString();
  }
  if (nanos % NANOS_PER_MILLI === 0n) return `${nanos / NANOS_PER_MILLI}m`;
  return `${nanos}n`;
}

/**
 * Sums resource lists exactly (`500m` + `2` cpu is `2500m`, `128Gi` + `16Gi`
 * memory is `144Gi`); a resource missing from a list counts as zero.
 * `describe` names a list in the error when one of its quantities is invalid.
 *
 * @public
 */
export function addResourceLists(
  lists: readonly ResourceList[],
  describe: (index: number) => string = index => `resource list ${index}`,
): ResourceList {
  const totals = new Map<string, { nanos: bigint; binary: boolean }>();
  lists.forEach((list, index) => {
    for (const [name, text] of Object.entries(list)) {
      let quantity: Quantity;
      try {
        quantity = parseQuantity(text);
      } catch (error) {
        throw new Error(
          `${describe(index)}: ${name} '${text}' is not a quantity: ${
            (error as Error).message
          }`,
        );
      }
      const total = totals.get(name) ?? { nanos: 0n, binary: false };
      total.nanos += quantity.nanos;
      total.binary ||= BINARY_SUFFIX.test(String(text).trim());
      totals.set(name, total);
    }
  });
  const sum: ResourceList = {};
  for (const [name, total] of totals) {
    sum[name] = formatQuantity({ nanos: total.nanos }, total.binary);
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
  if (borrowed.length === 0) return own;
  const lists = [...(own ? [own] : []), ...borrowed.map(n => n.allocatable)];
  const offset = own ? 1 : 0;
  return addResourceLists(lists, index =>
    index < offset
      ? `cluster ${cluster.name} allocatable`
      : `cluster ${cluster.name} virtual node ${borrowed[index - offset].name}`,
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
    costPerCpuHour: cluster.costPerCpuHour,
    jurisdiction: cluster.jurisdiction,
  };
}
