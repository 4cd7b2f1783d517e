import {
  coreServices,
  createBackendPlugin,
} from '@backstage/backend-plugin-api';
import { actionsRegistryServiceRef } from '@backstage/backend-plugin-api/alpha';
import { catalogServiceRef } from '@backstage/plugin-catalog-node';
import { notificationService } from '@backstage/plugin-notifications-node';
import { signalsServiceRef } from '@backstage/plugin-signals-node';
import {
  multiClusterAuthStrategyExtensionPoint,
  multiClusterTrafficProvidersExtensionPoint,
  multiClusterPlacementExtensionPoint,
} from '@flotilla/plugin-multi-cluster-node';
import { createDetectionModule } from './detection';
import { PlacementObjectives } from './placement/objectives/PlacementObjectives';
import { registerActions } from './actions';
import { registerPermissions } from './permissions/registerPermissions';
import { createAuthStrategyRegistry } from './service/authStrategyRegistry';
import { createMultiClusterServices } from './service/createServices';
import { registerPluginRoutes } from './service/pluginRoutes';
import { createRecoveryModules } from './service/recoveryModules';
import { createTrafficProviderTypes } from './traffic';
import {
  registerServiceLifecycle,
  scheduleFleetRefresh,
} from './service/serviceLifecycle';

/**
 * Flotilla multi-cluster backend plugin (`/api/multi-cluster`).
 *
 * @public
 */
export const multiClusterPlugin = createBackendPlugin({
  pluginId: 'multi-cluster',
  register(env) {
    const authStrategies = createAuthStrategyRegistry();
    env.registerExtensionPoint(
      multiClusterAuthStrategyExtensionPoint,
      authStrategies.extensionPoint,
    );
    const trafficTypes = createTrafficProviderTypes();
    env.registerExtensionPoint(
      multiClusterTrafficProvidersExtensionPoint,
      trafficTypes.extensionPoint,
    );
    const placementObjectives = new PlacementObjectives();
    env.registerExtensionPoint(
      multiClusterPlacementExtensionPoint,
      placementObjectives.extensionPoint,
    );
    env.registerInit({
      deps: {
        config: coreServices.rootConfig,
        logger: coreServices.logger,
        lifecycle: coreServices.lifecycle,
        database: coreServices.database,
        scheduler: coreServices.scheduler,
        httpRouter: coreServices.httpRouter,
        httpAuth: coreServices.httpAuth,
        auth: coreServices.auth,
        auditor: coreServices.auditor,
        permissions: coreServices.permissions,
        permissionsRegistry: coreServices.permissionsRegistry,
        catalog: catalogServiceRef,
        actionsRegistry: actionsRegistryServiceRef,
        signals: signalsServiceRef,
        notifications: notificationService,
      },
      async init(deps) {
        placementObjectives.assertValid();
        const services = await createMultiClusterServices({
          ...deps,
          authStrategies: authStrategies.strategies,
          placementObjectives,
        });
        registerServiceLifecycle(deps.lifecycle, services);
        registerPermissions(deps.permissionsRegistry, services.inventory);
        registerActions(deps.actionsRegistry, services);

        const { failover, storms } = await createRecoveryModules(
          deps,
          services,
          trafficTypes.types,
        );

        // Services with an automatic policy fail over through region
        // failovers (`recovery`); the others get proposals.
        const detection = await createDetectionModule({
          config: deps.config,
          logger: deps.logger,
          database: deps.database,
          auth: deps.auth,
          permissions: deps.permissions,
          catalog: deps.catalog,
          services,
          notifications: deps.notifications,
          recovery: storms.recovery,
        });

        registerPluginRoutes(deps.httpRouter, {
          httpAuth: deps.httpAuth,
          logger: deps.logger,
          services,
          failover: failover.service,
          storms: storms.service,
          detection: detection.reads,
        });
        await scheduleFleetRefresh(deps.scheduler, services);
        await detection.schedule(deps.scheduler);
      },
    });
  },
});
