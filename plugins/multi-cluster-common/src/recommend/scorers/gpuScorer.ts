import type { ClusterProfile } from '../../fleet/cluster';
import { ownQuantity } from '../../quantity/resourceList';
import {
  quantityValue,
  tryParseQuantity,
  tryParseRequestQuantity,
} from '../../quantity';
import type { PlacementScorer, WorkloadRequirements } from '../types';
import { acceptedGpus } from '../gpuModels';

const GPU_RESOURCE_PATTERN = /(^|\.)gpu$|\/gpu$/;

/**
 * GPU resources the workload requests (a positive quantity), e.g.
 * `nvidia.com/gpu`. Requests are validated before scoring; an entry that is
 * not a quantity is simply not a request here.
 */
export function requestedGpuResources(
  resourceRequest: Record<string, string> | undefined,
): string[] {
  return Object.entries(resourceRequest ?? {})
    .filter(([name, amount]) => {
      if (!GPU_RESOURCE_PATTERN.test(name)) return false;
      const parsed = tryParseRequestQuantity(amount);
      return parsed.ok && parsed.quantity.nanos > 0n;
    })
    .map(([name]) => name);
}

/** Whole units of a reported entry: 0 when missing, NaN when not a quantity. */
function reportedUnits(
  list: Record<string, string> | undefined,
  resource: string,
): number {
  const text = ownQuantity(list, resource);
  if (text === undefined) return 0;
  const parsed = tryParseQuantity(text);
  return parsed.ok ? quantityValue(parsed.quantity) : NaN;
}

/** Free GPUs of one resource; 0 when the cluster reports garbage for it. */
function freeUnits(cluster: ClusterProfile, resource: string): number {
  const summary = cluster.resourceSummary;
  const free =
    reportedUnits(summary?.allocatable, resource) -
    reportedUnits(summary?.allocated, resource) -
    reportedUnits(summary?.allocating, resource);
  return Number.isNaN(free) ? 0 : free;
}

/**
 * Free GPUs of a cluster: of the accepted models when the workload names
 * models and the cluster's models are known, else of every GPU resource in
 * its resource summary.
 */
function freeGpus(
  cluster: ClusterProfile,
  requirements: WorkloadRequirements,
): number {
  if (requirements.gpuModels?.length && cluster.gpuModels) {
    return (acceptedGpus(cluster, requirements) ?? []).reduce(
      (sum, g) => sum + Math.max(0, g.free),
      0,
    );
  }
  return Object.keys(cluster.resourceSummary?.allocatable ?? {})
    .filter(name => GPU_RESOURCE_PATTERN.test(name))
    .reduce((sum, name) => sum + Math.max(0, freeUnits(cluster, name)), 0);
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
    const clusterGpus = (c: ClusterProfile) => freeGpus(c, requirements);
    if (gpus.length === 0) {
      return clusterGpus(cluster) > 0 ? 0 : 100;
    }
    const most = Math.max(...eligible.map(clusterGpus));
    return most === 0 ? 0 : (100 * clusterGpus(cluster)) / most;
  },
  explain(cluster, { requirements }) {
    const gpus = requestedGpuResources(requirements.resourceRequest);
    if (requirements.gpuModels?.length && cluster.gpuModels) {
      const models = acceptedGpus(cluster, requirements) ?? [];
      return (
        models.map(g => `${g.free} ${g.model} free`).join(', ') ||
        'no GPUs of the accepted models'
      );
    }
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
