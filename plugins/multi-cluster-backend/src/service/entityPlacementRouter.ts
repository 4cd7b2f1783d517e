import { HttpAuthService } from '@backstage/backend-plugin-api';
import {
  multiClusterApiRoutes as routes,
  multiClusterClusterReadPermission,
  multiClusterPlacementReadPermission,
} from '@flotilla/plugin-multi-cluster-common';
import Router from 'express-promise-router';
import { ClusterAuthorizer } from '../permissions/ClusterAuthorizer';
import { EntityPlacementService } from '../placement/EntityPlacementService';
import { parsePath, parseQuery } from './validation';

/** `GET /entities/:kind/:namespace/:name/placement`. */
export function createEntityPlacementRouter(options: {
  httpAuth: HttpAuthService;
  authorizer: ClusterAuthorizer;
  placement: EntityPlacementService;
}) {
  const { httpAuth, authorizer, placement } = options;
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
    await authorizer.authorizeBasic(
      multiClusterPlacementReadPermission,
      credentials,
    );
    const canRead = await authorizer.clusterPredicate(
      multiClusterClusterReadPermission,
      credentials,
    );
    res.json(
      await placement.getPlacement(
        { kind, namespace, name },
        credentials,
        canRead,
      ),
    );
  });

  return router;
}
