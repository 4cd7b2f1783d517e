import { createValidatedOpenApiRouter } from '@backstage/backend-openapi-utils';
import { multiClusterApiRoutes as routes } from '@flotilla/plugin-multi-cluster-common';
import type { Router as ExpressRouter } from 'express';
import { buildOpenApiDocument } from './openapi';

/** `createValidatedOpenApiRouter`'s document type: a literal JSON import. */
type OpenApiDocument = Parameters<typeof createValidatedOpenApiRouter>[0];

/**
 * Composes the per-concern routers (clusters, placement, entity placement,
 * history, connectivity, failover) into the plugin router.
 *
 * The router is Backstage's OpenAPI router: it serves the generated
 * document at `/openapi.json` (`getOpenApiSpecRoute`), with paths
 * prefixed by the plugin's mount point. Requests are validated by the
 * routes themselves with common's zod schemas, the ones the document is
 * generated from, so their 400s keep the short messages of the route
 * table; the OpenAPI validator would check the same bounds a second time.
 * Security is Backstage's `httpAuth` in each route.
 *
 * No body parser here: each route parses its own body with its own limit
 * (see `jsonBody`). A parser here would read every body first, with its
 * limit, and the routes' limits would never apply.
 */
export function createRouter(routers: ExpressRouter[]): ExpressRouter {
  const router = createValidatedOpenApiRouter(
    buildOpenApiDocument() as unknown as OpenApiDocument,
    {
      // In place of the default `express.json()` (see below); express
      // refuses an empty list.
      middleware: [(_req, _res, next) => next()],
      validatorOptions: { validateRequests: false, validateSecurity: false },
    },
  );
  router.get(routes.health.path, (_req, res) => {
    res.json({ status: 'ok' });
  });
  for (const r of routers) {
    router.use(r);
  }
  return router;
}
