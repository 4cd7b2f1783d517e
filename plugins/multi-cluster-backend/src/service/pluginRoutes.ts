import {
  HttpAuthService,
  HttpRouterService,
  LoggerService,
} from '@backstage/backend-plugin-api';
import type express from 'express';
import { createDetectionRouter, type DetectionReads } from '../detection';
import { createFailoverRouter, type FailoverService } from '../failover';
import { createClustersRouter } from './clustersRouter';
import { createConnectivityRouter } from './connectivityRouter';
import { MultiClusterServices } from './createServices';
import { createEntityPlacementRouter } from './entityPlacementRouter';
import { createErrorResponder } from './errorResponder';
import { createHistoryRouter } from './historyRouter';
import { createPlacementRouter } from './placementRouter';
import { createPlacementAdviceRouter } from './placementAdviceRouter';
import { createRouter } from './router';
import { answeringRequests } from '../util/EventLoopPacer';
import { createWhatIfRouter } from '../whatIf';
import { createStormRouter, type StormService } from '../storm';

/** Mounts the plugin's routes, its error responder and its auth policy. */
export function registerPluginRoutes(
  httpRouter: HttpRouterService,
  options: {
    httpAuth: HttpAuthService;
    logger: LoggerService;
    services: MultiClusterServices;
    failover: FailoverService;
    storms: StormService;
    detection: DetectionReads;
  },
): void {
  const { httpAuth, services } = options;
  httpRouter.use(answeringRequests(services.pacer));
  httpRouter.use(
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
      createPlacementAdviceRouter({
        httpAuth,
        advice: services.placementAdvice,
      }),
      createConnectivityRouter({
        httpAuth,
        fleetViews: services.fleetViews,
        exposure: services.exposureReads,
      }),
      createFailoverRouter({ httpAuth, service: options.failover }),
      createWhatIfRouter({ httpAuth, whatIf: services.whatIfReads }),
      createStormRouter({ httpAuth, service: options.storms }),
      createDetectionRouter({ httpAuth, reads: options.detection }),
    ]),
  );
  // After every route of the plugin, the actions registry's included:
  // short 4xx answers (no echoed body), no internal details in
  // production. Express hands errors to 4-argument middleware.
  httpRouter.use(
    createErrorResponder({
      logger: options.logger,
    }) as unknown as express.Handler,
  );
  httpRouter.addAuthPolicy({
    path: '/health',
    allow: 'unauthenticated',
  });
}
