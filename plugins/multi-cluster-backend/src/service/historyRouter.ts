import { HttpAuthService } from '@backstage/backend-plugin-api';
import { multiClusterApiRoutes as routes } from '@flotilla/plugin-multi-cluster-common';
import Router from 'express-promise-router';
import { ClusterReadService } from '../clusters/ClusterReadService';
import { parsePath, parseQuery } from './validation';

/** `GET /clusters/:name/history`: recorded mutating calls on a cluster. */
export function createHistoryRouter(options: {
  httpAuth: HttpAuthService;
  clusters: ClusterReadService;
}) {
  const router = Router();
  router.get(routes.getClusterHistory.path, async (req, res) => {
    const credentials = await options.httpAuth.credentials(req, {
      allow: ['user', 'service'],
    });
    const { name } = parsePath(routes.getClusterHistory, req.params);
    const { limit } = parseQuery(routes.getClusterHistory, req.query);
    res.json({
      items: await options.clusters.getHistory(name, { limit }, credentials),
    });
  });
  return router;
}
