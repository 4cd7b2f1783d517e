import type { ClusterProfile } from '../../fleet/cluster';
import { parseQuantity, quantityValue } from '../../scheduling/quantity';
import type { PlacementScorer } from '../types';

const GPU_RESOURCE_PATTERN = /(^|\.)gpu$|\/gpu$/;

/** GPU resources the workload requests, e.g. `nvidia.com/gpu`. */
export function requestedGpuResources(
  resourceRequest: Record<string, string> | undefined,
): string[] {
  return Object.entries(resourceRequest ?? {})
    .filter(
      ([name, amount]) =>
        GPU_RESOURCE_PATTERN.test(name) && parseQuantity(amount).nanos > 0n,
    )
    .map(([name]) => name);
}

function freeUnits(cluster: ClusterProfile, resource: string): number {
  const summary = cluster.resourceSummary;
  const amount = (list?: Record<string, string>) =>
    list?.[resource] ? quantityValue(parseQuantity(list[resource])) : 0;
  return (
    amount(summary?.allocatable) -
    amount(summary?.allocated) -
    amount(summary?.allocating)
  );
}

/**
 * For GPU workloads: more free GPUs score higher (headroom for the job to
 * grow); for CPU-only workloads, clusters with GPUs score lower, to keep
 * scarce accelerators free for the work that needs them.
 *
 * @public
 */
export const gpuScorer: PlacementScorer = {
  id: 'gpu',
  weight: 2,
  score(cluster, { requirements, eligible }) {
    const gpus = requestedGpuResources(requirements.resourceRequest);
    const clusterGpus = (c: ClusterProfile) =>
      Object.keys(c.resourceSummary?.allocatable ?? {})
        .filter(name => GPU_RESOURCE_PATTERN.test(name))
        .reduce((sum, name) => sum + Math.max(0, freeUnits(c, name)), 0);
    if (gpus.length === 0) {
      return clusterGpus(cluster) > 0 ? 0 : 100;
    }
    const most = Math.max(...eligible.map(clusterGpus));
    return most === 0 ? 0 : (100 * clusterGpus(cluster)) / most;
  },
  explain(cluster, { requirements }) {
    const gpus = requestedGpuResources(requirements.resourceRequest);
    const free = Object.keys(cluster.resourceSummary?.allocatable ?? {})
      .filter(name => GPU_RESOURCE_PATTERN.test(name))
      .map(name => `${freeUnits(cluster, name)} ${name} free`);
    if (gpus.length === 0) {
      return free.length > 0
        ? `keeps GPUs (${free.join(', ')}) for GPU workloads`
        : 'no GPUs to keep free';
    }
    return free.join(', ') || 'no GPUs';
  },
};
