import {
  BackstageCredentials,
  BackstageUserPrincipal,
  HttpAuthService,
} from '@backstage/backend-plugin-api';
import { multiClusterApiRoutes as routes } from '@flotilla/plugin-multi-cluster-common';
import express from 'express';
import Router from 'express-promise-router';
import { BODY_LIMITS, jsonBody } from '../service/bodyParser';
import { parseBody, parsePath, parseQuery } from '../service/validation';
import { StormService } from './service/StormService';
import { toApiStorm } from './service/stormView';

/** What every storm route uses. */
interface StormRouteParts {
  router: express.Router;
  service: StormService;
  userCredentials(
    req: express.Request,
  ): Promise<BackstageCredentials<BackstageUserPrincipal>>;
  readCredentials(req: express.Request): Promise<BackstageCredentials>;
}

/** `POST /region-failovers` and `POST /failbacks`. */
function addStartRoutes({ router, service, userCredentials }: StormRouteParts) {
  const body = jsonBody(BODY_LIMITS.regionFailover);
  router.post(routes.startRegionFailover.path, body, async (req, res) => {
    const credentials = await userCredentials(req);
    const request = parseBody(routes.startRegionFailover, req.body);
    const result = await service.start(request, credentials);
    if (result.dryRun) {
      res.status(200).json({ plan: result.plan });
      return;
    }
    res.status(202).json({ storm: toApiStorm(result.storm) });
  });

  router.post(
    routes.startFailback.path,
    jsonBody(BODY_LIMITS.failover),
    async (req, res) => {
      const credentials = await userCredentials(req);
      const request = parseBody(routes.startFailback, req.body);
      const { storm } = await service.failback(request, credentials);
      res.status(202).json({ storm: toApiStorm(storm) });
    },
  );
}

/** `GET /region-failovers` and `GET /region-failovers/:id`. */
function addReadRoutes({ router, service, readCredentials }: StormRouteParts) {
  router.get(routes.listRegionFailovers.path, async (req, res) => {
    const credentials = await readCredentials(req);
    const query = parseQuery(routes.listRegionFailovers, req.query);
    const storms = await service.list(query, credentials);
    res.json({ items: storms.map(toApiStorm) });
  });

  router.get(routes.getRegionFailover.path, async (req, res) => {
    const credentials = await readCredentials(req);
    const { id } = parsePath(routes.getRegionFailover, req.params);
    parseQuery(routes.getRegionFailover, req.query);
    res.json(toApiStorm(await service.get(id, credentials)));
  });
}

/** `POST /region-failovers/:id/pause|resume|cancel`. */
function addControlRoutes({
  router,
  service,
  userCredentials,
}: StormRouteParts) {
  const controls = [
    [routes.pauseRegionFailover, service.pause],
    [routes.resumeRegionFailover, service.resume],
    [routes.cancelRegionFailover, service.cancel],
  ] as const;
  for (const [route, control] of controls) {
    router.post(
      route.path,
      jsonBody(BODY_LIMITS.failover),
      async (req, res) => {
        const credentials = await userCredentials(req);
        const { id } = parsePath(route, req.params);
        parseBody(route, req.body);
        const storm = await control.call(service, id, credentials);
        res.json(toApiStorm(storm));
      },
    );
  }
}

/**
 * Region failover routes (mounted under `/api/multi-cluster`), over the
 * {@link StormService}, which authorizes: `POST /region-failovers`,
 * `GET /region-failovers`, `GET /region-failovers/:id`,
 * `POST /region-failovers/:id/pause|resume|cancel`, `POST /failbacks`.
 */
export function createStormRouter(options: {
  httpAuth: HttpAuthService;
  service: StormService;
}): express.Router {
  const { httpAuth, service } = options;
  const parts: StormRouteParts = {
    router: Router(),
    service,
    userCredentials: req => httpAuth.credentials(req, { allow: ['user'] }),
    readCredentials: req =>
      httpAuth.credentials(req, { allow: ['user', 'service'] }),
  };
  addStartRoutes(parts);
  addReadRoutes(parts);
  addControlRoutes(parts);
  return parts.router;
}
