import {
  AuditorService,
  AuthService,
  DatabaseService,
  LoggerService,
  PermissionsRegistryService,
  PermissionsService,
  RootConfigService,
} from '@backstage/backend-plugin-api';
import { CatalogService } from '@backstage/plugin-catalog-node';
import { AddonCoverageService } from '../addons/AddonCoverageService';
import { ClusterReadService } from '../clusters/ClusterReadService';
import { FleetViewService } from '../clusters/FleetViewService';
import { createAddonClientResolver } from '../addons/clientResolver';
import { readAddonsConfig } from '../addons/config';
import {
  MultiClusterConfig,
  readMultiClusterConfig,
  ClusterApiConnector,
  createControlPlaneConnectors,
  KarmadaConnector,
  OcmHubConnector,
  FleetConnector,
  ClusterClientFactory,
  ClusterCredentials,
} from '@flotilla/plugin-multi-cluster-node';
import type { AuthenticationStrategy } from '@backstage/plugin-kubernetes-node';
import { ConnectivityInspector } from '../connectivity/ConnectivityInspector';
import { MultiClusterStore } from '../database/MultiClusterStore';
import { MutationRecorder } from '../history/MutationRecorder';
import { CatalogClusterConnector } from '../inventory/connectors/CatalogClusterConnector';
import { ConfigClusterConnector } from '../inventory/connectors/ConfigClusterConnector';
import { DependencyResolver } from '../exposure/DependencyResolver';
import { EntityExposureService } from '../exposure/EntityExposureService';
import { ExposureReadService } from '../exposure/ExposureReadService';
import { FleetInventory } from '../inventory/FleetInventory';
import { SourceWatch } from '../inventory/SourceWatch';
import { WorkloadCensus } from '../placement/WorkloadCensus';
import { durationToMilliseconds } from '@backstage/types';
import { ClusterLifecycleService } from '../lifecycle/ClusterLifecycleService';
import { createLifecycle } from '../lifecycle/createLifecycle';
import type { ClusterUpgradeWorker } from '../lifecycle/upgrade/ClusterUpgradeWorker';
import { ClusterPermissions } from '../permissions/ClusterPermissions';
import { EntityPlacementService } from '../placement/EntityPlacementService';
import { PlacementReadService } from '../placement/PlacementReadService';
import { PlacementSimulator } from '../placement/PlacementSimulator';
import { LivePlacementInputs } from '../placement/inputs/LivePlacementInputs';
import { PlacementObjectives } from '../placement/objectives/PlacementObjectives';
import { PlacementAdviceService } from '../placement/advice/PlacementAdviceService';
import { userRegionsOf } from '../placement/inputs/latency';
import { PlacementWorkerPool } from '../placement/compute/PlacementWorkerPool';
import { WorkloadService } from '../workloads/WorkloadService';
import { EventLoopPacer } from '../util/EventLoopPacer';
import {
  createWhatIfServices,
  type WhatIfInputReader,
  type WhatIfReadService,
  type WhatIfService,
} from '../whatIf';
import { createPlacementServices } from './createPlacementServices';
import type { SharedCatalogReads } from '../util/SharedCatalogReads';

/**
 * Everything the routes, actions and other modules of the plugin (e.g.
 * failover) use. Routes and actions call only the services that check
 * the caller's permissions themselves: clusterReads, fleetViews, placementReads,
 * exposureReads and lifecycle.
 */
