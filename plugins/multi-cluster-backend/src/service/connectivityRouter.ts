import { HttpAuthService } from '@backstage/backend-plugin-api';
import { multiClusterApiRoutes as routes } from '@flotilla/plugin-multi-cluster-common';
import Router from 'express-promise-router';
import { FleetViewService } from '../clusters/FleetViewService';
import { ExposureReadService } from '../exposure/ExposureReadService';
import { parsePath, parseQuery } from './validation';

/**
 * `GET /connectivity` (cluster sets, fabric findings, borrowed capacity),
 * `GET /addons` (fleet-wide add-on coverage) and
 * `GET /entities/:kind/:namespace/:name/exposure`, each over the clusters
 * the caller may read.
 */
export function createConnectivityRouter(options: {
  httpAuth: HttpAuthService;
  fleetViews: FleetViewService;
  exposure: ExposureReadService;
}) {
  const { httpAuth, fleetViews, exposure } = options;
  const router = Router();

  function credentialsOf(req: Parameters<typeof httpAuth.credentials>[0]) {
    return httpAuth.credentials(req, { allow: ['user', 'service'] });
  }

  router.get(routes.getConnectivity.path, async (req, res) => {
    const credentials = await credentialsOf(req);
    parseQuery(routes.getConnectivity, req.query);
    res.json(await fleetViews.getConnectivity(credentials));
  });

  router.get(routes.getAddonCoverage.path, async (req, res) => {
    const credentials = await credentialsOf(req);
    parseQuery(routes.getAddonCoverage, req.query);
    res.json(await fleetViews.getAddonCoverage(credentials));
  });

  router.get(routes.getEntityExposure.path, async (req, res) => {
    const credentials = await credentialsOf(req);
    parseQuery(routes.getEntityExposure, req.query);
    const { kind, namespace, name } = parsePath(
      routes.getEntityExposure,
      req.params,
    );
    res.json(
      await exposure.getExposure({ kind, namespace, name }, credentials),
    );
  });

  return router;
}
