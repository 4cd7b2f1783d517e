import type { ClusterProfile } from '../fleet/cluster';
import { ineligibilityReasons } from './eligibility';
import { gpuScorer } from './scorers/gpuScorer';
import type { WorkloadRequirements } from './types';

const gpuCluster = (
  name: string,
  gpuModels: ClusterProfile['gpuModels'],
): ClusterProfile => ({
  name,
  resourceSummary: {
    allocatable: {
      cpu: '100',
      memory: '100Gi',
      pods: '100',
      'nvidia.com/gpu': '16',
    },
  },
  gpuModels,
});

const a10g = (free: number) => ({
  resource: 'nvidia.com/gpu',
  model: 'NVIDIA-A10G',
  allocatable: 8,
  free,
});
const a100 = (free: number) => ({
  resource: 'nvidia.com/gpu',
  model: 'NVIDIA-A100-SXM4-80GB',
  allocatable: 8,
  free,
});

const requirements: WorkloadRequirements = {
  replicas: 1,
  resourceRequest: { cpu: '1', 'nvidia.com/gpu': '1' },
  gpuModels: ['NVIDIA-A100-SXM4-80GB'],
};

describe('GPU models', () => {
  it('excludes a cluster with no free GPU of an accepted model, naming the models it has', () => {
    expect(
      ineligibilityReasons(gpuCluster('a', [a10g(8), a100(0)]), requirements),
    ).toEqual([
      'no free GPU of NVIDIA-A100-SXM4-80GB; it has NVIDIA-A10G (8 of 8 free) and NVIDIA-A100-SXM4-80GB (0 of 8 free)',
    ]);
    expect(
      ineligibilityReasons(gpuCluster('b', undefined), requirements),
    ).toEqual([
      'GPU models unknown (its Nodes were not read); accepts only NVIDIA-A100-SXM4-80GB',
    ]);
    expect(
      ineligibilityReasons(gpuCluster('c', [a100(1)]), requirements),
    ).toEqual([]);
  });

  it('scores only the free GPUs of the accepted models', () => {
    // c: 2 free A100s (its 8 free A10Gs do not count); d: 4 free A100s.
    // The most is 4: c scores 100 x 2 / 4 = 50, d 100.
    const c = gpuCluster('c', [a10g(8), a100(2)]);
    const d = gpuCluster('d', [a100(4)]);
    const context = { requirements, eligible: [c, d] };
    expect(gpuScorer.score(c, context)).toBe(50);
    expect(gpuScorer.score(d, context)).toBe(100);
    expect(gpuScorer.explain?.(c, context)).toBe(
      '2 NVIDIA-A100-SXM4-80GB free',
    );
  });
});
