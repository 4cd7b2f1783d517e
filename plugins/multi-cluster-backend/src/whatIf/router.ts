import { HttpAuthService } from '@backstage/backend-plugin-api';
import { multiClusterApiRoutes as routes } from '@flotilla/plugin-multi-cluster-common';
import express from 'express';
import Router from 'express-promise-router';
import { BODY_LIMITS, jsonBody } from '../service/bodyParser';
import { parseBody } from '../service/validation';
import type { WhatIfReadService } from './WhatIfReadService';

/**
 * `POST /what-if` (mounted under `/api/multi-cluster`): the body parsed with
 * the route's schema, the plan from the service that authorizes it.
 */
export function createWhatIfRouter(options: {
  httpAuth: HttpAuthService;
  whatIf: Pick<WhatIfReadService, 'plan'>;
}): express.Router {
  const { httpAuth, whatIf } = options;
  const router = Router();
  // Per route: a router-wide parser would also read the bodies of the
  // routers mounted after this one.
  const body = jsonBody(BODY_LIMITS.whatIf);
  router.post(routes.planWhatIf.path, body, async (req, res) => {
    const credentials = await httpAuth.credentials(req, {
      allow: ['user', 'service'],
    });
    const request = parseBody(routes.planWhatIf, req.body);
    res.json(await whatIf.plan(request, credentials, req));
  });
  return router;
}
