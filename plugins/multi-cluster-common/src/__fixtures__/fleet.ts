import type { ClusterProfile } from '../fleet/cluster';

/** A cluster with `cpu` cores, `memory` and `pods` free (nothing allocated). */
export function fleetCluster(
  name: string,
  options: Partial<ClusterProfile> & {
    cpu?: number;
    memoryGi?: number;
    pods?: number;
    gpus?: number;
  } = {},
): ClusterProfile {
  const { cpu = 32, memoryGi = 128, pods = 110, gpus, ...rest } = options;
  return {
    name,
    health: 'healthy',
    resourceSummary: {
      allocatable: {
        cpu: String(cpu),
        memory: `${memoryGi}Gi`,
        pods: String(pods),
        ...(gpus ? { 'nvidia.com/gpu': String(gpus) } : {}),
      },
      allocated: { cpu: '0', memory: '0', pods: '0' },
    },
    ...rest,
  };
}

/** Six clusters across three regions, two providers and two jurisdictions. */
export const sampleFleet: ClusterProfile[] = [
  fleetCluster('eu-aws', {
    provider: 'aws',
    region: 'eu-west',
    zones: ['eu-west-a', 'eu-west-b'],
    jurisdiction: 'eu',
    costPerCpuHour: 0.05,
    latencyMs: { 'us-east': 80, 'ap-southeast': 160 },
    labels: { 'flotilla.io/environment': 'prod' },
  }),
  fleetCluster('eu-gcp', {
    provider: 'gcp',
    region: 'eu-west',
    zones: ['eu-west-c'],
    jurisdiction: 'eu',
    costPerCpuHour: 0.04,
    latencyMs: { 'us-east': 85, 'ap-southeast': 170 },
    compliance: ['pci-dss'],
    labels: { 'flotilla.io/environment': 'prod' },
  }),
  fleetCluster('us-aws', {
    provider: 'aws',
    region: 'us-east',
    zones: ['us-east-a', 'us-east-b', 'us-east-c'],
    jurisdiction: 'us',
    costPerCpuHour: 0.03,
    latencyMs: { 'eu-west': 80, 'ap-southeast': 200 },
    labels: { 'flotilla.io/environment': 'prod' },
  }),
  fleetCluster('us-gpu', {
    provider: 'aws',
    region: 'us-east',
    zones: ['us-east-a'],
    jurisdiction: 'us',
    costPerCpuHour: 0.09,
    gpus: 8,
    latencyMs: { 'eu-west': 80, 'ap-southeast': 200 },
    taints: [
      { key: 'flotilla.io/dedicated', value: 'gpu', effect: 'NoSchedule' },
    ],
    labels: { 'flotilla.io/environment': 'prod' },
  }),
  fleetCluster('ap-gcp', {
    provider: 'gcp',
    region: 'ap-southeast',
    zones: ['ap-southeast-a'],
    jurisdiction: 'sg',
    costPerCpuHour: 0.06,
    latencyMs: { 'eu-west': 160, 'us-east': 200 },
    labels: { 'flotilla.io/environment': 'prod' },
  }),
  fleetCluster('eu-staging', {
    provider: 'aws',
    region: 'eu-west',
    zones: ['eu-west-a'],
    jurisdiction: 'eu',
    costPerCpuHour: 0.05,
    cpu: 4,
    labels: { 'flotilla.io/environment': 'staging' },
  }),
];
