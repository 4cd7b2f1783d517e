import type { BackstageCredentials } from '@backstage/backend-plugin-api';
import {
  stringifyEntityRef,
  type CompoundEntityRef,
} from '@backstage/catalog-model';
import { NotFoundError } from '@backstage/errors';
import {
  comparePlacements,
  placementFootprint,
  placementRequirementsFromAnnotations,
  type ClusterProfile,
  type EntityPlacementAdvice,
  type PlacementAdvice,
  type PlacementOptions,
  type RecommendPlacementRequest,
} from '@flotilla/plugin-multi-cluster-common';
import type { ClusterPermissions } from '../../permissions/ClusterPermissions';
import type { EntityPlacementService } from '../EntityPlacementService';
import type { PlacementObjectives } from '../objectives/PlacementObjectives';
import type { PlacementSimulator } from '../PlacementSimulator';
import { currentSplit } from './currentPlacement';
import { placementOptionsOf } from './placementOptions';
import type { EntityReads } from '../../util/SharedCatalogReads';

const NO_ADVICE: PlacementAdvice = {
  recommendations: [],
  excluded: [],
  rejected: [],
};

/**
 * A service's placement advice compared with where it runs, and what a
 * placement can name on the live fleet. Each needs
 * `multi-cluster.placement.read` and answers on the clusters the caller
 * may read; the entity is read with the caller's credentials.
 */
export class PlacementAdviceService {
  constructor(
    private readonly options: {
      permissions: Pick<ClusterPermissions, 'authorizePlacementRead'>;
      catalog: Pick<EntityReads, 'getEntityByRef'>;
      simulator: Pick<PlacementSimulator, 'recommendOnFleet' | 'profiles'>;
      placement: Pick<EntityPlacementService, 'getPlacement'>;
      objectives: Pick<PlacementObjectives, 'list'>;
      /** The user regions of the latency matrix. */
      userRegions: string[];
    },
  ) {}

  /**
   * Advice for the requirements in the entity's annotations, or the posted
   * ones. A service without readable replicas gets no advice, only the
   * problem saying so (and the other requirements, for an editor).
   */
  async adviseEntity(
    ref: CompoundEntityRef,
    body: { requirements?: RecommendPlacementRequest },
    credentials: BackstageCredentials,
  ): Promise<EntityPlacementAdvice> {
    const { permissions, catalog, simulator, placement } = this.options;
    const canRead = await permissions.authorizePlacementRead(credentials);
    const entityRef = stringifyEntityRef(ref);
    const entity = await catalog.getEntityByRef(ref, { credentials });
    if (!entity) throw new NotFoundError(`Entity ${entityRef} not found`);
    const annotated = placementRequirementsFromAnnotations(
      entity.metadata.annotations,
    );
    const requirements = body.requirements ?? annotated.requirements;
    const advisable =
      body.requirements !== undefined || annotated.replicasKnown;
    const [{ advice, fleet }, where] = await Promise.all([
      advisable
        ? simulator.recommendOnFleet(requirements, canRead, credentials)
        : simulator
            .profiles(canRead)
            .then(f => ({ advice: NO_ADVICE, fleet: f })),
      // Where it runs, for the comparison: a view's read, joining the tab's
      // identical reads and, over the live-read limit, taken from the census.
      placement.getPlacement(ref, credentials, canRead, {
        shareReads: true,
        recent: true,
      }),
    ]);
    const split = currentSplit(where, new Set(fleet.map(c => c.name)));
    const current =
      split.length > 0
        ? placementFootprint(split, fleet, requirements)
        : undefined;
    return {
      entityRef,
      requirements,
      requirementsFrom: body.requirements ? 'request' : 'annotations',
      problems: annotated.problems,
      advice,
      ...(current ? { current } : {}),
      comparisons: current
        ? comparePlacements(
            current,
            advice.recommendations,
            fleet,
            requirements,
          )
        : [],
      inputs: inputsOf(fleet),
      objectives: this.options.objectives.list(),
    };
  }

  /** Regions, clusters and declared values of the readable fleet. */
  async placementOptions(
    credentials: BackstageCredentials,
  ): Promise<PlacementOptions> {
    const { permissions, simulator, userRegions } = this.options;
    const canRead = await permissions.authorizePlacementRead(credentials);
    return placementOptionsOf(await simulator.profiles(canRead), userRegions);
  }
}

/** Each cluster's inputs as the profiles say; an input not there is unknown. */
function inputsOf(fleet: ClusterProfile[]): EntityPlacementAdvice['inputs'] {
  return fleet.map(c => ({
    cluster: c.name,
    ...(c.region ? { region: c.region } : {}),
    inputs: c.inputs ?? {},
  }));
}
