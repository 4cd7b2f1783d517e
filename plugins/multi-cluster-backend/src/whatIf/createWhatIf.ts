import {
  AuditorService,
  AuthService,
  LoggerService,
} from '@backstage/backend-plugin-api';
import { CatalogService } from '@backstage/plugin-catalog-node';
import type {
  DependencyReader,
  PlacementReader,
} from '../failover/serviceTypes';
import type { FleetInventoryService } from '../inventory/FleetInventory';
import type { ClusterPermissions } from '../permissions/ClusterPermissions';
import type { PlacementCompute } from '../placement/compute/PlacementWorkerPool';
import { CatalogWhatIfInputReader } from './CatalogWhatIfInputReader';
import { WhatIfReadService } from './WhatIfReadService';
import { WhatIfService } from './WhatIfService';

/**
 * The what-if services: the input reader (also what a region failover
 * plans from), the planner on the placement workers, and the read service
 * the route and the action call.
 */
export function createWhatIfServices(
  deps: {
    catalog: CatalogService;
    auth: AuthService;
    auditor: AuditorService;
    logger: LoggerService;
  },
  parts: {
    inventory: FleetInventoryService;
    placement: PlacementReader;
    dependencies: DependencyReader;
    permissions: ClusterPermissions;
    placementWorkers: PlacementCompute;
  },
) {
  const whatIfInputs = new CatalogWhatIfInputReader({
    catalog: deps.catalog,
    auth: deps.auth,
    inventory: parts.inventory,
    placement: parts.placement,
    dependencies: parts.dependencies,
    logger: deps.logger,
  });
  const whatIf = new WhatIfService({
    reader: whatIfInputs,
    compute: parts.placementWorkers,
  });
  const whatIfReads = new WhatIfReadService({
    permissions: parts.permissions,
    whatIf,
    auditor: deps.auditor,
  });
  return { whatIfInputs, whatIf, whatIfReads };
}
