import { HttpAuthService } from '@backstage/backend-plugin-api';
import { NotFoundError } from '@backstage/errors';
import {
  clusterHistoryQuerySchema,
  clusterRefSchema,
  multiClusterClusterReadPermission,
} from '@flotilla/plugin-multi-cluster-common';
import Router from 'express-promise-router';
import { HistoryRecorder } from '../database/MultiClusterStore';
import { FleetInventoryService } from '../inventory/FleetInventory';
import { ClusterAuthorizer } from '../permissions/ClusterAuthorizer';
import { parseInput } from './validation';

/** `GET /clusters/:name/history`: recorded mutating calls on a cluster. */
export function createHistoryRouter(options: {
  httpAuth: HttpAuthService;
  inventory: FleetInventoryService;
  authorizer: ClusterAuthorizer;
  history: HistoryRecorder;
}) {
  const router = Router();
  router.get('/clusters/:name/history', async (req, res) => {
    const credentials = await options.httpAuth.credentials(req, {
      allow: ['user', 'service'],
    });
    const { name } = parseInput(clusterRefSchema, req.params, 'path');
    const { limit } = parseInput(clusterHistoryQuerySchema, req.query, 'query');
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
