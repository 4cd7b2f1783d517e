import {
  AuditorService,
  AuthService,
  DatabaseService,
  LifecycleService,
  LoggerService,
  PermissionsService,
  RootConfigService,
} from '@backstage/backend-plugin-api';
import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import type { CatalogService } from '@backstage/plugin-catalog-node';
import type { NotificationService } from '@backstage/plugin-notifications-node';
import type { SignalsService } from '@backstage/plugin-signals-node';
import type { TrafficProviderFactory } from '@flotilla/plugin-multi-cluster-node';
import { createFailoverModule } from '../failover';
import { TrafficProviders } from '../traffic';
import { createStormModule } from '../storm';
import { MultiClusterServices } from './createServices';

/**
 * The failover module and the region failovers (storms) that run their
 * children as its runs: built, their actions registered, started and
 * stopped with the plugin.
 */
export async function createRecoveryModules(
  deps: {
    config: RootConfigService;
    logger: LoggerService;
    lifecycle: LifecycleService;
    database: DatabaseService;
    auth: AuthService;
    auditor: AuditorService;
    permissions: PermissionsService;
    catalog: CatalogService;
    actionsRegistry: ActionsRegistryService;
    signals: SignalsService;
    notifications: NotificationService;
  },
  services: MultiClusterServices,
  /** Traffic provider types added through the extension point. */
  trafficTypes?: ReadonlyMap<string, TrafficProviderFactory>,
) {
  // Built at startup: a provider entry that cannot be built stops the start.
  const trafficProviders = TrafficProviders.create({
    config: deps.config,
    logger: deps.logger,
    clients: services.clients,
    clusterClient: async name =>
      services.clients.forCluster(
        name,
        await services.inventory.getAccess(name),
      ),
    types: trafficTypes,
  });
  const failover = await createFailoverModule({
    ...deps,
    services,
    trafficProviders,
  });
  failover.registerActions(deps.actionsRegistry);
  deps.lifecycle.addStartupHook(() => failover.start());
  deps.lifecycle.addShutdownHook(() => failover.stop());

  const storms = createStormModule({
    ...deps,
    failover,
    services,
    whatIfInputs: services.whatIfInputs,
    // Other replicas' run ends wake this replica's storm orchestrator.
    workSignal: failover.signal,
  });
  storms.registerActions(deps.actionsRegistry);
  deps.lifecycle.addStartupHook(() => storms.start());
  deps.lifecycle.addShutdownHook(() => storms.stop());
  return { failover, storms };
}
