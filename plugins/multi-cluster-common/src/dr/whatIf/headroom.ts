/**
 * Headroom before and after a what-if, per cluster and per region: CPU in
 * millicores and memory in bytes. Used is allocated plus allocating (what
 * the estimator counts as taken); an entry that is not a quantity counts 0.
 */
import type { ClusterProfile } from '../../fleet/cluster';
import type { ResourceSummary } from '../../scheduling/types';
import type { CapacityLedger } from './capacity';
import { entryNanos, millicores, wholeUnits } from './quantities';
import type {
  WhatIfCapacityUse,
  WhatIfClusterHeadroom,
  WhatIfRegionHeadroom,
} from './types';

type Amounts = { allocatable: bigint; used: bigint };

function amounts(
  summary: ResourceSummary | undefined,
  resource: string,
): Amounts {
  const allocatable = entryNanos(summary?.allocatable, resource) ?? 0n;
  const allocated = entryNanos(summary?.allocated, resource) ?? 0n;
  const allocating = entryNanos(summary?.allocating, resource) ?? 0n;
  return { allocatable, used: allocated + allocating };
}

function use(
  resource: string,
  convert: (nanos: bigint) => number,
  before: ClusterProfile,
  after: ClusterProfile | undefined,
  lost: boolean,
): WhatIfCapacityUse {
  const was = amounts(before.resourceSummary, resource);
  return {
    allocatable: convert(was.allocatable),
    usedBefore: convert(was.used),
    usedAfter: lost
      ? 0
      : convert(amounts(after?.resourceSummary, resource).used),
  };
}

/** Every cluster of the fleet (one per name, the last entry), sorted by name. */
export function clusterHeadroom(
  fleet: readonly ClusterProfile[],
  ledger: CapacityLedger,
  lost: ReadonlySet<string>,
): WhatIfClusterHeadroom[] {
  const last = new Map(fleet.map(cluster => [cluster.name, cluster]));
  return [...last.values()]
    .sort((a, b) => (a.name < b.name ? -1 : Number(a.name > b.name)))
    .map(cluster => {
      const isLost = lost.has(cluster.name);
      const after = ledger.cluster(cluster.name);
      return {
        name: cluster.name,
        ...(cluster.region !== undefined ? { region: cluster.region } : {}),
        ...(cluster.provider !== undefined
          ? { provider: cluster.provider }
          : {}),
        lost: isLost,
        cpu: use('cpu', millicores, cluster, after, isLost),
        memory: use('memory', wholeUnits, cluster, after, isLost),
      };
    });
}

function addUse(total: WhatIfCapacityUse, part: WhatIfCapacityUse): void {
  total.allocatable += part.allocatable;
  total.usedBefore += part.usedBefore;
  total.usedAfter += part.usedAfter;
}

const emptyUse = (): WhatIfCapacityUse => ({
  allocatable: 0,
  usedBefore: 0,
  usedAfter: 0,
});

/** Sums per region, sorted by region; clusters without a region are left out. */
export function regionHeadroom(
  clusters: readonly WhatIfClusterHeadroom[],
): WhatIfRegionHeadroom[] {
  const regions = new Map<string, WhatIfRegionHeadroom>();
  for (const cluster of clusters) {
    if (cluster.region === undefined) continue;
    let region = regions.get(cluster.region);
    if (!region) {
      region = {
        region: cluster.region,
        clusters: 0,
        lostClusters: 0,
        cpu: emptyUse(),
        memory: emptyUse(),
      };
      regions.set(cluster.region, region);
    }
    region.clusters += 1;
    if (cluster.lost) region.lostClusters += 1;
    addUse(region.cpu, cluster.cpu);
    addUse(region.memory, cluster.memory);
  }
  return [...regions.values()].sort((a, b) =>
    a.region < b.region ? -1 : Number(a.region > b.region),
  );
}
