import type { ClusterProfile } from '../fleet/cluster';
import { listForSentence } from '../text/listForSentence';
import type { GpuModelCapacity } from './inputs';
import type { WorkloadRequirements } from './types';

/** The cluster's GPUs of the models the workload accepts (all when it names none). */
export function acceptedGpus(
  cluster: ClusterProfile,
  requirements: WorkloadRequirements,
): GpuModelCapacity[] | undefined {
  const accepted = requirements.gpuModels ?? [];
  if (!cluster.gpuModels) return undefined;
  return accepted.length === 0
    ? cluster.gpuModels
    : cluster.gpuModels.filter(g => accepted.includes(g.model));
}

/**
 * Why a cluster cannot run a workload that names GPU models: it has no
 * free GPU of any of them (naming the models it has), or its models are
 * not known (its Nodes were not read). Undefined when it can, or when the
 * workload names no model.
 */
export function gpuModelProblem(
  cluster: ClusterProfile,
  requirements: WorkloadRequirements,
): string | undefined {
  const accepted = requirements.gpuModels ?? [];
  if (accepted.length === 0) return undefined;
  const wanted = listForSentence(accepted, String, 3);
  const gpus = acceptedGpus(cluster, requirements);
  if (!gpus)
    return `GPU models unknown (its Nodes were not read); accepts only ${wanted}`;
  if (gpus.some(g => g.free > 0)) return undefined;
  const has = (cluster.gpuModels ?? []).map(
    g => `${g.model} (${g.free} of ${g.allocatable} free)`,
  );
  return `no free GPU of ${wanted}${
    has.length
      ? `; it has ${listForSentence(has, String, 3)}`
      : '; it has no GPUs'
  }`;
}
