import type {
  ClusterClientFactory,
  KarmadaConnector,
  MultiClusterConfig,
  OcmHubConnector,
} from '@flotilla/plugin-multi-cluster-node';
import { DependencyResolver } from '../exposure/DependencyResolver';
import { EntityExposureService } from '../exposure/EntityExposureService';
import type { FleetInventory } from '../inventory/FleetInventory';
import { EntityPlacementService } from '../placement/EntityPlacementService';
import { PlacementSimulator } from '../placement/PlacementSimulator';
import type { WorkloadCensus } from '../placement/WorkloadCensus';
import { PlacementWorkerPool } from '../placement/compute/PlacementWorkerPool';
import { LivePlacementInputs } from '../placement/inputs/LivePlacementInputs';
import { SharedCatalogReads } from '../util/SharedCatalogReads';
import type { WorkloadService } from '../workloads/WorkloadService';
import type { MultiClusterServiceDeps } from './createServices';

/** Where entities run, may run, and what they expose. */
export function createPlacementServices(
  deps: MultiClusterServiceDeps,
  parts: {
    config: MultiClusterConfig;
    inventory: FleetInventory;
    workloads: WorkloadService;
    karmada: KarmadaConnector[];
    ocm: OcmHubConnector[];
    census: WorkloadCensus;
    clients: ClusterClientFactory;
  },
) {
  const { config, inventory } = parts;
  const { logger } = deps;
  const entityReads = new SharedCatalogReads(deps.catalog);
  const placement = new EntityPlacementService({
    catalog: entityReads,
    inventory,
    workloads: parts.workloads,
    karmada: parts.karmada,
    ocm: parts.ocm,
    concurrency: config.concurrency,
    clusterTimeoutMs: config.clusterTimeoutMs,
    logger,
    census: parts.census,
  });
  const dependencies = new DependencyResolver({
    catalog: entityReads,
    inventory,
    placement,
    concurrency: config.concurrency,
  });
  const placementWorkers = new PlacementWorkerPool({
    ...config.placementWorkers,
    logger,
  });
  const liveInputs = LivePlacementInputs.fromConfig(deps.config, {
    clients: parts.clients,
    accessOf: name => inventory.getAccess(name),
    logger,
    timeoutMs: config.clusterTimeoutMs,
    concurrency: config.concurrency,
    liveReadLimit: config.placementLiveReadLimit,
  });
  const simulator = new PlacementSimulator(
    inventory,
    dependencies,
    config.karmada,
    placementWorkers,
    liveInputs,
    deps.placementObjectives,
  );
  const exposure = new EntityExposureService({
    inventory,
    dependencies,
    placement,
  });
  return {
    placement,
    dependencies,
    placementWorkers,
    simulator,
    exposure,
    liveInputs,
    entityReads,
  };
}
