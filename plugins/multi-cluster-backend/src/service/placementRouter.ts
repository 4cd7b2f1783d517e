import {
  BackstageCredentials,
  HttpAuthService,
} from '@backstage/backend-plugin-api';
import { InputError } from '@backstage/errors';
import {
  QuantityError,
  multiClusterApiRoutes as routes,
} from '@flotilla/plugin-multi-cluster-common';
import type { Response } from 'express';
import Router from 'express-promise-router';
import { z } from 'zod';
import { PlacementReadService } from '../placement/PlacementReadService';
import { isPlacementError } from '../placement/PlacementSimulator';
import { BODY_LIMITS, jsonBody } from './bodyParser';
import { parseBody } from './validation';

/**
 * Answers a scheduler error with 422 and Karmada's text, a quantity the
 * request schema let through with 400; rethrows others.
 */
export function sendPlacementError(res: Response, error: unknown): void {
  if (error instanceof QuantityError) {
    throw new InputError(error.message);
  }
  if (!isPlacementError(error)) {
    throw error;
  }
  res.status(422).json({
    error: {
      name: 'PlacementError',
      message: error.message,
      code: error.code,
      reason: error.reason,
    },
  });
}

/**
 * `POST /placement/simulate` (Karmada's answer) and `POST /placement/recommend`
 * (placement advice), both on the clusters the caller may read.
 */
export function createPlacementRouter(options: {
  httpAuth: HttpAuthService;
  placement: Pick<PlacementReadService, 'simulate' | 'recommend'>;
}) {
  const { httpAuth, placement } = options;
  const router = Router();

  function placementRoute<S extends z.ZodTypeAny>(
    route: { path: string; body?: S },
    bodyLimit: string,
    answer: (
      body: z.output<S>,
      credentials: BackstageCredentials,
    ) => Promise<unknown>,
  ) {
    router.post(route.path, jsonBody(bodyLimit), async (req, res) => {
      const credentials = await httpAuth.credentials(req, {
        allow: ['user', 'service'],
      });
      const body = parseBody(route, req.body);
      try {
        res.json(await answer(body, credentials));
      } catch (error) {
        sendPlacementError(res, error);
      }
    });
  }

  placementRoute(
    routes.simulatePlacement,
    BODY_LIMITS.simulate,
    (body, credentials) => placement.simulate(body, credentials),
  );
  placementRoute(
    routes.recommendPlacement,
    BODY_LIMITS.recommend,
    (body, credentials) => placement.recommend(body, credentials),
  );

  return router;
}
