import express from 'express';
import type { Router as ExpressRouter } from 'express';
import Router from 'express-promise-router';

/**
 * Composes the per-concern routers (clusters, placement, entity placement,
 * history, and later failover) into the plugin router.
 */
export function createRouter(routers: ExpressRouter[]): ExpressRouter {
  const router = Router();
  router.use(express.json({ limit: '5mb' }));
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  for (const r of routers) {
    router.use(r);
  }
  return router;
}
