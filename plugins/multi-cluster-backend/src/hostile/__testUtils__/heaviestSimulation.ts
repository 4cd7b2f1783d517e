import type { ScheduleRequest } from '@flotilla/plugin-multi-cluster-common';

/**
 * One of the heaviest valid simulations (286 kB as JSON): 4,950 posted
 * clusters in 900 regions of 1 to 10, spread over 100 to 900 regions and at
 * least 1,000 clusters (Karmada's region selection, a third of a second on
 * one core). The load test and the load bench send it in bursts.
 */
export function heaviestSimulation(): ScheduleRequest {
  const clusters = Array.from({ length: 900 }, (_, region) =>
    Array.from({ length: 1 + ((region * 7) % 10) }, (__, index) => ({
      name: `member-${region}-${index}`,
      region: `region-${region}`,
      availableReplicas: (region * 3 + index) % 7,
    })),
  ).flat();
  return {
    replicas: 1_000,
    placement: {
      replicaScheduling: {
        replicaSchedulingType: 'Divided',
        replicaDivisionPreference: 'Weighted',
        weightPreference: { dynamicWeight: 'AvailableReplicas' },
      },
      spreadConstraints: [
        { spreadByField: 'region', minGroups: 100, maxGroups: 900 },
        {
          spreadByField: 'cluster',
          minGroups: 1_000,
          maxGroups: clusters.length,
        },
      ],
    },
    clusters,
  };
}
