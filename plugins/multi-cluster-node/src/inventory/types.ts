/*
 * The API shapes (what the REST API returns) live in the common package, so
 * the frontend and the Scaffolder module share them; the rest is internal.
 */
import type {
  FleetCluster,
  ClusterSourceType,
  ClusterHealthEvidence,
} from '@flotilla/plugin-multi-cluster-common';

export type {
  ClusterSourceType,
  ClusterHealthStatus,
  ClusterHealth,
  ClusterHealthEvidence,
  ClusterHealthSource,
  ClusterTaint,
  ClusterCapacity,
  ClusterCondition,
  MachineDeploymentSummary,
  ClusterLifecycle,
  PlacedWorkload,
  ClusterConflict,
  ClusterSourceRef,
  FleetCluster,
  ClusterListFilter,
  ClusterListResult,
} from '@flotilla/plugin-multi-cluster-common';

/**
 * How the backend reaches a cluster's API server. Stored with the snapshot;
 * holds a reference to credentials, never the credentials themselves.
 *
 * @public
 */
export type ClusterAccess =
  | {
      kind: 'direct';
      url: string;
      caData?: string;
      skipTLSVerify?: boolean;
      /** Key into the credential store, e.g. `config:<cluster>`. */
      credentialRef: string;
      /**
       * The catalog entity's `kubernetes.io/*` auth annotations (never a
       * token: the Kubernetes plugin's filter drops `serviceAccountToken`),
       * read by the auth strategy of a `catalog:<authProvider>` reference.
       */
      authMetadata?: Record<string, string>;
    }
  | {
      kind: 'karmada-proxy';
      /** The Karmada control plane name (from `multiCluster.karmada[].name`). */
      controlPlane: string;
      cluster: string;
    }
  | {
      /**
       * A Cluster API workload cluster, reached with the kubeconfig Cluster
       * API writes into a Secret (`<cluster>-kubeconfig`, key `value`) on
       * its management cluster. Only the Secret's coordinates are stored.
       */
      kind: 'capi-kubeconfig';
      /** The management cluster name (from `multiCluster.clusterApi[].name`). */
      managementCluster: string;
      namespace: string;
      secretName: string;
    };

/**
 * A partial cluster description produced by one connector.
 *
 * @public
 */
export interface ClusterRecord {
  name: string;
  source: ClusterSourceType;
  sourceId: string;
  fields: Partial<
    Omit<
      FleetCluster,
      | 'name'
      | 'source'
      | 'sources'
      | 'health'
      | 'stale'
      | 'refreshedAt'
      | 'conflicts'
      | 'lastError'
    >
  >;
  access?: ClusterAccess;
  /**
   * Health as the source observes it (Karmada's Ready condition and taints,
   * OCM's availability, Cluster API's conditions); merge sets `sourceId`.
   */
  health?: ClusterHealthEvidence;
  /**
   * The Cluster API object this cluster is managed by, when the source knows
   * it (catalog annotations); CAPI records with this ref merge into this one.
   */
  capiRef?: { managementCluster: string; namespace: string; name: string };
}

/**
 * One source of fleet clusters.
 *
 * @public
 */
export interface FleetConnector {
  /** Unique id, e.g. `karmada:prod`. */
  readonly id: string;
  readonly type: ClusterSourceType;
  listClusters(options: { signal?: AbortSignal }): Promise<ClusterRecord[]>;
}

/**
 * Stored snapshot: the public cluster plus its (credential-free) access.
 *
 * @public
 */
export interface StoredCluster {
  cluster: FleetCluster;
  access?: ClusterAccess;
}

/** @public */
export interface RefreshSummary {
  clusters: number;
  healthy: number;
  stale: number;
  conflicts: number;
  connectorErrors: { connector: string; error: string }[];
  /** Until the fleet was stored and served (inspection not included). */
  durationMs: number;
  /** The connectivity inspection pass that followed, when one ran. */
  inspectionDurationMs?: number;
}
