import type { ClusterProfile } from '../../../fleet/cluster';
import type { DrStrategyId } from '../../strategies';
import type { ServiceDrSpec } from '../../service';
import type { WhatIfServiceInput } from '../types';

/**
 * A cluster with `cpu` cores, `memoryGi` and 110 pods allocatable, of which
 * `usedCpu` (a quantity), `usedMemoryGi` and `usedPods` are allocated.
 */
export function member(
  name: string,
  region: string,
  provider: string,
  capacity: {
    cpu: number;
    usedCpu: string;
    memoryGi?: number;
    usedMemoryGi?: number;
    usedPods?: number;
  },
  rest: Partial<ClusterProfile> = {},
): ClusterProfile {
  const { memoryGi = 32, usedMemoryGi = 0, usedPods = 10 } = capacity;
  return {
    name,
    region,
    provider,
    health: 'healthy',
    resourceSummary: {
      allocatable: {
        cpu: String(capacity.cpu),
        memory: `${memoryGi}Gi`,
        pods: '110',
      },
      allocated: {
        cpu: capacity.usedCpu,
        memory: `${usedMemoryGi}Gi`,
        pods: String(usedPods),
      },
    },
    ...rest,
  };
}

/**
 * Two lost-able clusters in eu-west (aws, gcp), two survivors in us-east
 * with 4 and 1 cores free, and ap-1 in ap-south with 64 cores free but
 * unhealthy.
 */
export function smallFleet(): ClusterProfile[] {
  return [
    member('eu-1', 'eu-west', 'aws', { cpu: 8, usedCpu: '2', usedMemoryGi: 8 }),
    member('eu-2', 'eu-west', 'gcp', { cpu: 8, usedCpu: '2', usedMemoryGi: 8 }),
    // 8 - 4 = 4 cores free, 32Gi - 16Gi = 16Gi free.
    member('us-1', 'us-east', 'aws', {
      cpu: 8,
      usedCpu: '4',
      usedMemoryGi: 16,
    }),
    // 4 - 3 = 1 core free, 16Gi - 4Gi = 12Gi free.
    member('us-2', 'us-east', 'gcp', {
      cpu: 4,
      usedCpu: '3',
      memoryGi: 16,
      usedMemoryGi: 4,
    }),
    member(
      'ap-1',
      'ap-south',
      'azure',
      { cpu: 64, usedCpu: '0' },
      { health: 'unhealthy', healthDetail: 'probe: connection refused' },
    ),
  ];
}

export function service(
  name: string,
  placement: { name: string; replicas: number }[],
  spec: Partial<ServiceDrSpec> & { strategy?: DrStrategyId } = {},
  dependencies?: WhatIfServiceInput['dependencies'],
): WhatIfServiceInput {
  return {
    spec: {
      entityRef: `component:default/${name}`,
      strategy: 'active-active',
      ...spec,
    },
    placement,
    ...(dependencies ? { dependencies } : {}),
  };
}
