import { createHash } from 'node:crypto';
import { AuthService } from '@backstage/backend-plugin-api';
import { Entity, stringifyEntityRef } from '@backstage/catalog-model';
import { CatalogService } from '@backstage/plugin-catalog-node';
import {
  CLUSTER_ANNOTATIONS,
  readDeclaredConnectivity,
} from '@flotilla/plugin-multi-cluster-common';
import {
  ClusterRecord,
  FleetConnector,
  segmentationFromMetadata,
  userAuthProviderOf,
} from '@flotilla/plugin-multi-cluster-node';

/** Annotations read by the Kubernetes plugin's catalog cluster locator. */
export const ANNOTATION_KUBERNETES_API_SERVER = 'kubernetes.io/api-server';
export const ANNOTATION_KUBERNETES_API_SERVER_CA =
  'kubernetes.io/api-server-certificate-authority';
export const ANNOTATION_KUBERNETES_AUTH_PROVIDER =
  'kubernetes.io/auth-provider';
export const ANNOTATION_KUBERNETES_SKIP_TLS_VERIFY =
  'kubernetes.io/skip-tls-verify';
export const ANNOTATION_KUBERNETES_DASHBOARD_URL =
  'kubernetes.io/dashboard-url';

/**
 * The auth annotations of a catalog cluster, filtered as the Kubernetes
 * plugin's catalog locator filters them: only `kubernetes.io/*`, so never a
 * `serviceAccountToken` (catalog data is readable by everyone).
 */
export function catalogAuthMetadata(
  annotations: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(annotations).filter(([key]) =>
      key.startsWith('kubernetes.io/'),
    ),
  );
}

/** Reference from a catalog cluster to its Cluster API object. */
export interface CapiClusterRef {
  managementCluster: string;
  namespace: string;
  name: string;
}

/** Parses `flotilla.io/management-cluster` + `flotilla.io/capi-cluster`. */
export function readCapiRef(
  annotations: Record<string, string> | undefined,
): CapiClusterRef | undefined {
  const mgmt = annotations?.[CLUSTER_ANNOTATIONS.managementCluster];
  const ref = annotations?.[CLUSTER_ANNOTATIONS.capiCluster];
  if (!mgmt || !ref) {
    return undefined;
  }
  const [namespace, name] = ref.includes('/')
    ? ref.split('/', 2)
    : ['default', ref];
  return { managementCluster: mgmt, namespace, name };
}

/** One digest of the entities' refs and etags, whatever their order. */
function versionOf(entities: Entity[]): string {
  const keys = entities
    .map(e => `${stringifyEntityRef(e)}@${e.metadata.etag ?? ''}`)
    .sort();
  return createHash('sha256').update(keys.join('\n')).digest('hex');
}

/**
 * `Resource` entities with `spec.type: kubernetes-cluster`, read with the
 * plugin's own service credentials.
 */
export class CatalogClusterConnector implements FleetConnector {
  readonly id = 'catalog';
  readonly type = 'catalog' as const;

  constructor(
    private readonly options: {
      catalog: CatalogService;
      auth: AuthService;
      filter?: Record<string, string | string[]>;
    },
  ) {}

  /** What the last listing saw; undefined before the first. */
  private listed?: string;

  async listClusters(): Promise<ClusterRecord[]> {
    const items = await this.clusterEntities();
    this.listed = versionOf(items);
    return items.map(entity => CatalogClusterConnector.toRecord(entity));
  }

  /**
   * Whether the catalog's clusters differ from those of the last listing,
   * read from their names and etags alone (the catalog changes an etag with
   * every change to its entity). False before the first listing.
   */
  async changedSinceListed(): Promise<boolean> {
    if (this.listed === undefined) return false;
    const items = await this.clusterEntities([
      'kind',
      'metadata.namespace',
      'metadata.name',
      'metadata.etag',
    ]);
    return versionOf(items) !== this.listed;
  }

  private async clusterEntities(fields?: string[]): Promise<Entity[]> {
    const credentials = await this.options.auth.getOwnServiceCredentials();
    const { items } = await this.options.catalog.getEntities(
      {
        filter: {
          kind: 'Resource',
          'spec.type': 'kubernetes-cluster',
          ...this.options.filter,
        },
        fields,
      },
      { credentials },
    );
    return items;
  }

  static toRecord(entity: Entity): ClusterRecord {
    const annotations = entity.metadata.annotations ?? {};
    const labels = entity.metadata.labels ?? {};
    const fields = segmentationFromMetadata(labels, annotations);
    const url = annotations[ANNOTATION_KUBERNETES_API_SERVER];
    const authProvider =
      annotations[ANNOTATION_KUBERNETES_AUTH_PROVIDER] ?? 'serviceAccount';
    fields.title = entity.metadata.title;
    fields.apiServerUrl = url;
    fields.dashboardUrl = annotations[ANNOTATION_KUBERNETES_DASHBOARD_URL];
    fields.catalogEntityRef = stringifyEntityRef(entity);
    fields.userAuthProvider = userAuthProviderOf({
      ...catalogAuthMetadata(annotations),
      [ANNOTATION_KUBERNETES_AUTH_PROVIDER]: authProvider,
    });
    fields.labels = { ...labels, ...fields.labels };
    // What the entity declares about its fabrics; detection overrides it at
    // merge time. Bad values travel with the cluster as connectivity errors.
    fields.connectivity = readDeclaredConnectivity({
      ...labels,
      ...annotations,
    }).connectivity;
    return {
      name: entity.metadata.name,
      source: 'catalog',
      sourceId: 'catalog',
      fields,
      access: url
        ? {
            kind: 'direct',
            url,
            caData: annotations[ANNOTATION_KUBERNETES_API_SERVER_CA],
            skipTLSVerify:
              annotations[ANNOTATION_KUBERNETES_SKIP_TLS_VERIFY] === 'true',
            credentialRef: `catalog:${authProvider}`,
            authMetadata: catalogAuthMetadata(annotations),
          }
        : undefined,
      capiRef: readCapiRef(annotations),
    };
  }
}
