import {
  BackstageCredentials,
  LoggerService,
} from '@backstage/backend-plugin-api';
import {
  CompoundEntityRef,
  stringifyEntityRef,
} from '@backstage/catalog-model';
import { InputError, NotFoundError } from '@backstage/errors';
import {
  parseYamlDocument,
  SERVICE_ANNOTATIONS,
} from '@flotilla/plugin-multi-cluster-common';
import type { ClusterClientOptions } from '@flotilla/plugin-multi-cluster-node';
import pLimit from 'p-limit';
import { ResponseTimes } from './ResponseTimes';
import type { ClustersToRead, WorkloadCensus } from './WorkloadCensus';
import {
  KarmadaConnector,
  OcmHubConnector,
  FleetCluster,
} from '@flotilla/plugin-multi-cluster-node';
import { FleetInventoryService } from '../inventory/FleetInventory';
import { WorkloadOperations } from '../workloads/WorkloadService';
import { karmadaDesiredPlacement } from './karmadaDesiredPlacement';
import { SharedReads } from '../util/SharedReads';
import type { WorkloadStatus } from '../workloads/types';

import type {
  ClusterWorkloads,
  EntityPlacement,
  KarmadaDesiredPlacement,
  KarmadaPolicyMatch,
  OcmDesiredPlacement,
} from '@flotilla/plugin-multi-cluster-common';
import type { EntityReads } from '../util/SharedCatalogReads';

export type {
  ClusterWorkloads,
  EntityPlacement,
  KarmadaDesiredPlacement,
  KarmadaPolicyMatch,
};

/** How a placement is read (see `getPlacement`). */
export type PlacementReadOptions = ClusterClientOptions & {
  shareReads?: boolean;
  recent?: boolean;
};

/** Which workloads are the entity's: its Kubernetes id, in a namespace or any. */
interface WorkloadIdentity {
  kubernetesId: string;
  namespace?: string;
}

function errorInfo(cluster: string, e: unknown) {
  const err = e as { message?: string; timeout?: boolean };
  return {
    cluster,
    message: err?.message ?? String(e),
    timeout: Boolean(err?.timeout),
  };
}

function clusterWorkloadsOf(
  cluster: FleetCluster,
  workloads: WorkloadStatus[],
  latencyMs = 0,
): ClusterWorkloads {
  return {
    cluster: cluster.name,
    source: cluster.source,
    workloads,
    replicas: workloads.reduce((s, w) => s + w.replicas, 0),
    readyReplicas: workloads.reduce((s, w) => s + w.readyReplicas, 0),
    latencyMs,
  };
}

/** Parses the `flotilla.io/placement` annotation (YAML or JSON). */
export function parsePlacementAnnotation(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    try {
      return parseYamlDocument(value);
    } catch (e) {
      throw new InputError(
        `Annotation ${
          SERVICE_ANNOTATIONS.placement
        } is neither valid JSON nor YAML: ${(e as Error).message}`,
      );
    }
  }
}

/**
 * An entity's desired placement (Karmada policies and bindings selecting its
 * workloads, OCM Placements labelled with its id, or the
 * `flotilla.io/placement` annotation) and actual replicas
 * per cluster, fetched in parallel with a per-cluster timeout.
 */
export class EntityPlacementService {
  private readonly responseTimes = new ResponseTimes();
  /** Concurrent reads of one service (its tab's views) share these. */
  private readonly karmadaReads = new SharedReads<KarmadaDesiredPlacement[]>();
  private readonly memberReads = new SharedReads<WorkloadStatus[]>();

  constructor(
    private readonly options: {
      catalog: EntityReads;
      inventory: FleetInventoryService;
      workloads: WorkloadOperations;
      karmada: KarmadaConnector[];
      /** Open Cluster Management hubs whose Placements are read. */
      ocm?: OcmHubConnector[];
      concurrency: number;
      clusterTimeoutMs: number;
      logger: LoggerService;
      /** Narrows the live reads of a fleet too large to read whole. */
      census?: WorkloadCensus;
    },
  ) {}