export interface MultiClusterServices {
  config: MultiClusterConfig;
  /** Paces the inventory's passes; routes tell it when they answer. */
  pacer: EventLoopPacer;
  store: MultiClusterStore;
  clients: ClusterClientFactory;
  inventory: FleetInventory;
  /** Refreshes the inventory when the catalog's clusters change; the plugin schedules it. */
  sourceWatch: SourceWatch;
  karmada: KarmadaConnector[];
  clusterApi: ClusterApiConnector[];
  ocm: OcmHubConnector[];
  workloads: WorkloadService;
  recorder: MutationRecorder;
  lifecycle: ClusterLifecycleService;
  /** Takes cluster upgrades further; the plugin starts and stops it. */
  upgradeWorker: ClusterUpgradeWorker;
  simulator: PlacementSimulator;
  /** Runs placement work off the event loop; the plugin stops it. */
  placementWorkers: PlacementWorkerPool;
  placement: EntityPlacementService;
  dependencies: DependencyResolver;
  exposure: EntityExposureService;
  addons: AddonCoverageService;
  clusterReads: ClusterReadService;
  fleetViews: FleetViewService;
  placementReads: PlacementReadService;
  /** A service's advice against where it runs; the fleet's placement options. */
  placementAdvice: PlacementAdviceService;
  exposureReads: ExposureReadService;
  /** Every DR-declared service and the fleet, for what-if plans and region failovers. */
  whatIfInputs: WhatIfInputReader;
  /** The plugin's permission checks (region failovers authorize with them). */
  permissions: ClusterPermissions;
  whatIf: WhatIfService;
  whatIfReads: WhatIfReadService;
}

/** The core services the plugin's services are built from. */
export interface MultiClusterServiceDeps {
  config: RootConfigService;
  logger: LoggerService;
  database: DatabaseService;
  auth: AuthService;
  auditor: AuditorService;
  permissions: PermissionsService;
  permissionsRegistry: PermissionsRegistryService;
  catalog: CatalogService;
  /** Strategies modules added through `multiClusterAuthStrategyExtensionPoint`. */
  authStrategies?: ReadonlyMap<string, AuthenticationStrategy>;
  /** Objectives modules added through `multiClusterPlacementExtensionPoint`. */
  placementObjectives?: PlacementObjectives;
}

/** Where the fleet's clusters come from: the catalog, config, control planes. */
function createFleetSources(
  deps: MultiClusterServiceDeps,
  config: MultiClusterConfig,
  clients: ClusterClientFactory,
) {
  const { logger } = deps;
  const connectors: FleetConnector[] = [];
  const catalog = config.catalog.enabled
    ? new CatalogClusterConnector({
        catalog: deps.catalog,
        auth: deps.auth,
        filter: config.catalog.filter,
      })
    : undefined;
  if (catalog) connectors.push(catalog);
  if (config.configClusters.length) {
    connectors.push(new ConfigClusterConnector(config.configClusters));
  }
  const { karmada, clusterApi, ocm } = createControlPlaneConnectors({
    config,
    clients,
    logger,
  });
  connectors.push(...karmada, ...clusterApi, ...ocm);

  logger.info(
    `Fleet sources: ${connectors.map(c => c.id).join(', ') || 'none'}`,
  );
  return { connectors, catalog, karmada, clusterApi, ocm };
}

/** How often a large fleet's clusters have their connectivity read, unless configured. */
const LARGE_FLEET_CONNECTIVITY_INTERVAL_MS = 10 * 60_000;

/** The fleet's inventory, with the workload census it keeps current. */
function createInventory(
  deps: MultiClusterServiceDeps,
  parts: {
    config: MultiClusterConfig;
    store: MultiClusterStore;
    clients: ClusterClientFactory;
    connectors: FleetConnector[];
    catalog?: CatalogClusterConnector;
  },
) {
  const { config } = parts;
  const pacer = new EventLoopPacer(config.refreshLoopShare);
  const census = new WorkloadCensus({
    liveReadLimit: config.placementLiveReadLimit,
    // Three refresh intervals: a census missed once is still trusted.
    maxAgeMs: 3 * durationToMilliseconds(config.refreshFrequency),
  });
  const inventory = new FleetInventory({
    connectors: parts.connectors,
    store: parts.store,
    clients: parts.clients,
    logger: deps.logger,
    healthTimeoutMs: config.healthTimeoutMs,
    connectorTimeoutMs: config.connectorTimeoutMs,
    concurrency: config.concurrency,
    inspector: config.connectivity.detect
      ? ConnectivityInspector.default()
      : undefined,
    inspectTimeoutMs: config.connectivity.timeoutMs,
    census,
    pacer,
    connectivitySchedule: {
      intervalMs: config.connectivity.intervalMs,
      passEveryMs: durationToMilliseconds(config.refreshFrequency),
      largeFleetSize: config.placementLiveReadLimit,
      largeFleetIntervalMs: LARGE_FLEET_CONNECTIVITY_INTERVAL_MS,
    },
  });
  const sourceWatch = new SourceWatch({
    sources: parts.catalog ? [parts.catalog] : [],
    inventory,
    logger: deps.logger,
  });
  return { census, inventory, pacer, sourceWatch };
}

