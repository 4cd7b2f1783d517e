import { HttpAuthService } from '@backstage/backend-plugin-api';
import { NotFoundError } from '@backstage/errors';
import {
  multiClusterApiRoutes as routes,
  multiClusterClusterReadPermission,
} from '@flotilla/plugin-multi-cluster-common';
import Router from 'express-promise-router';
import { HistoryRecorder } from '../database/MultiClusterStore';
import { FleetInventoryService } from '../inventory/FleetInventory';
import { ClusterAuthorizer } from '../permissions/ClusterAuthorizer';
import { parsePath, parseQuery } from './validation';

/** `GET /clusters/:name/history`: recorded mutating calls on a cluster. */
export function createHistoryRouter(options: {
  httpAuth: HttpAuthService;
  inventory: FleetInventoryService;
  authorizer: ClusterAuthorizer;
  history: HistoryRecorder;
}) {
  const router = Router();
  router.get(routes.getClusterHistory.path, async (req, res) => {
    const credentials = await options.httpAuth.credentials(req, {
      allow: ['user', 'service'],
    });
    const { name } = parsePath(routes.getClusterHistory, req.params);
    const { limit } = parseQuery(routes.getClusterHistory, req.query);
    const cluster = await options.inventory.getCluster(name);
    if (!cluster) {
      throw new NotFoundError(`Cluster '${name}' not found`);
    }
    await options.authorizer.authorizeCluster(
      multiClusterClusterReadPermission,
      cluster,
      credentials,
    );
    res.json({
      items: await options.history.list({ cluster: name, limit }),
    });
  });
  return router;
}
