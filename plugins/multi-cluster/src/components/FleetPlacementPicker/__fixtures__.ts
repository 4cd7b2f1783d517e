import type {
  PlacementAdvice,
  PlacementOptions,
} from '@flotilla/plugin-multi-cluster-common';

const cluster = (name: string, region: string, jurisdiction: string) => ({
  name,
  region,
  jurisdiction,
  environment: 'prod',
  health: 'healthy' as const,
  compliance: [],
});

/** A small fleet: three EU clusters, one in the US, one in Asia. */
export const pickerOptions: PlacementOptions = {
  regions: [
    {
      name: 'ap-south',
      providers: ['gcp'],
      clusters: ['ap-1'],
      jurisdictions: ['apac'],
    },
    {
      name: 'eu-west',
      providers: ['aws'],
      clusters: ['eu-1', 'eu-2', 'eu-3'],
      jurisdictions: ['eu'],
    },
    {
      name: 'us-east',
      providers: ['aws'],
      clusters: ['us-1'],
      jurisdictions: ['us'],
    },
  ],
  clusters: [
    cluster('ap-1', 'ap-south', 'apac'),
    cluster('eu-1', 'eu-west', 'eu'),
    cluster('eu-2', 'eu-west', 'eu'),
    cluster('eu-3', 'eu-west', 'eu'),
    cluster('us-1', 'us-east', 'us'),
  ],
  userRegions: ['eu-west', 'us-east'],
  jurisdictions: ['apac', 'eu', 'us'],
  compliance: ['pci-dss'],
  environments: ['prod', 'staging'],
  gpuModels: [],
};

const recommendation = (
  rank: number,
  strategy: string,
  split: { name: string; replicas: number }[],
) => ({
  rank,
  strategy,
  clusters: split.map(t => t.name),
  placement: { clusterAffinity: { clusterNames: split.map(t => t.name) } },
  split,
  regions: ['eu-west'],
  zones: [],
  score: { total: 90 - rank * 10, byObjective: {} },
  explanation: [],
});

/**
 * The advice the backend gives for the fixture fleet: auto puts 2 replicas
 * on eu-1 and 1 on eu-2, the second recommendation uses eu-3, us-1 is
 * excluded and ap-1 may run it but no recommendation uses it.
 */
export const pickerAdvice: PlacementAdvice = {
  recommendations: [
    recommendation(1, 'balanced', [
      { name: 'eu-1', replicas: 2 },
      { name: 'eu-2', replicas: 1 },
    ]),
    recommendation(2, 'cheapest', [{ name: 'eu-3', replicas: 3 }]),
  ],
  excluded: [
    {
      cluster: 'us-1',
      reasons: ['jurisdiction us is not allowed (allowed: eu)'],
    },
  ],
  rejected: [],
};
