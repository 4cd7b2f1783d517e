import type { DiscoveryApi, FetchApi } from '@backstage/core-plugin-api';
import { ResponseError } from '@backstage/errors';
import {
  type AddonCoverageReport,
  type EntityExposure,
  type FleetConnectivityReport,
  type EntityDrStatus,
  type RecoveryHistory,
  type FailoverPlan,
  type FailoverRun,
  type StartFailoverRequest,
  type ClusterListFilter,
  type ClusterListResult,
  type FleetCluster,
  type EntityPlacementAdvice,
  type PlacementAdvice,
  type PlacementOptions,
  type RecommendPlacementRequest,
  type ScheduleResult,
  type WorkloadRequirements,
  type EntityPlacement,
  type DetectionClusterList,
  type DetectionDecisionList,
  type RegionFailover,
  type RegionFailoverList,
  type WhatIfPlan,
  MultiClusterApiClient,
  multiClusterApiRoutes as routes,
} from '@flotilla/plugin-multi-cluster-common';
import type {
  DetectionDecisionFilter,
  MultiClusterApi,
  ScaleClusterRequest,
  StartRegionFailoverInput,
  WhatIfQuery,
} from './MultiClusterApi';

/** The backend's largest page (GET /clusters?limit=). */
const MAX_PAGE_SIZE = 1000;

/**
 * A catalog entity by kind, namespace and name.
 *
 * @public
 */
export type EntityName = { kind: string; namespace: string; name: string };

/** The catalog's own order and casing: kind/namespace/name, lower-cased. */
function entityPath(entity: EntityName) {
  return {
    kind: entity.kind.toLocaleLowerCase('en-US'),
    namespace: entity.namespace.toLocaleLowerCase('en-US'),
    name: entity.name.toLocaleLowerCase('en-US'),
  };
}

/**
 * Talks to `/api/multi-cluster` with the signed-in user's credentials
 * (fetchApi adds them), so the backend authorizes as that user; every call
 * goes through common's typed client and route table.
 *
 * @public
 */
export class MultiClusterClient implements MultiClusterApi {
  private readonly client: MultiClusterApiClient;

  constructor(options: { discoveryApi: DiscoveryApi; fetchApi: FetchApi }) {
    this.client = new MultiClusterApiClient({
      discovery: options.discoveryApi,
      errors: ResponseError,
      fetch: (input, init) => options.fetchApi.fetch(input, init),
    });
  }

  async listClusters(
    filter: ClusterListFilter & { limit?: number; offset?: number } = {},
  ): Promise<ClusterListResult> {
    const labels = Object.entries(filter.labels ?? {}).map(
      ([key, value]) => `${key}=${value}`,
    );
    return this.client.call(routes.listClusters, {
      query: {
        region: filter.region,
        provider: filter.provider,
        environment: filter.environment,
        health: filter.health,
        label: labels,
        limit: filter.limit?.toString(),
        offset: filter.offset?.toString(),
      },
    });
  }

  async listAllClusters(
    filter: ClusterListFilter = {},
  ): Promise<FleetCluster[]> {
    const items: FleetCluster[] = [];
    for (;;) {
      const page = await this.listClusters({
        ...filter,
        limit: MAX_PAGE_SIZE,
        offset: items.length,
      });
      items.push(...page.items);
      if (page.items.length === 0 || items.length >= page.totalCount) {
        return items;
      }
    }
  }

  getCluster(name: string): Promise<FleetCluster> {
    return this.client.call(routes.getCluster, { params: { name } });
  }

  getEntityPlacement(
    entity: EntityName,
    options: { headers?: Record<string, string> } = {},
  ): Promise<EntityPlacement> {
    return this.client.call(
      routes.getEntityPlacement,
      { params: entityPath(entity) },
      { headers: options.headers },
    );
  }

  getEntityDr(entity: EntityName): Promise<EntityDrStatus> {
    return this.client.call(routes.getEntityDr, {
      params: entityPath(entity),
    });
  }

  getEntityRecoveryHistory(entity: EntityName): Promise<RecoveryHistory> {
    return this.client.call(routes.getEntityRecoveryHistory, {
      params: entityPath(entity),
      query: { limit: '50' },
    });
  }

  getEntityExposure(entity: EntityName): Promise<EntityExposure> {
    return this.client.call(routes.getEntityExposure, {
      params: entityPath(entity),
    });
  }

  getConnectivity(): Promise<FleetConnectivityReport> {
    return this.client.call(routes.getConnectivity, {});
  }

  getAddonCoverage(): Promise<AddonCoverageReport> {
    return this.client.call(routes.getAddonCoverage, {});
  }

