import { CLUSTER_ANNOTATIONS } from '@flotilla/plugin-multi-cluster-common';
import {
  ClusterRecord,
  FleetConnector,
  mergeClusterRecords,
  sanitizeForLog,
} from '@flotilla/plugin-multi-cluster-node';
import type {
  AuthService,
  LoggerService,
  SchedulerServiceTaskRunner,
} from '@backstage/backend-plugin-api';
import {
  ANNOTATION_LOCATION,
  ANNOTATION_ORIGIN_LOCATION,
  Entity,
} from '@backstage/catalog-model';
import {
  ANNOTATION_KUBERNETES_API_SERVER,
  ANNOTATION_KUBERNETES_AUTH_PROVIDER,
} from '@backstage/plugin-kubernetes-common';
import {
  CatalogService,
  EntityProvider,
  EntityProviderConnection,
} from '@backstage/plugin-catalog-node';
import { entitiesOwnedElsewhere, OwnedElsewhere } from './ownedElsewhere';

export const PROVIDER_NAME = 'multi-cluster-clusters';
export const TASK_ID = 'multi-cluster-clusters-entity-provider';
export const ANNOTATION_SOURCE = 'flotilla.io/source';

const LABEL_VALUE = /^[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;

function label(value: string | undefined): string | undefined {
  return value && LABEL_VALUE.test(value) ? value : undefined;
}

function compact(obj: Record<string, string | undefined>) {
  return Object.fromEntries(
    Object.entries(obj).filter(([, v]) => v !== undefined && v !== ''),
  ) as Record<string, string>;
}

function describeError(error: unknown): string {
  return sanitizeForLog(
    error instanceof Error ? error.message : String(error),
    500,
  );
}

function leftOutNote(leftOut: OwnedElsewhere[]): string {
  if (leftOut.length === 0) return '';
  return `; left out ${leftOut.length} another location already owns: ${leftOut
    .map(o => `${o.name} (${sanitizeForLog(o.location, 200)})`)
    .join(', ')}`;
}

/**
 * Ingests Karmada member clusters and Cluster API clusters as `Resource`
 * entities with `spec.type: kubernetes-cluster` (like the OCM provider does
 * for ManagedClusters), with their segmentation labels, as a full mutation.
 * Its refreshes are scheduled once the catalog has connected it, and a
 * cluster whose entity another location already owns is left out.
 */
export class MultiClusterEntityProvider implements EntityProvider {
  private connection?: EntityProviderConnection;

  constructor(
    private readonly options: {
      connectors: FleetConnector[];
      logger: LoggerService;
      owner: string;
      /** Where each source lives, for the location annotations. */
      locations: Record<string, string>;
      /** Runs the refreshes; started when the catalog connects the provider. */
      taskRunner: SchedulerServiceTaskRunner;
      /** Looks up who already owns an entity, with the module's credentials. */
      catalog: Pick<CatalogService, 'getEntitiesByRefs'>;
      auth: Pick<AuthService, 'getOwnServiceCredentials'>;
    },
  ) {}

  getProviderName(): string {
    return PROVIDER_NAME;
  }

  async connect(connection: EntityProviderConnection): Promise<void> {
    this.connection = connection;
    await this.options.taskRunner.run({
      id: TASK_ID,
      fn: async signal => {
        await this.run(signal);
      },
    });
  }

  async run(
    signal?: AbortSignal,
  ): Promise<{ entities: number; leftOut: string[] } | undefined> {
    if (!this.connection) {
      throw new Error('MultiClusterEntityProvider is not connected');
    }
    const records: ClusterRecord[] = [];
    for (const connector of this.options.connectors) {
      try {
        records.push(...(await connector.listClusters({ signal })));
      } catch (error) {
        // A partial full-mutation would delete the failed source's clusters
        // from the catalog; keep the previous entities instead.
        this.options.logger.warn(
          `Skipping catalog update: source ${
            connector.id
          } failed: ${describeError(error)}`,
        );
        return undefined;
      }
    }
    const candidates = this.toEntities(records);
    let leftOut: OwnedElsewhere[];
    try {
      leftOut = await entitiesOwnedElsewhere(
        candidates,
        new Set(Object.values(this.options.locations).map(l => `url:${l}`)),
        this.options.catalog,
        await this.options.auth.getOwnServiceCredentials(),
      );
    } catch (error) {
      this.options.logger.warn(
        `Skipping catalog update: could not look up which clusters the catalog already holds: ${describeError(
          error,
        )}`,
      );
      return undefined;
    }
    const skipped = new Set(leftOut.map(o => o.name));
    const entities = candidates.filter(e => !skipped.has(e.metadata.name));
    await this.connection.applyMutation({
      type: 'full',
      entities: entities.map(entity => ({
        entity,
        locationKey: PROVIDER_NAME,
      })),
    });
    this.options.logger.info(
      `Ingested ${
        entities.length
      } Karmada/Cluster API clusters into the catalog${leftOutNote(leftOut)}`,
    );
    return { entities: entities.length, leftOut: [...skipped] };
  }

  toEntities(records: ClusterRecord[]): Entity[] {
    return mergeClusterRecords(records).map(cluster => {
      const sourceId = cluster.sources.map(s => s.id).join(',');
      const location =
        this.options.locations[cluster.sources[0].id] ?? cluster.sources[0].id;
      const capacity =
        cluster.capacity.allocatable ?? cluster.capacity.declared;
      const lc = cluster.lifecycle;
      return {
        apiVersion: 'backstage.io/v1alpha1',
        kind: 'Resource',
        metadata: {
          name: cluster.name,
          title: cluster.title,
          description: `Kubernetes cluster from ${sourceId}`,
          labels: compact({
            [CLUSTER_ANNOTATIONS.environment]: label(cluster.environment),
            [CLUSTER_ANNOTATIONS.region]: label(cluster.region),
            [CLUSTER_ANNOTATIONS.provider]: label(cluster.provider),
            [CLUSTER_ANNOTATIONS.tenant]: label(cluster.tenant),
          }),
          annotations: compact({
            [ANNOTATION_LOCATION]: `url:${location}`,
            [ANNOTATION_ORIGIN_LOCATION]: `url:${location}`,
            [ANNOTATION_SOURCE]: sourceId,
            [ANNOTATION_KUBERNETES_API_SERVER]: cluster.apiServerUrl,
            [ANNOTATION_KUBERNETES_AUTH_PROVIDER]: cluster.apiServerUrl
              ? 'serviceAccount'
              : undefined,
            [CLUSTER_ANNOTATIONS.environment]: cluster.environment,
            [CLUSTER_ANNOTATIONS.region]: cluster.region,
            [CLUSTER_ANNOTATIONS.provider]: cluster.provider,
            [CLUSTER_ANNOTATIONS.tenant]: cluster.tenant,
            [CLUSTER_ANNOTATIONS.workloadClass]: cluster.workloadClass,
            [CLUSTER_ANNOTATIONS.jurisdiction]: cluster.jurisdiction,
            [CLUSTER_ANNOTATIONS.zones]: cluster.zones?.join(','),
            [CLUSTER_ANNOTATIONS.capacity]: capacity
              ? Object.entries(capacity)
                  .map(([k, v]) => `${k}=${v}`)
                  .join(',')
              : undefined,
            [CLUSTER_ANNOTATIONS.costPerCpuHour]:
              cluster.costPerCpuHour !== undefined
                ? String(cluster.costPerCpuHour)
                : undefined,
            [CLUSTER_ANNOTATIONS.managementCluster]: lc?.managementCluster,
            [CLUSTER_ANNOTATIONS.capiCluster]: lc
              ? `${lc.namespace}/${lc.name}`
              : undefined,
          }),
        },
        spec: {
          type: 'kubernetes-cluster',
          owner: this.options.owner,
        },
      };
    });
  }
}
