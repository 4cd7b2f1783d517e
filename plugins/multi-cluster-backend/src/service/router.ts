import type { Router as ExpressRouter } from 'express';
import Router from 'express-promise-router';
import { multiClusterApiRoutes as routes } from '@flotilla/plugin-multi-cluster-common';

/**
 * Composes the per-concern routers (clusters, placement, entity placement,
 * history, connectivity, failover) into the plugin router.
 *
 * No body parser here: each route parses its own body with its own limit
 * (see `jsonBody`). A parser here would read every body first, with its
 * limit, and the routes' limits would never apply.
 */
export function createRouter(routers: ExpressRouter[]): ExpressRouter {
  const router = Router();
  router.get(routes.health.path, (_req, res) => {
    res.json({ status: 'ok' });
  });
  for (const r of routers) {
    router.use(r);
  }
  return router;
}
