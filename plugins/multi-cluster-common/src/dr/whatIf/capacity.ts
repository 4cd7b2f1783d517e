/**
 * The survivors' capacity while a what-if places services one after another:
 * working copies of the fleet whose `resourceSummary.allocated` grows by what
 * each placement takes, so the next service's `schedule` sees it.
 */
import type { ClusterProfile } from '../../fleet/cluster';
import { isSchedulableHealth } from '../../fleet/cluster';
import { readResourceEntries } from '../../quantity/resourceList';
import type { ResourceList } from '../../scheduling/types';
import { entryNanos, formatSum } from './quantities';

/** What one replica takes of one resource. */
export interface ResourceShare {
  resource: string;
  nanos: bigint;
  /** Written with a binary suffix (`512Mi`): sums stay binary. */
  binary: boolean;
}

const ONE_POD: ResourceShare = {
  resource: 'pods',
  nanos: 1_000_000_000n,
  binary: false,
};
const BINARY_SUFFIX = /[KMGTPE]i$/;

/**
 * What one replica takes: its positive requests and one pod (the estimator
 * counts pods). `problem` when the request is not a resource list.
 */
export function replicaShares(resourceRequest: ResourceList | undefined): {
  shares: ResourceShare[];
  problem?: string;
} {
  const { entries, problems } = readResourceEntries(
    resourceRequest,
    'resourceRequest',
    { requests: true },
  );
  if (problems.length > 0)
    return { shares: [], problem: problems[0].error.message };
  const shares = entries
    .filter(entry => entry.quantity.nanos > 0n && entry.resource !== 'pods')
    .map(entry => ({
      resource: entry.resource,
      nanos: entry.quantity.nanos,
      binary: BINARY_SUFFIX.test(entry.text),
    }));
  return { shares: [...shares, ONE_POD] };
}

/** A copy the ledger may change without touching the caller's fleet. */
function workingCopy(cluster: ClusterProfile): ClusterProfile {
  return { ...cluster };
}

/** The fleet's working copies, and which of them may take replicas. */
export class CapacityLedger {
  /** Working copies in fleet order, one per name (the last entry wins). */
  readonly clusters: ClusterProfile[];
  /** Working copies that may take replicas: not lost, not unhealthy. */
  readonly survivors: ClusterProfile[];
  private readonly byName = new Map<string, ClusterProfile>();
  /** Free amounts already computed, per cluster and resource, until it takes more. */
  private readonly freeCache = new Map<
    string,
    Map<string, bigint | undefined>
  >();

  constructor(fleet: readonly ClusterProfile[], lost: ReadonlySet<string>) {
    for (const cluster of fleet)
      this.byName.set(cluster.name, workingCopy(cluster));
    this.clusters = [...this.byName.values()];
    this.survivors = this.clusters.filter(
      cluster => !lost.has(cluster.name) && isSchedulableHealth(cluster.health),
    );
  }

  cluster(name: string): ClusterProfile | undefined {
    return this.byName.get(name);
  }

  /** Adds `replicas` x `shares` to the cluster's allocated (and takes them from `availableReplicas`). */
  take(name: string, replicas: number, shares: readonly ResourceShare[]): void {
    const cluster = this.byName.get(name);
    if (!cluster || replicas <= 0) return;
    const summary = cluster.resourceSummary ?? {};
    const allocated: ResourceList = { ...summary.allocated };
    for (const share of shares) {
      const current = entryNanos(allocated, share.resource);
      // An entry that is not a quantity stays as it is: the estimator
      // already counts that resource as unavailable.
      if (current === undefined) continue;
      const before = allocated[share.resource];
      allocated[share.resource] = formatSum(
        current + BigInt(replicas) * share.nanos,
        share.binary || (before !== undefined && BINARY_SUFFIX.test(before)),
      );
    }
    cluster.resourceSummary = { ...summary, allocated };
    this.freeCache.delete(name);
    const reported = cluster.availableReplicas;
    if (reported !== undefined && reported >= 0) {
      cluster.availableReplicas = Math.max(0, reported - replicas);
    }
  }

  /** allocatable - allocated - allocating of one resource; undefined when unknown. */
  free(name: string, resource: string): bigint | undefined {
    let known = this.freeCache.get(name);
    if (!known) {
      known = new Map();
      this.freeCache.set(name, known);
    }
    if (!known.has(resource)) known.set(resource, this.freeNow(name, resource));
    return known.get(resource);
  }

  private freeNow(name: string, resource: string): bigint | undefined {
    const summary = this.byName.get(name)?.resourceSummary;
    const allocatable = summary?.allocatable;
    if (
      !allocatable ||
      !Object.prototype.hasOwnProperty.call(allocatable, resource)
    ) {
      return undefined;
    }
    const total = entryNanos(allocatable, resource);
    const allocated = entryNanos(summary.allocated, resource);
    const allocating = entryNanos(summary.allocating, resource);
    if (
      total === undefined ||
      allocated === undefined ||
      allocating === undefined
    ) {
      return undefined;
    }
    return total - allocated - allocating;
  }
}
