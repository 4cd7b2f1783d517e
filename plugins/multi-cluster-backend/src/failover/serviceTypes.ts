import {
  BackstageCredentials,
  LoggerService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { Entity, parseEntityRef } from '@backstage/catalog-model';
import { CatalogService } from '@backstage/plugin-catalog-node';
import type {
  EntityPlacement,
  FleetCluster,
  FailoverPlan,
  ReachabilityRequirement,
  StartFailoverRequest,
} from '@flotilla/plugin-multi-cluster-common';
import { FleetInventoryService } from '../inventory/FleetInventory';
import { KarmadaConnector } from '@flotilla/plugin-multi-cluster-node';
import { FailoverEvents } from './FailoverEvents';
import { FailoverStore } from './FailoverStore';
import { TrafficShiftProvider } from './steps';
import { FailoverRun } from './types';

/** A failover request: `POST /failovers`, or `POST /drills` with `drill`. */
export interface FailoverRequest extends StartFailoverRequest {
  /** A drill: forced, and recorded as a drill. */
  drill?: boolean;
}

export type CreateResult =
  | { dryRun: true; plan: FailoverPlan }
  | { dryRun: false; created: boolean; run: FailoverRun };

/** Entity placement as the failover service needs it (C's EntityPlacementService). */
export interface PlacementReader {
  getPlacement(
    ref: ReturnType<typeof parseEntityRef>,
    credentials: BackstageCredentials,
    clusterFilter?: (cluster: FleetCluster) => boolean,
    /** `shareReads`: a view's read may join one in flight (not a plan's). */
    options?: { shareReads?: boolean },
  ): Promise<EntityPlacement>;
}

/** Where an entity's dependencies (`dependsOn`) run, with their cluster sets. */
export interface DependencyReader {
  /** `recent`: from the workload census where it covers the fleet (views). */
  dependenciesOf(
    entity: Entity,
    credentials: BackstageCredentials,
    options?: { recent?: boolean },
  ): Promise<ReachabilityRequirement['dependencies']>;
}

/** What the failover service and its parts work with. */
export interface FailoverServiceOptions {
  store: FailoverStore;
  permissions: PermissionsService;
  catalog: CatalogService;
  inventory: FleetInventoryService;
  placement: PlacementReader;
  dependencies?: DependencyReader;
  karmada: KarmadaConnector[];
  events: FailoverEvents;
  logger: LoggerService;
  traffic?: TrafficShiftProvider;
}

/**
 * Longest reason kept on a run. Reasons are stored escaped: they are shown
 * and recorded like history, and PostgreSQL refuses a NUL in text.
 */
export const MAX_REASON_LENGTH = 2000;
