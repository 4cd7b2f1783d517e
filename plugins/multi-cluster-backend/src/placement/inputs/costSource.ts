import type {
  ClusterProfile,
  FleetCluster,
} from '@flotilla/plugin-multi-cluster-common';
import type { CachedRead } from './CachedReads';
import type { NodeCapacity } from './nodeCapacity';
import type { OpenCostPrice } from './openCost';
import { priceFromTable, type PriceEntry } from './priceTable';

const round = (n: number) => Number(n.toPrecision(6));

/**
 * Cost per CPU-hour, first source that knows: OpenCost on the cluster,
 * the configured price table for its Nodes' instance types, the
 * `flotilla.io/cost-per-cpu-hour` annotation; else unknown, saying why each
 * source had nothing.
 */
export function applyCost(
  profile: ClusterProfile,
  cluster: FleetCluster,
  reads: {
    openCost?: CachedRead<OpenCostPrice>;
    nodes?: CachedRead<NodeCapacity>;
    prices: readonly PriceEntry[];
  },
): void {
  const inputs = (profile.inputs ??= {});
  const why: string[] = [];
  const openCost = reads.openCost?.value;
  if (openCost?.ok) {
    profile.costPerCpuHour = openCost.costPerCpuHour;
    inputs.cost = {
      source: 'opencost',
      known: true,
      detail: `OpenCost: cpuCost ${round(openCost.cpuCost)} over ${round(
        openCost.cpuCoreHours,
      )} CPU core-hours = ${round(openCost.costPerCpuHour)} per CPU-hour`,
      readAt: reads.openCost?.readAt,
    };
    return;
  }
  if (reads.openCost) {
    why.push(
      `OpenCost: ${openCost?.reason ?? reads.openCost.error ?? 'not read'}`,
    );
  }
  const nodes = reads.nodes?.value;
  if (nodes && reads.prices.length > 0) {
    const price = priceFromTable(reads.prices, cluster, nodes.priced);
    if (price.ok) {
      profile.costPerCpuHour = price.costPerCpuHour;
      inputs.cost = {
        source: 'price-table',
        known: true,
        detail: `price table: ${price.nodes} Nodes (${price.instanceTypes.join(
          ', ',
        )}) = ${round(price.costPerCpuHour)} per CPU-hour`,
        readAt: reads.nodes?.readAt,
      };
      return;
    }
    why.push(`price table: ${price.reason}`);
  } else if (reads.prices.length > 0) {
    why.push('price table: the Nodes were not read');
  }
  if (cluster.costPerCpuHour !== undefined) {
    profile.costPerCpuHour = cluster.costPerCpuHour;
    inputs.cost = {
      source: 'annotation',
      known: true,
      detail: `flotilla.io/cost-per-cpu-hour: ${cluster.costPerCpuHour}${
        why.length ? ` (${why.join('; ')})` : ''
      }`,
    };
    return;
  }
  delete profile.costPerCpuHour;
  inputs.cost = {
    source: 'unknown',
    known: false,
    detail: `no cost known${
      why.length ? `: ${why.join('; ')}` : ''
    }; no flotilla.io/cost-per-cpu-hour annotation`,
  };
}
