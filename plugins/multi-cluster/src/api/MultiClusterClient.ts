import type { DiscoveryApi, FetchApi } from '@backstage/core-plugin-api';
import { ResponseError } from '@backstage/errors';
import type {
  AddonCoverageReport,
  EntityExposure,
  FleetConnectivityReport,
  EntityDrStatus,
  FailoverPlan,
  FailoverRun,
  StartFailoverRequest,
  ClusterListFilter,
  ClusterListResult,
  FleetCluster,
  PlacementAdvice,
  ScheduleResult,
  WorkloadRequirements,
  EntityPlacement,
} from '@flotilla/plugin-multi-cluster-common';
import type { MultiClusterApi, ScaleClusterRequest } from './MultiClusterApi';

/** The backend's largest page (GET /clusters?limit=). */
const MAX_PAGE_SIZE = 1000;

type EntityName = { kind: string; namespace: string; name: string };

/** The catalog's own order and casing: kind/namespace/name, lower-cased. */
function entityPath(entity: EntityName) {
  return [entity.kind, entity.namespace, entity.name]
    .map(part => encodeURIComponent(part.toLocaleLowerCase('en-US')))
    .join('/');
}

/**
 * Talks to `/api/multi-cluster` with the signed-in user's credentials
 * (fetchApi adds them), so the backend authorizes as that user.
 *
 * @public
 */
export class MultiClusterClient implements MultiClusterApi {
  private readonly discoveryApi: DiscoveryApi;
  private readonly fetchApi: FetchApi;

  constructor(options: { discoveryApi: DiscoveryApi; fetchApi: FetchApi }) {
    this.discoveryApi = options.discoveryApi;
    this.fetchApi = options.fetchApi;
  }

  async listClusters(
    filter: ClusterListFilter & { limit?: number; offset?: number } = {},
  ): Promise<ClusterListResult> {
    const query = new URLSearchParams();
    for (const key of [
      'region',
      'provider',
      'environment',
      'health',
    ] as const) {
      for (const value of filter[key] ?? []) query.append(key, value);
    }
    for (const [key, value] of Object.entries(filter.labels ?? {})) {
      query.append('label', `${key}=${value}`);
    }
    if (filter.limit !== undefined) query.set('limit', String(filter.limit));
    if (filter.offset !== undefined) query.set('offset', String(filter.offset));
    const suffix = query.toString() ? `?${query}` : '';
    return this.request(`/clusters${suffix}`);
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
    return this.request(`/clusters/${encodeURIComponent(name)}`);
  }

  getEntityPlacement(entity: EntityName): Promise<EntityPlacement> {
    return this.request(`/entities/${entityPath(entity)}/placement`);
  }

  getEntityDr(entity: EntityName): Promise<EntityDrStatus> {
    return this.request(`/entities/${entityPath(entity)}/dr`);
  }

  getEntityExposure(entity: EntityName): Promise<EntityExposure> {
    return this.request(`/entities/${entityPath(entity)}/exposure`);
  }

  getConnectivity(): Promise<FleetConnectivityReport> {
    return this.request('/connectivity');
  }

  getAddonCoverage(): Promise<AddonCoverageReport> {
    return this.request('/addons');
  }

  previewFailover(
    request: Omit<StartFailoverRequest, 'dryRun'>,
  ): Promise<{ plan: FailoverPlan }> {
    return this.request('/failovers', {
      method: 'POST',
      body: { ...request, dryRun: true },
    });
  }

  startFailover(
    request: Omit<StartFailoverRequest, 'dryRun'>,
  ): Promise<{ id: string }> {
    return this.request('/failovers', { method: 'POST', body: request });
  }

  startDrill(
    request: Omit<StartFailoverRequest, 'dryRun' | 'force'>,
  ): Promise<{ id: string }> {
    return this.request('/drills', { method: 'POST', body: request });
  }

  getFailover(id: string): Promise<FailoverRun> {
    return this.request(`/failovers/${encodeURIComponent(id)}`);
  }

  listFailovers(entityRef: string): Promise<{ items: FailoverRun[] }> {
    return this.request(`/failovers?${new URLSearchParams({ entityRef })}`);
  }

  cancelFailover(id: string): Promise<FailoverRun> {
    return this.request(`/failovers/${encodeURIComponent(id)}/cancel`, {
      method: 'POST',
      body: {},
    });
  }

  rollbackFailover(id: string, reason: string): Promise<{ id: string }> {
    return this.request(`/failovers/${encodeURIComponent(id)}/rollback`, {
      method: 'POST',
      body: { reason },
    });
  }

  simulatePlacement(request: object): Promise<ScheduleResult> {
    return this.request('/placement/simulate', {
      method: 'POST',
      body: request,
    });
  }

  recommendPlacement(
    requirements: WorkloadRequirements,
  ): Promise<PlacementAdvice> {
    return this.request('/placement/recommend', {
      method: 'POST',
      body: requirements,
    });
  }

  scaleCluster(name: string, request: ScaleClusterRequest): Promise<unknown> {
    return this.request(`/clusters/${encodeURIComponent(name)}/scale`, {
      method: 'POST',
      body: request,
    });
  }

  upgradeCluster(name: string, version: string): Promise<unknown> {
    return this.request(`/clusters/${encodeURIComponent(name)}/upgrade`, {
      method: 'POST',
      body: { version },
    });
  }

  private async request<T>(
    path: string,
    options: { method?: string; body?: unknown } = {},
  ): Promise<T> {
    const baseUrl = await this.discoveryApi.getBaseUrl('multi-cluster');
    const response = await this.fetchApi.fetch(`${baseUrl}${path}`, {
      method: options.method ?? 'GET',
      ...(options.body !== undefined
        ? {
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(options.body),
          }
        : {}),
    });
    if (!response.ok) {
      const error = await ResponseError.fromResponse(response);
      // Say what the backend said (which cluster, which permission, which field).
      if (error.body?.error?.message) {
        error.message = `${error.body.error.message} (${response.status})`;
      }
      throw error;
    }
    return (await response.json()) as T;
  }
}
