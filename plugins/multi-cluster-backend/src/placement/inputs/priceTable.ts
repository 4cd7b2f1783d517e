import type { PricedNode } from './nodeCapacity';

/** One row of `multiCluster.placement.prices`. */
export interface PriceEntry {
  provider: string;
  /** Absent: the price in every region of the provider. */
  region?: string;
  instanceType: string;
  pricePerHour: number;
}

/** A cluster's CPU-weighted price from the table, or which types had none. */
export type TablePrice =
  | { ok: true; costPerCpuHour: number; nodes: number; instanceTypes: string[] }
  | { ok: false; reason: string };

/** The row for an instance type: the region's own, else the provider-wide one. */
function rowFor(
  table: readonly PriceEntry[],
  where: { provider?: string; region?: string },
  instanceType: string,
): PriceEntry | undefined {
  const rows = table.filter(
    row => row.provider === where.provider && row.instanceType === instanceType,
  );
  return (
    rows.find(row => row.region !== undefined && row.region === where.region) ??
    rows.find(row => row.region === undefined)
  );
}

/**
 * The price of one CPU core for one hour on a cluster, from what its Nodes
 * cost: the sum of the Nodes' hourly prices over the sum of their cores.
 * E.g. 6 m6i.2xlarge (8 cores, 0.384/h) and 4 c6i.4xlarge (16 cores,
 * 0.68/h): (6 x 0.384 + 4 x 0.68) / (6 x 8 + 4 x 16) = 5.024 / 112 =
 * 0.04486 per CPU-hour. Unknown unless every own Node has a price, so a
 * partial table never makes a cluster look cheaper than it is.
 */
export function priceFromTable(
  table: readonly PriceEntry[],
  where: { provider?: string; region?: string },
  nodes: readonly PricedNode[],
): TablePrice {
  if (nodes.length === 0) return { ok: false, reason: 'no Nodes to price' };
  const missing = new Set<string>();
  let price = 0;
  let cores = 0;
  for (const node of nodes) {
    const type = node.instanceType;
    const row = type ? rowFor(table, where, type) : undefined;
    if (!row) {
      missing.add(type ?? '(no instance-type label)');
      continue;
    }
    price += row.pricePerHour;
    cores += node.cpu;
  }
  if (missing.size > 0) {
    const place = [
      where.provider ?? 'unknown provider',
      where.region ?? 'unknown region',
    ].join(' ');
    return {
      ok: false,
      reason: `no price for ${[...missing].sort().slice(0, 5).join(', ')}${
        missing.size > 5 ? ` and ${missing.size - 5} more` : ''
      } in ${place}`,
    };
  }
  if (cores <= 0) return { ok: false, reason: 'the Nodes report no CPU' };
  const types = [...new Set(nodes.map(n => n.instanceType!))].sort();
  return {
    ok: true,
    costPerCpuHour: price / cores,
    nodes: nodes.length,
    instanceTypes: types,
  };
}
