import { HttpAuthService } from '@backstage/backend-plugin-api';
import { multiClusterApiRoutes as routes } from '@flotilla/plugin-multi-cluster-common';
import Router from 'express-promise-router';
import type { PlacementAdviceService } from '../placement/advice/PlacementAdviceService';
import { BODY_LIMITS, jsonBody } from './bodyParser';
import { sendPlacementError } from './placementRouter';
import { parseBody, parsePath, parseQuery } from './validation';

/**
 * `POST /entities/:kind/:namespace/:name/placement/advice` (a service's
 * advice against where it runs) and `GET /placement/options` (what a
 * placement can name on the live fleet).
 */
export function createPlacementAdviceRouter(options: {
  httpAuth: HttpAuthService;
  advice: Pick<PlacementAdviceService, 'adviseEntity' | 'placementOptions'>;
}) {
  const { httpAuth, advice } = options;
  const router = Router();

  router.post(
    routes.getEntityPlacementAdvice.path,
    jsonBody(BODY_LIMITS.recommend),
    async (req, res) => {
      const credentials = await httpAuth.credentials(req, {
        allow: ['user', 'service'],
      });
      const ref = parsePath(routes.getEntityPlacementAdvice, req.params);
      const body = parseBody(routes.getEntityPlacementAdvice, req.body);
      try {
        res.json(await advice.adviseEntity(ref, body, credentials));
      } catch (error) {
        sendPlacementError(res, error);
      }
    },
  );

  router.get(routes.getPlacementOptions.path, async (req, res) => {
    const credentials = await httpAuth.credentials(req, {
      allow: ['user', 'service'],
    });
    parseQuery(routes.getPlacementOptions, req.query);
    res.json(await advice.placementOptions(credentials));
  });

  return router;
}
