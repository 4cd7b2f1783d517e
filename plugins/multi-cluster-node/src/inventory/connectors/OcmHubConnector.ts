import { LoggerService } from '@backstage/backend-plugin-api';
import {
  SERVICE_ANNOTATIONS,
  type OcmDesiredPlacement,
} from '@flotilla/plugin-multi-cluster-common';
import { ControlPlaneConfig } from '../../config';
import type { KubernetesClient } from '../../kubernetes/client/KubernetesClient';
import * as ocmApi from '../../kubernetes/apis/ocm';
import type {
  ManagedCluster,
  Placement,
  PlacementDecision,
} from '../../kubernetes/apis/ocm';
import { hasControlCharacters, sanitizeForLog } from '../../util/sanitize';
import { ClusterRecord, FleetConnector } from '../types';
import { ocmClusterRecord } from './ocm/clusterRecord';
import { OCM_LIMITS } from './ocm/limits';
import { ocmDesiredPlacement } from './ocm/placement';

/** A label value (what a Placement's kubernetes-id label can hold). */
const KUBERNETES_ID = /^[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;

/** Longest cluster name read (a DNS subdomain). */
const MAX_NAME_LENGTH = 253;

/**
 * One Open Cluster Management hub: its `ManagedCluster`s as fleet records
 * (labels, cluster set, claims, availability, taints, allocatable and
 * capacity, registered API server URL), and the Placements and
 * PlacementDecisions used for entity placement. OCM gives this backend no
 * credentials for the members, so its records carry no access: a member is
 * reached only through what another source knows about it.
 *
 * @public
 */
export class OcmHubConnector implements FleetConnector {
  readonly id: string;
  readonly type = 'ocm' as const;

  constructor(
    private readonly options: {
      hub: ControlPlaneConfig;
      client: KubernetesClient;
      logger: LoggerService;
    },
  ) {
    this.id = `ocm:${options.hub.name}`;
  }

  /** The hub's name (from `multiCluster.ocm[].name`). */
  get name(): string {
    return this.options.hub.name;
  }

  get client(): KubernetesClient {
    return this.options.client;
  }

  async listClusters(options: {
    signal?: AbortSignal;
  }): Promise<ClusterRecord[]> {
    const items: unknown[] = await ocmApi.listManagedClusters(
      this.options.client,
      { signal: options.signal },
    );
    if (!Array.isArray(items)) {
      throw new Error(`${this.id}: the hub served no list of ManagedClusters`);
    }
    if (items.length > OCM_LIMITS.clusters) {
      this.options.logger.warn(
        `${this.id}: ${items.length} ManagedClusters, the first ${OCM_LIMITS.clusters} read`,
      );
    }
    // An object without a usable name cannot be told apart from the others.
    const named = items
      .slice(0, OCM_LIMITS.clusters)
      .filter(isNamed)
      .filter(
        c =>
          c.metadata.name.length <= MAX_NAME_LENGTH &&
          !hasControlCharacters(c.metadata.name),
      );
    const skipped = Math.min(items.length, OCM_LIMITS.clusters) - named.length;
    if (skipped > 0) {
      this.options.logger.warn(
        `${this.id}: ${skipped} ManagedClusters without a usable name left out`,
      );
    }
    const seen = new Set<string>();
    const records: ClusterRecord[] = [];
    for (const mc of named) {
      if (seen.has(mc.metadata.name)) continue;
      seen.add(mc.metadata.name);
      records.push(ocmClusterRecord(mc, { id: this.id, hub: this.name }));
    }
    return records;
  }

  /**
   * Placements labelled `backstage.io/kubernetes-id: <kubernetesId>`, in
   * `namespace` (all namespaces without one), each with its
   * PlacementDecisions.
   */
  async listEntityPlacements(
    query: { kubernetesId: string; namespace?: string },
    signal?: AbortSignal,
  ): Promise<{ placement: Placement; decisions: PlacementDecision[] }[]> {
    if (!KUBERNETES_ID.test(query.kubernetesId)) {
      // Not a label value: no Placement can carry it.
      return [];
    }
    const placements = await ocmApi.listPlacements(
      this.options.client,
      query.namespace,
      { signal },
      `${SERVICE_ANNOTATIONS.kubernetesId}=${query.kubernetesId}`,
    );
    const usable = (Array.isArray(placements) ? placements : [])
      .filter(
        p =>
          typeof p?.metadata?.name === 'string' &&
          typeof p.metadata.namespace === 'string',
      )
      .slice(0, 50);
    return Promise.all(
      usable.map(async placement => ({
        placement,
        decisions: await ocmApi.listPlacementDecisions(
          this.options.client,
          {
            namespace: placement.metadata!.namespace,
            placement: placement.metadata!.name,
          },
          { signal },
        ),
      })),
    );
  }

  /**
   * The entity's Placements on this hub as its desired placement: cluster
   * sets, predicates, numberOfClusters, the decided clusters and the
   * PlacementSatisfied condition, bounded.
   */
  async entityPlacements(
    query: { kubernetesId: string; namespace?: string },
    signal?: AbortSignal,
  ): Promise<OcmDesiredPlacement[]> {
    const found = await this.listEntityPlacements(query, signal);
    return found.map(({ placement, decisions }) =>
      ocmDesiredPlacement(this.name, placement, decisions),
    );
  }

  /** The hub's error, escaped and bounded for a log line or an answer. */
  describeError(error: unknown): string {
    return sanitizeForLog(
      `${this.id}: ${(error as Error)?.message ?? String(error)}`,
      500,
    );
  }
}

function isNamed(
  c: unknown,
): c is ManagedCluster & { metadata: { name: string } } {
  const metadata = (c as ManagedCluster | undefined)?.metadata;
  return typeof metadata?.name === 'string' && metadata.name !== '';
}