/**
 * Add-on coverage and the services routes and actions read through, which
 * check the caller's permissions themselves (what-if plans among them).
 */
function createReadServices(
  deps: MultiClusterServiceDeps,
  parts: {
    config: MultiClusterConfig;
    store: MultiClusterStore;
    clients: ClusterClientFactory;
    inventory: FleetInventory;
    permissions: ClusterPermissions;
    placementWorkers: PlacementWorkerPool;
    simulator: PlacementSimulator;
    placement: EntityPlacementService;
    dependencies: DependencyResolver;
    exposure: EntityExposureService;
    liveInputs: LivePlacementInputs;
    entityReads: SharedCatalogReads;
  },
) {
  const { clients, inventory, permissions } = parts;
  const addons = AddonCoverageService.create({
    addons: readAddonsConfig(deps.config),
    logger: deps.logger,
    timeoutMs: parts.config.connectorTimeoutMs,
    clientFor: createAddonClientResolver({ clients, inventory }),
  });
  const clusterReads = new ClusterReadService({
    inventory,
    permissions,
    history: parts.store,
  });
  return {
    addons,
    clusterReads,
    fleetViews: new FleetViewService({
      clusters: clusterReads,
      addons,
      compute: parts.placementWorkers,
    }),
    placementReads: new PlacementReadService({
      permissions,
      simulator: parts.simulator,
      placement: parts.placement,
    }),
    placementAdvice: new PlacementAdviceService({
      permissions,
      catalog: parts.entityReads,
      simulator: parts.simulator,
      placement: parts.placement,
      objectives: deps.placementObjectives ?? new PlacementObjectives(),
      userRegions: userRegionsOf(parts.liveInputs.config.latency),
    }),
    exposureReads: new ExposureReadService({
      permissions,
      exposure: parts.exposure,
    }),
    ...createWhatIfServices(deps, parts),
  };
}

/** Builds the plugin's services from the core services. */
export async function createMultiClusterServices(
  deps: MultiClusterServiceDeps,
): Promise<MultiClusterServices> {
  const { logger } = deps;
  const config = readMultiClusterConfig(deps.config);
  const store = await MultiClusterStore.create({ database: deps.database });
  const clients = new ClusterClientFactory(config, {
    credentials: ClusterCredentials.create({
      config: deps.config,
      logger,
      custom: deps.authStrategies,
    }),
  });
  const sources = createFleetSources(deps, config, clients);
  const { karmada, clusterApi, ocm } = sources;
  const { census, inventory, pacer, sourceWatch } = createInventory(deps, {
    config,
    store,
    clients,
    ...sources,
  });
  const workloads = new WorkloadService({ inventory, clients });
  const permissions = new ClusterPermissions(
    deps.permissions,
    deps.permissionsRegistry,
  );
  const recorder = new MutationRecorder({
    auditor: deps.auditor,
    history: store,
    logger,
  });
  const { lifecycle, upgradeWorker } = await createLifecycle({
    database: deps.database,
    logger,
    clients,
    clusterApi,
    conflictRetries: config.conflictRetries,
    inventory,
    permissions,
    recorder,
    history: store,
  });
  const placementServices = createPlacementServices(deps, {
    config,
    inventory,
    workloads,
    karmada,
    ocm,
    census,
    clients,
  });
  return {
    config,
    pacer,
    store,
    permissions,
    clients,
    inventory,
    sourceWatch,
    karmada,
    clusterApi,
    ocm,
    workloads,
    recorder,
    lifecycle,
    upgradeWorker,
    ...placementServices,
    ...createReadServices(deps, {
      config,
      store,
      clients,
      inventory,
      permissions,
      ...placementServices,
    }),
  };
}
