import {
  coreServices,
  createBackendPlugin,
} from '@backstage/backend-plugin-api';
import { actionsRegistryServiceRef } from '@backstage/backend-plugin-api/alpha';
import type express from 'express';
import { catalogServiceRef } from '@backstage/plugin-catalog-node';
import { notificationService } from '@backstage/plugin-notifications-node';
import { signalsServiceRef } from '@backstage/plugin-signals-node';
import type { AuthenticationStrategy } from '@backstage/plugin-kubernetes-node';
import { multiClusterAuthStrategyExtensionPoint } from '@flotilla/plugin-multi-cluster-node';
import { createFailoverModule, createFailoverRouter } from './failover';
import { registerActions } from './actions';
import { registerPermissions } from './permissions/registerPermissions';
import { createClustersRouter } from './service/clustersRouter';
import { createConnectivityRouter } from './service/connectivityRouter';
import { createMultiClusterServices } from './service/createServices';
import { createEntityPlacementRouter } from './service/entityPlacementRouter';
import { createErrorResponder } from './service/errorResponder';
import { createHistoryRouter } from './service/historyRouter';
import { createPlacementRouter } from './service/placementRouter';
import { createRouter } from './service/router';

/**
 * Flotilla multi-cluster backend plugin (`/api/multi-cluster`).
 *
 * @public
 */
export const multiClusterPlugin = createBackendPlugin({
  pluginId: 'multi-cluster',
  register(env) {
    const authStrategies = new Map<string, AuthenticationStrategy>();
    env.registerExtensionPoint(multiClusterAuthStrategyExtensionPoint, {
      addAuthStrategy(key, strategy) {
        if (!/^[a-zA-Z][a-zA-Z0-9-]*$/.test(key)) {
          throw new Error(`Invalid auth strategy key '${key}'`);
        }
        authStrategies.set(key, strategy);
      },
    });
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
        const services = await createMultiClusterServices({
          ...deps,
          authStrategies,
        });
        const { inventory } = services;
        const { httpAuth } = deps;

        deps.lifecycle.addShutdownHook(() => inventory.stop());
        deps.lifecycle.addStartupHook(() => services.upgradeWorker.start());
        deps.lifecycle.addShutdownHook(() => services.upgradeWorker.stop());
        deps.lifecycle.addShutdownHook(() => services.placementWorkers.close());
        registerPermissions(deps.permissionsRegistry, inventory);
        registerActions(deps.actionsRegistry, services);

        const failover = await createFailoverModule({
          config: deps.config,
          logger: deps.logger,
          database: deps.database,
          permissions: deps.permissions,
          auditor: deps.auditor,
          catalog: deps.catalog,
          services,
          signals: deps.signals,
          notifications: deps.notifications,
        });
        failover.registerActions(deps.actionsRegistry);
        deps.lifecycle.addStartupHook(() => failover.start());
        deps.lifecycle.addShutdownHook(() => failover.stop());

        deps.httpRouter.use(
          createRouter([
            createClustersRouter({
              httpAuth,
              clusters: services.clusterReads,
              lifecycle: services.lifecycle,
            }),
            createHistoryRouter({ httpAuth, clusters: services.clusterReads }),
            createPlacementRouter({
              httpAuth,
              placement: services.placementReads,
            }),
            createEntityPlacementRouter({
              httpAuth,
              placement: services.placementReads,
            }),
            createConnectivityRouter({
              httpAuth,
              fleetViews: services.fleetViews,
              exposure: services.exposureReads,
            }),
            createFailoverRouter({ httpAuth, service: failover.service }),
          ]),
        );
        // After every route of the plugin, the actions registry's included:
        // short 4xx answers (no echoed body), no internal details in
        // production. Express hands errors to 4-argument middleware.
        deps.httpRouter.use(
          createErrorResponder({
            logger: deps.logger,
          }) as unknown as express.Handler,
        );
        deps.httpRouter.addAuthPolicy({
          path: '/health',
          allow: 'unauthenticated',
        });

        await deps.scheduler.scheduleTask({
          id: 'multi-cluster-fleet-refresh',
          frequency: services.config.refreshFrequency,
          timeout: services.config.refreshTimeout,
          scope: 'global',
          fn: async signal => {
            await inventory.refresh({ signal });
          },
        });
      },
    });
  },
});
