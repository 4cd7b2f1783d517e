import { BackstageCredentials } from '@backstage/backend-plugin-api';
import {
  Entity,
  getCompoundEntityRef,
  parseEntityRef,
  stringifyEntityRef,
} from '@backstage/catalog-model';
import { NotFoundError } from '@backstage/errors';
import { CatalogService } from '@backstage/plugin-catalog-node';
import {
  EntityPlacement,
  FleetCluster,
  ReplicaAssignment,
  replicaAssignmentOf,
} from '@flotilla/plugin-multi-cluster-common';
import { FleetInventoryService } from '../inventory/FleetInventory';
import { KarmadaConnector } from '@flotilla/plugin-multi-cluster-node';
import { PlacementReader } from './serviceTypes';
import { KarmadaTarget, WorkloadRef } from './types';

/** Where a service runs now, read for a plan, a rollback or its posture. */
export interface CurrentPlacement {
  placement: EntityPlacement;
  clusters: FleetCluster[];
  /** Replicas per cluster (see `replicaAssignmentOf`). */
  assignment: ReplicaAssignment;
}

/** The owners of an entity: `spec.owner` and its `ownedBy` relations. */
export function ownersOf(entity: Entity): string[] {
  const owners = new Set<string>();
  const spec = entity.spec as { owner?: unknown } | undefined;
  if (typeof spec?.owner === 'string') {
    owners.add(
      stringifyEntityRef(
        parseEntityRef(spec.owner, {
          defaultKind: 'group',
          defaultNamespace: entity.metadata.namespace ?? 'default',
        }),
      ),
    );
  }
  for (const r of entity.relations ?? []) {
    if (r.type === 'ownedBy') owners.add(r.targetRef);
  }
  return [...owners];
}

/** The service's workloads as observed, recorded on a run. */
export function workloadRefs(placement: EntityPlacement): WorkloadRef[] {
  return placement.actual.clusters.flatMap(c =>
    c.workloads.map(w => ({
      cluster: c.cluster,
      namespace: w.namespace,
      kind: w.kind,
      name: w.name,
      replicas: w.replicas,
    })),
  );
}

/**
 * Reads a service's catalog entity and where it runs: its placement
 * (Karmada's and observed) and the fleet.
 */
export class ServicePlacement {
  constructor(
    private readonly options: {
      catalog: CatalogService;
      inventory: FleetInventoryService;
      placement: PlacementReader;
      karmada: KarmadaConnector[];
    },
  ) {}

  /** The entity, or 404. */
  async loadEntity(
    entityRef: string,
    credentials: BackstageCredentials,
  ): Promise<Entity> {
    const entity = await this.options.catalog.getEntityByRef(entityRef, {
      credentials,
    });
    if (!entity) {
      throw new NotFoundError(`Entity ${entityRef} not found`);
    }
    return entity;
  }

  /**
   * The service's placement and the fleet, read now (in parallel).
   * `shareReads` for a view: its reads may join identical ones in flight.
   * `recent` for a monitor: over the live-read limit, clusters with a
   * recent workload census answer from it instead of a live read.
   */
  async current(
    entity: Entity,
    credentials: BackstageCredentials,
    options: { shareReads?: boolean; recent?: boolean } = {},
  ): Promise<CurrentPlacement> {
    const [placement, clusters] = await Promise.all([
      this.options.placement.getPlacement(
        getCompoundEntityRef(entity),
        credentials,
        undefined,
        options,
      ),
      this.options.inventory.getClusters(),
    ]);
    return {
      placement,
      clusters,
      assignment: replicaAssignmentOf(placement, clusters),
    };
  }

  /**
   * The Karmada resource templates to shift through, when a configured
   * control plane propagates the service with an effective policy.
   */
  karmadaTarget(placement: EntityPlacement): KarmadaTarget | undefined {
    const desired = placement.desired.karmada.filter(
      d =>
        d.policies.some(p => p.effective) &&
        this.options.karmada.some(k => k.name === d.controlPlane),
    );
    if (!desired.length) return undefined;
    const first = desired[0];
    const same = desired.filter(
      d =>
        d.controlPlane === first.controlPlane &&
        d.resource.namespace === first.resource.namespace,
    );
    return {
      controlPlane: first.controlPlane,
      namespace: first.resource.namespace,
      resources: same.map(d => ({
        apiVersion: d.resource.apiVersion,
        kind: d.resource.kind,
        name: d.resource.name,
      })),
      propagationPolicy: first.policies.find(p => p.effective)?.name,
    };
  }
}
