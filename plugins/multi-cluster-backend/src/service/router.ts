import { multiClusterApiRoutes as routes } from '@flotilla/plugin-multi-cluster-common';
import type { Router as ExpressRouter } from 'express';
import Router from 'express-promise-router';
import { buildOpenApiDocument, OPENAPI_SPEC_PATH } from './openapi';

/**
 * Composes the per-concern routers (clusters, placement, entity placement,
 * history, connectivity, failover) into the plugin router, and serves their
 * OpenAPI document where Backstage looks for it (`getOpenApiSpecRoute`).
 *
 * No body parser here: each route parses its own body with its own limit
 * (see `jsonBody`). A parser here would read every body first, with its
 * limit, and the routes' limits would never apply.
 */
export function createRouter(routers: ExpressRouter[]): ExpressRouter {
  const router = Router();
  const document = buildOpenApiDocument();
  router.get(routes.health.path, (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get(OPENAPI_SPEC_PATH, (req, res) => {
    // Paths are relative to where the plugin is mounted.
    res.json({ ...document, servers: [{ url: req.baseUrl || '/' }] });
  });
  for (const r of routers) {
    router.use(r);
  }
  return router;
}
