import { BackstageCredentials } from '@backstage/backend-plugin-api';
import {
  CompoundEntityRef,
  Entity,
  parseEntityRef,
  RELATION_DEPENDS_ON,
  stringifyEntityRef,
} from '@backstage/catalog-model';
import { InputError, NotFoundError } from '@backstage/errors';
import type {
  EntityPlacement,
  ReachabilityRequirement,
} from '@flotilla/plugin-multi-cluster-common';
import pLimit from 'p-limit';
import { FleetInventoryService } from '../inventory/FleetInventory';
import type { EntityReads } from '../util/SharedCatalogReads';

/** A dependency and the clusters it runs on. */
export type ResolvedDependency =
  ReachabilityRequirement['dependencies'][number] & {
    /** Why its clusters could not be read (then it constrains nothing). */
    problem?: string;
  };

/** Unknown refs a 404 names: the answer stays short however many were sent. */
const NAMED_UNKNOWN_REFS = 3;

/** Each ref once, in canonical form (`kind:namespace/name`), sorted. */
function canonicalRefs(refs: string[]): string[] {
  const canonical = refs.map(ref => {
    try {
      return stringifyEntityRef(
        parseEntityRef(ref, { defaultKind: 'component' }),
      );
    } catch (error) {
      throw new InputError(
        `Invalid entity ref '${ref.slice(0, 100)}': ${
          (error as Error).message
        }`,
      );
    }
  });
  return [...new Set(canonical)].sort();
}

function dependsOnRefs(entity: Entity): string[] {
  return (entity.relations ?? [])
    .filter(r => r.type === RELATION_DEPENDS_ON)
    .map(r => r.targetRef);
}

function unknownRefsMessage(unknown: string[], total: number): string {
  const named = unknown.slice(0, NAMED_UNKNOWN_REFS).join(', ');
  const more = unknown.length - NAMED_UNKNOWN_REFS;
  return `${
    unknown.length
  } of ${total} dependencies are not in the catalog: ${named}${
    more > 0 ? ` and ${more} more` : ''
  }`;
}

/**
 * Resolves a service's dependencies (its catalog `dependsOn` relations) to
 * the clusters each one runs on, with their cluster sets: the input of the
 * reachability filter, the exposure view and the DR posture.
 */
export class DependencyResolver {
  constructor(
    private readonly options: {
      catalog: EntityReads;
      inventory: FleetInventoryService;
      placement: {
        getPlacement(
          ref: CompoundEntityRef,
          credentials: BackstageCredentials,
        ): Promise<EntityPlacement>;
        /** Where it runs, from the census when recent (views only). */
        runningClusters?(
          ref: CompoundEntityRef,
          credentials: BackstageCredentials,
        ): Promise<{ entityRef: string; clusters: string[] }>;
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

  /**
   * The clusters each `dependsOn` target of `entity` runs on. `recent`
   * (for views, not for plans) answers from the workload census where it
   * covers the fleet, so a dependency that runs on hundreds of clusters is
   * not read on each of them for every page that shows it.
   */
  async dependenciesOf(
    entity: Entity,
    credentials: BackstageCredentials,
    options: { recent?: boolean } = {},
  ): Promise<ResolvedDependency[]> {
    return this.resolve(dependsOnRefs(entity), credentials, options);
  }

  /**
   * The clusters each of `refs` runs on (e.g. a new service's `dependsOn`).
   * One catalog query finds the refs that are not in the catalog (or not
   * visible to the caller): their placement is never read.
   */
  async resolve(
    refs: string[],
    credentials: BackstageCredentials,
    options: { recent?: boolean } = {},
  ): Promise<ResolvedDependency[]> {
    const { targets, known } = await this.lookUp(refs, credentials);
    return this.placementsOf(targets, known, credentials, options.recent);
  }

  /**
   * `refs` once each in canonical form, and those of them the catalog
   * returns to the caller (one query; none for no refs).
   */
  private async lookUp(
    refs: string[],
    credentials: BackstageCredentials,
  ): Promise<{ targets: string[]; known: Set<string> }> {
    const targets = canonicalRefs(refs);
    if (targets.length === 0) {
      return { targets, known: new Set() };
    }
    const { items } = await this.options.catalog.getEntitiesByRefs(
      {
        entityRefs: targets,
        fields: ['kind', 'metadata.namespace', 'metadata.name'],
      },
      { credentials },
    );
    return {
      targets,
      known: new Set(targets.filter((_, index) => items[index])),
    };
  }

  private async placementsOf(
    targets: string[],
    known: Set<string>,
    credentials: BackstageCredentials,
    recent = false,
  ): Promise<ResolvedDependency[]> {
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
          if (!known.has(ref)) {
            return {
              ref,
              clusters: [],
              problem: `${ref} is not in the catalog`,
            };
          }
          try {
            const running = await this.runningClusters(
              parseEntityRef(ref),
              credentials,
              recent,
            );
            return {
              ref: running.entityRef,
              clusters: running.clusters.map(name => ({
                name,
                clusterSets: byName.get(name)?.connectivity?.clusterSets,
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

  /** The clusters where `ref` has replicas: live, or recent when asked. */
  private async runningClusters(
    ref: CompoundEntityRef,
    credentials: BackstageCredentials,
    recent: boolean,
  ): Promise<{ entityRef: string; clusters: string[] }> {
    const { placement } = this.options;
    if (recent && placement.runningClusters) {
      return placement.runningClusters(ref, credentials);
    }
    const live = await placement.getPlacement(ref, credentials);
    return {
      entityRef: live.entityRef,
      clusters: live.actual.clusters
        .filter(c => c.replicas > 0)
        .map(c => c.cluster),
    };
  }

  /**
   * The reachability requirement of a service in the catalog (its
   * `dependsOn` relations) or of one to be created (the refs it will
   * depend on). A dependency that cannot be read is a 404, not ignored.
   */
  async requirementFor(
    source: { entityRef: string } | { dependsOn: string[] },
    credentials: BackstageCredentials,
  ): Promise<ReachabilityRequirement> {
    const refs =
      'entityRef' in source
        ? dependsOnRefs(await this.loadEntity(source.entityRef, credentials))
        : source.dependsOn;
    const { targets, known } = await this.lookUp(refs, credentials);
    const unknown = targets.filter(ref => !known.has(ref));
    if (unknown.length > 0) {
      throw new NotFoundError(unknownRefsMessage(unknown, targets.length));
    }
    const dependencies = await this.placementsOf(targets, known, credentials);
    const unreadable = dependencies.find(d => d.problem);
    if (unreadable) {
      throw new NotFoundError(unreadable.problem);
    }
    return {
      dependencies: dependencies.map(({ ref, clusters }) => ({
        ref,
        clusters,
      })),
    };
  }
}