  async getPlacement(
    ref: CompoundEntityRef,
    credentials: BackstageCredentials,
    clusterFilter: (c: FleetCluster) => boolean = () => true,
    /**
     * `userAuth`: the user's own cluster credentials, for clusters that
     * delegate reads to them. `shareReads`: a view's read, which may join
     * an identical read already in flight (never a plan's, which must see
     * what was written before it asked). `recent`: over the live-read limit,
     * a cluster's workloads as the last inspection pass read them, where its
     * census is recent (a monitor that ticks faster than the fleet can be
     * read); never with the user's credentials.
     */
    clientOptions: PlacementReadOptions = {},
  ): Promise<EntityPlacement> {
    const started = Date.now();
    const { entity, workload } = await this.workloadOf(ref, credentials);
    const annotations = entity.metadata.annotations ?? {};
    const errors: EntityPlacement['errors'] = [];

    const annotation = annotations[SERVICE_ANNOTATIONS.placement]
      ? parsePlacementAnnotation(annotations[SERVICE_ANNOTATIONS.placement])
      : undefined;

    const { clusters, ruledOut, censused } = await this.clustersToRead(
      workload.kubernetesId,
      clusterFilter,
    );
    const fromCensus =
      censused && clientOptions.recent && !clientOptions.userAuth;
    const limit = pLimit(Math.max(1, this.options.concurrency));
    const [karmada, ocm, actual] = await Promise.all([
      this.karmadaPlacements(workload, errors, clientOptions.shareReads),
      this.ocmPlacements(workload, errors),
      Promise.all(
        clusters.map(cluster =>
          limit(
            () =>
              (fromCensus && this.censusWorkloads(cluster, workload)) ||
              this.clusterWorkloads(cluster, workload, clientOptions, errors),
          ),
        ),
      ),
    ]);
    const withWorkloads = actual.filter(
      (c): c is ClusterWorkloads => !!c && c.workloads.length > 0,
    );
    errors.sort((a, b) => a.cluster.localeCompare(b.cluster));
    return {
      entityRef: stringifyEntityRef(entity),
      ...workload,
      desired: { karmada, ocm, annotation },
      actual: {
        clusters: withWorkloads,
        totalReplicas: withWorkloads.reduce((s, c) => s + c.replicas, 0),
        readyReplicas: withWorkloads.reduce((s, c) => s + c.readyReplicas, 0),
      },
      errors,
      ...(ruledOut > 0
        ? {
            notRead: {
              clusters: ruledOut,
              reason:
                'the last inspection pass found none of its workloads there (fleet larger than placement.liveReadLimit)',
            },
          }
        : {}),
      durationMs: Date.now() - started,
    };
  }

  /**
   * The clusters where the entity has replicas, for views that need where
   * it runs and not how: from the workload census alone when it covers the
   * fleet (no live read), else from a live placement read.
   */
  async runningClusters(
    ref: CompoundEntityRef,
    credentials: BackstageCredentials,
  ): Promise<{ entityRef: string; clusters: string[] }> {
    const { entity, workload } = await this.workloadOf(ref, credentials);
    const entityRef = stringifyEntityRef(entity);
    const names = (await this.options.inventory.getClusters()).map(c => c.name);
    const fromCensus = this.options.census?.clustersRunning(
      names,
      workload.kubernetesId,
      workload.namespace,
    );
    if (fromCensus) return { entityRef, clusters: fromCensus };
    const placement = await this.getPlacement(ref, credentials, undefined, {
      shareReads: true,
    });
    const clusters = placement.actual.clusters
      .filter(c => c.replicas > 0)
      .map(c => c.cluster);
    return { entityRef, clusters };
  }

  /** The entity (or 404) and which workloads are its. */
  private async workloadOf(
    ref: CompoundEntityRef,
    credentials: BackstageCredentials,
  ) {
    const entity = await this.options.catalog.getEntityByRef(ref, {
      credentials,
    });
    if (!entity) {
      throw new NotFoundError(`Entity ${stringifyEntityRef(ref)} not found`);
    }
    const annotations = entity.metadata.annotations ?? {};
    const workload: WorkloadIdentity = {
      kubernetesId:
        annotations[SERVICE_ANNOTATIONS.kubernetesId] ?? entity.metadata.name,
      namespace: annotations[SERVICE_ANNOTATIONS.kubernetesNamespace],
    };
    return { entity, workload };
  }

