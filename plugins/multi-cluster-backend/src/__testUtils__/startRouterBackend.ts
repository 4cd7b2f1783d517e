import {
  coreServices,
  createBackendPlugin,
  type HttpAuthService,
  type LoggerService,
} from '@backstage/backend-plugin-api';
import { startTestBackend } from '@backstage/backend-test-utils';
import type express from 'express';

/** What a router under test is made from. */
export interface RouterDeps {
  httpAuth: HttpAuthService;
  logger: LoggerService;
}

/**
 * Starts a test backend whose multi-cluster plugin serves only the
 * handlers `routers` makes, in order (a router, then perhaps the error
 * responder), so a router test goes through Backstage's real HTTP stack
 * and credentials without the rest of the plugin.
 */
export function startRouterBackend(
  routers: (deps: RouterDeps) => express.Handler | express.Handler[],
) {
  const plugin = createBackendPlugin({
    pluginId: 'multi-cluster',
    register(env) {
      env.registerInit({
        deps: {
          httpRouter: coreServices.httpRouter,
          httpAuth: coreServices.httpAuth,
          logger: coreServices.logger,
        },
        async init({ httpRouter, httpAuth, logger }) {
          const made = routers({ httpAuth, logger });
          for (const handler of Array.isArray(made) ? made : [made]) {
            httpRouter.use(handler);
          }
        },
      });
    },
  });
  return startTestBackend({ features: [plugin] });
}
