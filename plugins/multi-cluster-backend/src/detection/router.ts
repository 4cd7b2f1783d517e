import { HttpAuthService } from '@backstage/backend-plugin-api';
import { multiClusterApiRoutes as routes } from '@flotilla/plugin-multi-cluster-common';
import express from 'express';
import Router from 'express-promise-router';
import { parseQuery } from '../service/validation';
import type { DetectionReads } from './DetectionReads';

/**
 * Detection's routes (mounted under `/api/multi-cluster`):
 * `GET /detection/clusters` and `GET /detection/decisions`. The reads
 * authorize; the router parses with common's route table.
 */
export function createDetectionRouter(options: {
  httpAuth: HttpAuthService;
  reads: DetectionReads;
}): express.Router {
  const { httpAuth, reads } = options;
  const router = Router();
  const credentials = (req: express.Request) =>
    httpAuth.credentials(req, { allow: ['user', 'service'] });

  router.get(routes.listDetectionClusters.path, async (req, res) => {
    const caller = await credentials(req);
    parseQuery(routes.listDetectionClusters, req.query);
    res.json({ items: await reads.clusters(caller) });
  });

  router.get(routes.listDetectionDecisions.path, async (req, res) => {
    const caller = await credentials(req);
    const query = parseQuery(routes.listDetectionDecisions, req.query);
    res.json({ items: await reads.decisions(query, caller) });
  });
  return router;
}