  /**
   * The clusters to read live, slowest first, and how many a recent census
   * ruled out (over the live-read limit it also says which kinds to list).
   */
  private async clustersToRead(
    kubernetesId: string,
    clusterFilter: (c: FleetCluster) => boolean,
  ) {
    const candidates = (await this.options.inventory.getClusters()).filter(
      clusterFilter,
    );
    const { census } = this.options;
    const { read, ruledOut }: ClustersToRead<FleetCluster> = census
      ? census.clustersToRead(candidates, kubernetesId)
      : { read: candidates, ruledOut: 0 };
    const clusters = this.responseTimes.slowestFirst(read, name =>
      census?.readMs(name),
    );
    const censused = census?.isNeededFor(candidates.length) ?? false;
    return { clusters, ruledOut, censused };
  }

  /** The entity's workloads on one cluster as its recent census saw them. */
  private censusWorkloads(
    cluster: FleetCluster,
    { kubernetesId, namespace }: WorkloadIdentity,
  ): ClusterWorkloads | undefined {
    const known = this.options.census?.workloadsIn(
      cluster.name,
      kubernetesId,
      namespace,
    );
    return known && clusterWorkloadsOf(cluster, known.workloads, known.readMs);
  }

  /** What Karmada's policies and bindings say, on every control plane. */
  private async karmadaPlacements(
    { kubernetesId, namespace }: WorkloadIdentity,
    errors: EntityPlacement['errors'],
    shareReads = false,
  ): Promise<KarmadaDesiredPlacement[]> {
    const placements = await Promise.all(
      this.options.karmada.map(k => {
        const read = () => karmadaDesiredPlacement(k, kubernetesId, namespace);
        const key = JSON.stringify([k.name, kubernetesId, namespace ?? null]);
        return (shareReads ? this.karmadaReads.read(key, read) : read()).catch(
          e => {
            errors.push(errorInfo(`karmada:${k.name}`, e));
            return [] as KarmadaDesiredPlacement[];
          },
        );
      }),
    );
    return placements.flat();
  }

  /** The Placements labelled with the entity's id on every OCM hub. */
  private async ocmPlacements(
    { kubernetesId, namespace }: WorkloadIdentity,
    errors: EntityPlacement['errors'],
  ): Promise<OcmDesiredPlacement[]> {
    const placements = await Promise.all(
      (this.options.ocm ?? []).map(hub =>
        hub.entityPlacements({ kubernetesId, namespace }).catch(e => {
          errors.push(errorInfo(hub.id, e));
          return [] as OcmDesiredPlacement[];
        }),
      ),
    );
    return placements.flat();
  }

  /** The entity's workloads on one cluster; none when it cannot be read. */
  private async clusterWorkloads(
    cluster: ClustersToRead<FleetCluster>['read'][number],
    { kubernetesId, namespace }: WorkloadIdentity,
    clientOptions: PlacementReadOptions,
    errors: EntityPlacement['errors'],
  ): Promise<ClusterWorkloads | undefined> {
    const t0 = Date.now();
    const read = () =>
      this.options.workloads.listWorkloads(
        cluster.name,
        { kubernetesId, namespace, kinds: cluster.kinds },
        {
          timeoutMs: this.options.clusterTimeoutMs,
          userAuth: clientOptions.userAuth,
        },
      );
    // Only a view's read as the service is shared, never one made with a
    // user's own credentials.
    const share = clientOptions.shareReads && !clientOptions.userAuth;
    const key = JSON.stringify([
      cluster.name,
      kubernetesId,
      namespace ?? null,
      cluster.kinds ?? null,
    ]);
    try {
      const workloads = share
        ? await this.memberReads.read(key, read)
        : await read();
      return clusterWorkloadsOf(cluster, workloads, Date.now() - t0);
    } catch (e) {
      if (e instanceof NotFoundError) {
        return undefined; // cluster without server-side access
      }
      errors.push(errorInfo(cluster.name, e));
      return undefined;
    } finally {
      this.responseTimes.record(cluster.name, Date.now() - t0);
    }
  }
}
