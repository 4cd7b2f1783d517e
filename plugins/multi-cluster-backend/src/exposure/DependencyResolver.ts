import { BackstageCredentials } from '@backstage/backend-plugin-api';
import {
  CompoundEntityRef,
  Entity,
  parseEntityRef,
  RELATION_DEPENDS_ON,
  stringifyEntityRef,
} from '@backstage/catalog-model';
import { InputError, NotFoundError } from '@backstage/errors';
import { CatalogService } from '@backstage/plugin-catalog-node';
import type {
  EntityPlacement,
  ReachabilityRequirement,
} from '@flotilla/plugin-multi-cluster-common';
import pLimit from 'p-limit';
import { FleetInventoryService } from '../inventory/FleetInventory';

/** A dependency and the clusters it runs on. */
export type ResolvedDependency =
  ReachabilityRequirement['dependencies'][number] & {
    /** Why its clusters could not be read (then it constrains nothing). */
    problem?: string;
  };

/**
 * Resolves a service's dependencies (its catalog `dependsOn` relations) to
 * the clusters each one runs on, with their cluster sets: the input of the
 * reachability filter, the exposure view and the DR posture.
 */
export class DependencyResolver {
  constructor(
    private readonly options: {
      catalog: CatalogService;
      inventory: FleetInventoryService;
      placement: {
        getPlacement(
          ref: CompoundEntityRef,
          credentials: BackstageCredentials,
        ): Promise<EntityPlacement>;
      };
      concurrency: number;
    },
  ) {}

  /** Loads an entity or fails with a 404 naming it. */
  async loadEntity(
    entityRef: string,
    credentials: BackstageCredentials,
  ): Promise<Entity> {
    let ref: CompoundEntityRef;
    try {
      ref = parseEntityRef(entityRef, { defaultKind: 'component' });
    } catch (error) {
      throw new InputError(
        `Invalid entity ref '${entityRef}': ${(error as Error).message}`,
      );
    }
    const entity = await this.options.catalog.getEntityByRef(ref, {
      credentials,
    });
    if (!entity) {
      throw new NotFoundError(`Entity ${stringifyEntityRef(ref)} not found`);
    }
    return entity;
  }

  /** The clusters each `dependsOn` target of `entity` runs on. */
  async dependenciesOf(
    entity: Entity,
    credentials: BackstageCredentials,
  ): Promise<ResolvedDependency[]> {
    const targets = [
      ...new Set(
        (entity.relations ?? [])
          .filter(r => r.type === RELATION_DEPENDS_ON)
          .map(r => r.targetRef),
      ),
    ].sort();
    if (targets.length === 0) {
      return [];
    }
    const byName = new Map(
      (await this.options.inventory.getClusters()).map(c => [c.name, c]),
    );
    const limit = pLimit(Math.max(1, this.options.concurrency));
    return Promise.all(
      targets.map(ref =>
        limit(async (): Promise<ResolvedDependency> => {
          try {
            const placement = await this.options.placement.getPlacement(
              parseEntityRef(ref),
              credentials,
            );
            return {
              ref,
              clusters: placement.actual.clusters
                .filter(c => c.replicas > 0)
                .map(c => ({
                  name: c.cluster,
                  clusterSets: byName.get(c.cluster)?.connectivity?.clusterSets,
                })),
            };
          } catch (error) {
            return {
              ref,
              clusters: [],
              problem: `Could not read where ${ref} runs: ${
                (error as Error).message
              }`,
            };
          }
        }),
      ),
    );
  }

  /** The reachability requirement for a service, from its catalog relations. */
  async requirementFor(
    entityRef: string,
    credentials: BackstageCredentials,
  ): Promise<ReachabilityRequirement> {
    const entity = await this.loadEntity(entityRef, credentials);
    const dependencies = await this.dependenciesOf(entity, credentials);
    return {
      dependencies: dependencies.map(({ ref, clusters }) => ({
        ref,
        clusters,
      })),
    };
  }
}
