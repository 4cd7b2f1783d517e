import type { ClusterProfile } from '../../fleet/cluster';
import type { KarmadaPlacement } from '../../scheduling/placement';
import { schedule } from '../../scheduling/schedule';
import type { WorkloadRequirements } from '../types';

/** A placement for a candidate set and the split `schedule` makes of it. */
export interface ScheduledCandidate {
  placement: KarmadaPlacement;
  split: { name: string; replicas: number }[];
}

/** A Karmada placement dividing the replicas over exactly these clusters. */
function placementFor(
  clusters: string[],
  requirements: WorkloadRequirements,
  weighting: 'dynamic' | 'equal',
): KarmadaPlacement {
  const sortedNames = [...clusters].sort();
  return {
    clusterAffinity: { clusterNames: sortedNames },
    ...(requirements.tolerations?.length
      ? { clusterTolerations: requirements.tolerations }
      : {}),
    replicaScheduling: {
      replicaSchedulingType: 'Divided',
      replicaDivisionPreference: 'Weighted',
      weightPreference:
        weighting === 'dynamic'
          ? { dynamicWeight: 'AvailableReplicas' }
          : {
              staticWeightList: sortedNames.map(name => ({
                targetCluster: { clusterNames: [name] },
                weight: 1,
              })),
            },
    },
  };
}

/**
 * The first weighting (dynamic, then equal) whose split `schedule` accepts
 * and that spans the required regions, or why neither did.
 */
export function scheduleCandidate(
  names: string[],
  requirements: WorkloadRequirements,
  fleet: ClusterProfile[],
): ScheduledCandidate | { failure: string } {
  let failure = '';
  for (const weighting of ['dynamic', 'equal'] as const) {
    const placement = placementFor(names, requirements, weighting);
    try {
      const result = schedule({
        replicas: requirements.replicas,
        placement,
        clusters: fleet,
        replicaRequirements: requirements.resourceRequest
          ? { resourceRequest: requirements.resourceRequest }
          : undefined,
        reachability: requirements.reachability,
      });
      const split = result.targets.map(t => ({
        name: t.name,
        replicas: t.replicas ?? 0,
      }));
      const regions = new Set(
        split.map(t => fleet.find(c => c.name === t.name)?.region),
      );
      if (regions.size >= (requirements.minRegions ?? 1)) {
        return { placement, split };
      }
      failure = `${requirements.replicas} replicas do not span ${requirements.minRegions} regions`;
    } catch (error) {
      failure = (error as Error).message;
    }
  }
  return { failure };
}
