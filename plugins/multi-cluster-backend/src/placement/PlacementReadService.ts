import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { CompoundEntityRef } from '@backstage/catalog-model';
import type {
  EntityPlacement,
  PlacementAdvice,
} from '@flotilla/plugin-multi-cluster-common';
import { ClusterPermissions } from '../permissions/ClusterPermissions';
import {
  EntityPlacementService,
  type PlacementReadOptions,
} from './EntityPlacementService';
import { PlacementSimulator } from './PlacementSimulator';

type SimulateRequest = Parameters<PlacementSimulator['simulate']>[0];
type SimulateResult = Awaited<ReturnType<PlacementSimulator['simulate']>>;
type RecommendRequest = Parameters<PlacementSimulator['recommend']>[0];

/**
 * Placement reads (Karmada simulation, placement advice, an entity's
 * placement): each needs `multi-cluster.placement.read` and answers on the
 * clusters the caller may read.
 */
export class PlacementReadService {
  constructor(
    private readonly options: {
      permissions: ClusterPermissions;
      simulator: Pick<PlacementSimulator, 'simulate' | 'recommend'>;
      placement: Pick<EntityPlacementService, 'getPlacement'>;
    },
  ) {}

  /** Karmada's decision for a request on the readable fleet. */
  async simulate(
    request: SimulateRequest,
    credentials: BackstageCredentials,
  ): Promise<SimulateResult> {
    const canRead = await this.options.permissions.authorizePlacementRead(
      credentials,
    );
    return this.options.simulator.simulate(request, canRead, credentials);
  }

  /** Ranked placements for a workload on the readable fleet. */
  async recommend(
    requirements: RecommendRequest,
    credentials: BackstageCredentials,
  ): Promise<PlacementAdvice> {
    const canRead = await this.options.permissions.authorizePlacementRead(
      credentials,
    );
    return this.options.simulator.recommend(requirements, canRead, credentials);
  }

  /** An entity's desired and actual placement on the readable fleet. */
  async getEntityPlacement(
    ref: CompoundEntityRef,
    credentials: BackstageCredentials,
    options: PlacementReadOptions = {},
  ): Promise<EntityPlacement> {
    const canRead = await this.options.permissions.authorizePlacementRead(
      credentials,
    );
    return this.options.placement.getPlacement(
      ref,
      credentials,
      canRead,
      options,
    );
  }
}
