import {
  recommendPlacement,
  schedule,
  toClusterProfile,
  type PlacementAdvice,
  type WorkloadRequirements,
  type ClusterSnapshot,
  type ScheduleRequest,
  type ScheduleResult,
} from '@flotilla/plugin-multi-cluster-common';
import { FleetInventoryService } from '../inventory/FleetInventory';
import { FleetCluster } from '../inventory/types';
import { toClusterSnapshot } from './snapshots';

/** A simulate request: a ScheduleRequest whose clusters are optional. */
export type SimulateRequest = Omit<ScheduleRequest, 'clusters'> & {
  clusters?: ClusterSnapshot[];
};

/** Result of a simulation, with which fleet was used. */
export type SimulateResult = ScheduleResult & {
  fleet: 'live' | 'request';
  clusterCount: number;
};

/** True for the scheduler's PlacementError (422 with Karmada's message). */
export function isPlacementError(
  error: unknown,
): error is Error & { code?: string; reason?: string } {
  return (
    error instanceof Error &&
    (error.name === 'PlacementError' ||
      error.constructor?.name === 'PlacementError')
  );
}

/**
 * Runs the Karmada-exact scheduler (and placement advice) on the live fleet,
 * or the scheduler on clusters given in the request.
 */
export class PlacementSimulator {
  constructor(private readonly inventory: FleetInventoryService) {}

  /** The live fleet as scheduler snapshots. */
  async liveSnapshots(
    predicate: (c: FleetCluster) => boolean = () => true,
  ): Promise<ClusterSnapshot[]> {
    return (await this.inventory.getClusters())
      .filter(predicate)
      .map(toClusterSnapshot);
  }

  async simulate(
    request: SimulateRequest,
    predicate?: (c: FleetCluster) => boolean,
  ): Promise<SimulateResult> {
    const live = !request.clusters;
    const clusters = request.clusters ?? (await this.liveSnapshots(predicate));
    const result = schedule({ ...request, clusters } as ScheduleRequest);
    return {
      ...result,
      fleet: live ? 'live' : 'request',
      clusterCount: clusters.length,
    };
  }

  /** Placement advice on the live fleet (only clusters `predicate` admits). */
  async recommend(
    requirements: WorkloadRequirements & { limit?: number },
    predicate: (c: FleetCluster) => boolean = () => true,
  ): Promise<PlacementAdvice> {
    const { limit, ...workload } = requirements;
    const fleet = (await this.inventory.getClusters())
      .filter(predicate)
      .map(toClusterProfile);
    return recommendPlacement(workload, fleet, { limit });
  }
}
