import {
  AuthService,
  BackstageCredentials,
  LoggerService,
} from '@backstage/backend-plugin-api';
import {
  Entity,
  getCompoundEntityRef,
  RELATION_DEPENDS_ON,
  stringifyEntityRef,
} from '@backstage/catalog-model';
import { CATALOG_FILTER_EXISTS } from '@backstage/catalog-client';
import { CatalogService } from '@backstage/plugin-catalog-node';
import {
  type FleetCluster,
  readServiceDrSpec,
  replicaAssignmentOf,
  SERVICE_ANNOTATIONS,
  toClusterProfile,
  type WhatIfServiceInput,
} from '@flotilla/plugin-multi-cluster-common';
import pLimit from 'p-limit';
import type {
  DependencyReader,
  PlacementReader,
} from '../failover/serviceTypes';
import type { FleetInventoryService } from '../inventory/FleetInventory';
import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import type { WhatIfInputReader, WhatIfInputs } from './WhatIfService';

/** Most services one what-if reads (the first, by name, when there are more). */
export const MAX_WHAT_IF_SERVICES = 5_000;
/** Placement reads at once: each reads the clusters the service may run on. */
const DEFAULT_READ_CONCURRENCY = 4;

const DR_DECLARED = {
  [`metadata.annotations.${SERVICE_ANNOTATIONS.drStrategy}`]:
    CATALOG_FILTER_EXISTS,
};

function dependsOnSomething(entity: Entity): boolean {
  return (entity.relations ?? []).some(r => r.type === RELATION_DEPENDS_ON);
}

/**
 * Every catalog entity with a `flotilla.io/dr-strategy` annotation, read
 * with the plugin's own service credentials (a what-if is about the whole
 * fleet, not what one caller may see): its DR spec, where it runs (as the
 * failover module reads it) and where its dependencies run; the fleet from
 * the inventory. A service whose strategy cannot be read, or whose
 * placement cannot be read, is left out (and logged).
 */
export class CatalogWhatIfInputReader implements WhatIfInputReader {
  constructor(
    private readonly options: {
      catalog: CatalogService;
      auth: AuthService;
      inventory: FleetInventoryService;
      placement: PlacementReader;
      dependencies?: DependencyReader;
      logger: LoggerService;
      /** Placement reads at once (default 4). */
      concurrency?: number;
      /** Most services read (default {@link MAX_WHAT_IF_SERVICES}). */
      maxServices?: number;
    },
  ) {}

  async read(): Promise<WhatIfInputs> {
    const credentials = await this.options.auth.getOwnServiceCredentials();
    const [entities, clusters] = await Promise.all([
      this.drDeclaredEntities(credentials),
      this.options.inventory.getClusters(),
    ]);
    const limit = pLimit(
      Math.max(1, this.options.concurrency ?? DEFAULT_READ_CONCURRENCY),
    );
    const services = await Promise.all(
      entities.map(entity =>
        limit(() => this.serviceOf(entity, clusters, credentials)),
      ),
    );
    return {
      fleet: clusters.map(cluster => toClusterProfile(cluster)),
      services: services.filter(
        (service): service is WhatIfServiceInput => service !== undefined,
      ),
    };
  }

  private async drDeclaredEntities(
    credentials: BackstageCredentials,
  ): Promise<Entity[]> {
    const max = this.options.maxServices ?? MAX_WHAT_IF_SERVICES;
    const { items } = await this.options.catalog.getEntities(
      {
        filter: DR_DECLARED,
        order: { field: 'metadata.name', order: 'asc' },
        limit: max + 1,
      },
      { credentials },
    );
    if (items.length > max) {
      this.options.logger.warn(
        `What-if reads the first ${max} DR-declared services by name; the catalog has more`,
      );
      return items.slice(0, max);
    }
    return items;
  }

  private async serviceOf(
    entity: Entity,
    clusters: FleetCluster[],
    credentials: BackstageCredentials,
  ): Promise<WhatIfServiceInput | undefined> {
    const ref = stringifyEntityRef(entity);
    const { spec } = readServiceDrSpec(ref, entity.metadata.annotations);
    if (!spec) return undefined;
    try {
      const [placement, dependencies] = await Promise.all([
        this.options.placement.getPlacement(
          getCompoundEntityRef(entity),
          credentials,
        ),
        dependsOnSomething(entity)
          ? this.options.dependencies?.dependenciesOf(entity, credentials)
          : undefined,
      ]);
      return {
        spec,
        placement: replicaAssignmentOf(placement, clusters),
        ...(dependencies?.length
          ? {
              dependencies: dependencies.map(d => ({
                ref: d.ref,
                clusters: d.clusters,
              })),
            }
          : {}),
      };
    } catch (error) {
      this.options.logger.warn(
        `What-if leaves out ${ref}: where it runs could not be read: ${sanitizeForLog(
          error,
          500,
        )}`,
      );
      return undefined;
    }
  }
}