  previewFailover(
    request: Omit<StartFailoverRequest, 'dryRun'>,
  ): Promise<{ plan: FailoverPlan }> {
    return this.client.call(routes.startFailover, {
      body: { ...request, dryRun: true },
    });
  }

  startFailover(
    request: Omit<StartFailoverRequest, 'dryRun'>,
  ): Promise<{ id: string }> {
    // Not a dry run: the answer is the started run.
    return this.client.call(routes.startFailover, {
      body: request,
    }) as Promise<{ id: string }>;
  }

  startDrill(
    request: Omit<StartFailoverRequest, 'dryRun' | 'force'>,
  ): Promise<{ id: string }> {
    // Not a dry run: the answer is the started drill.
    return this.client.call(routes.startDrill, {
      body: request,
    }) as Promise<{ id: string }>;
  }

  getFailover(id: string): Promise<FailoverRun> {
    return this.client.call(routes.getFailover, { params: { id } });
  }

  listFailovers(entityRef: string): Promise<{ items: FailoverRun[] }> {
    return this.client.call(routes.listFailovers, { query: { entityRef } });
  }

  cancelFailover(id: string): Promise<FailoverRun> {
    return this.client.call(routes.cancelFailover, {
      params: { id },
      body: {},
    });
  }

  rollbackFailover(id: string, reason: string): Promise<{ id: string }> {
    return this.client.call(routes.rollbackFailover, {
      params: { id },
      body: { reason },
    });
  }

  simulatePlacement(
    request: Parameters<MultiClusterApi['simulatePlacement']>[0],
  ): Promise<ScheduleResult> {
    return this.client.call(routes.simulatePlacement, {
      body: request,
    });
  }

  recommendPlacement(
    requirements: WorkloadRequirements,
  ): Promise<PlacementAdvice> {
    return this.client.call(routes.recommendPlacement, {
      body: requirements,
    });
  }

  getEntityPlacementAdvice(
    entity: EntityName,
    requirements?: RecommendPlacementRequest,
  ): Promise<EntityPlacementAdvice> {
    return this.client.call(routes.getEntityPlacementAdvice, {
      params: entityPath(entity),
      body: requirements ? { requirements } : {},
    });
  }

  getPlacementOptions(): Promise<PlacementOptions> {
    return this.client.call(routes.getPlacementOptions, { query: {} });
  }

  scaleCluster(name: string, request: ScaleClusterRequest): Promise<unknown> {
    return this.client.call(routes.scaleCluster, {
      params: { name },
      body: request,
    });
  }

  upgradeCluster(name: string, version: string): Promise<unknown> {
    return this.client.call(routes.upgradeCluster, {
      params: { name },
      body: { version },
    });
  }

  planWhatIf(query: WhatIfQuery): Promise<WhatIfPlan> {
    return this.client.call(routes.planWhatIf, { body: query });
  }

  listDetectionClusters(): Promise<DetectionClusterList> {
    return this.client.call(routes.listDetectionClusters, {});
  }

  listDetectionDecisions(
    filter: DetectionDecisionFilter = {},
  ): Promise<DetectionDecisionList> {
    return this.client.call(routes.listDetectionDecisions, {
      query: {
        entityRef: filter.entityRef,
        cluster: filter.cluster,
        limit: filter.limit?.toString(),
      },
    });
  }

  startRegionFailover(
    input: StartRegionFailoverInput,
  ): Promise<{ storm: RegionFailover }> {
    // Not a dry run: the answer is the started region failover.
    return this.client.call(routes.startRegionFailover, {
      body: input,
    }) as Promise<{ storm: RegionFailover }>;
  }

  listRegionFailovers(limit?: number): Promise<RegionFailoverList> {
    return this.client.call(routes.listRegionFailovers, {
      query: { limit: limit?.toString() },
    });
  }

  getRegionFailover(id: string): Promise<RegionFailover> {
    return this.client.call(routes.getRegionFailover, { params: { id } });
  }

  pauseRegionFailover(id: string): Promise<RegionFailover> {
    return this.client.call(routes.pauseRegionFailover, {
      params: { id },
      body: {},
    });
  }

  resumeRegionFailover(id: string): Promise<RegionFailover> {
    return this.client.call(routes.resumeRegionFailover, {
      params: { id },
      body: {},
    });
  }

  cancelRegionFailover(id: string): Promise<RegionFailover> {
    return this.client.call(routes.cancelRegionFailover, {
      params: { id },
      body: {},
    });
  }

  startFailback(input: {
    stormId: string;
    reason: string;
    idempotencyKey?: string;
  }): Promise<{ storm: RegionFailover }> {
    return this.client.call(routes.startFailback, { body: input });
  }
}
