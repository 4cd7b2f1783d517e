import type { WhatIfClusterHeadroom } from '@flotilla/plugin-multi-cluster-common';

/** The two resources the what-if charts: CPU in cores, memory in GiB. */
export type ChartedResource = 'cpu' | 'memory';

const GIB = 1024 ** 3;

/** The plan counts CPU in millicores and memory in bytes; people read cores and GiB. */
export function inDisplayUnits(resource: ChartedResource, value: number) {
  return resource === 'cpu' ? value / 1000 : value / GIB;
}

export const UNIT: Record<ChartedResource, string> = {
  cpu: 'cores',
  memory: 'GiB',
};

/** `12.5 cores`, `64 GiB`: one decimal at most. */
export function formatAmount(resource: ChartedResource, value: number) {
  const amount = Math.round(inDisplayUnits(resource, value) * 10) / 10;
  return `${amount} ${UNIT[resource]}`;
}

/** One region's capacity before and after the loss, in display units. */
export type RegionCapacityRow = {
  region: string;
  usedBefore: number;
  freeBefore: number;
  usedAfter: number;
  freeAfter: number;
  /** The allocatable capacity of the region's lost clusters: gone after. */
  lost: number;
};

/** A region's clusters without one are grouped under this name. */
export const NO_REGION = '(no region)';

/**
 * Capacity used and free per region, before the loss (every cluster) and
 * after it (the survivors, with what the re-placed services take), plus what
 * the lost clusters took away. Free never goes below zero: an overcommitted
 * cluster has no room, not negative room.
 */
export function regionCapacityRows(
  clusters: WhatIfClusterHeadroom[],
  resource: ChartedResource,
): RegionCapacityRow[] {
  const rows = new Map<string, RegionCapacityRow>();
  for (const cluster of clusters) {
    const region = cluster.region ?? NO_REGION;
    const row = rows.get(region) ?? {
      region,
      usedBefore: 0,
      freeBefore: 0,
      usedAfter: 0,
      freeAfter: 0,
      lost: 0,
    };
    const { allocatable, usedBefore, usedAfter } = cluster[resource];
    row.usedBefore += usedBefore;
    row.freeBefore += Math.max(0, allocatable - usedBefore);
    if (cluster.lost) {
      row.lost += allocatable;
    } else {
      row.usedAfter += usedAfter;
      row.freeAfter += Math.max(0, allocatable - usedAfter);
    }
    rows.set(region, row);
  }
  const toDisplay = (value: number) =>
    Math.round(inDisplayUnits(resource, value) * 10) / 10;
  return [...rows.values()]
    .sort((a, b) => a.region.localeCompare(b.region))
    .map(row => ({
      region: row.region,
      usedBefore: toDisplay(row.usedBefore),
      freeBefore: toDisplay(row.freeBefore),
      usedAfter: toDisplay(row.usedAfter),
      freeAfter: toDisplay(row.freeAfter),
      lost: toDisplay(row.lost),
    }));
}
