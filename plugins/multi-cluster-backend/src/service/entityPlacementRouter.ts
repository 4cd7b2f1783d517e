import { HttpAuthService } from '@backstage/backend-plugin-api';
import { InputError } from '@backstage/errors';
import { kubernetesRequestAuthFromHeaders } from '@flotilla/plugin-multi-cluster-node';
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
    let userAuth;
    try {
      // The signed-in user's own cluster credentials, as the Kubernetes
      // plugin's frontend sends them; read where a cluster delegates to them.
      userAuth = kubernetesRequestAuthFromHeaders(req.headers);
    } catch (error) {
      throw new InputError(
        `Invalid request headers: ${(error as Error).message}`,
      );
    }
    res.json(
      await placement.getEntityPlacement(
        { kind, namespace, name },
        credentials,
        // The tab's view, read while its other views read the same.
        { userAuth, shareReads: true },
      ),
    );
  });

  return router;
}
