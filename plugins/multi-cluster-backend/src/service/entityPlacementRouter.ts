import { HttpAuthService } from '@backstage/backend-plugin-api';
import { multiClusterApiRoutes as routes } from '@flotilla/plugin-multi-cluster-common';
import Router from 'express-promise-router';
import { PlacementReadService } from '../placement/PlacementReadService';
import { parsePath, parseQuery } from './validation';

/** `GET /entities/:kind/:namespace/:name/placement`. */
export function createEntityPlacementRouter(options: {
  httpAuth: HttpAuthService;
  placement: PlacementReadService;
}) {
  const { httpAuth, placement } = options;
  const router = Router();

  router.get(routes.getEntityPlacement.path, async (req, res) => {
    const credentials = await httpAuth.credentials(req, {
      allow: ['user', 'service'],
    });
    const { kind, namespace, name } = parsePath(
      routes.getEntityPlacement,
      req.params,
    );
    parseQuery(routes.getEntityPlacement, req.query);
    res.json(
      await placement.getEntityPlacement(
        { kind, namespace, name },
        credentials,
      ),
    );
  });

  return router;
}
