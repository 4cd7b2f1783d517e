import {
  BackstageCredentials,
  HttpAuthService,
} from '@backstage/backend-plugin-api';
import { InputError } from '@backstage/errors';
import {
  multiClusterClusterReadPermission,
  QuantityError,
  multiClusterApiRoutes as routes,
  multiClusterPlacementReadPermission,
} from '@flotilla/plugin-multi-cluster-common';
import type { Response } from 'express';
import Router from 'express-promise-router';
import { z } from 'zod';
import { ClusterAuthorizer } from '../permissions/ClusterAuthorizer';
import {
  isPlacementError,
  PlacementSimulator,
} from '../placement/PlacementSimulator';
import { BODY_LIMITS, jsonBody } from './bodyParser';
import { parseBody } from './validation';

/**
 * Answers a scheduler error with 422 and Karmada's text, a quantity the
 * request schema let through with 400; rethrows others.
 */
function sendPlacementError(res: Response, error: unknown): void {
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
  authorizer: ClusterAuthorizer;
  simulator: PlacementSimulator;
}) {
  const { httpAuth, authorizer, simulator } = options;
  const router = Router();

  // Both routes answer on the clusters the caller may read.
  function placementRoute<S extends z.ZodTypeAny>(
    route: { path: string; body?: S },
    bodyLimit: string,
    answer: (
      body: z.output<S>,
      canRead: Awaited<ReturnType<ClusterAuthorizer['clusterPredicate']>>,
      credentials: BackstageCredentials,
    ) => Promise<unknown>,
  ) {
    router.post(route.path, jsonBody(bodyLimit), async (req, res) => {
      const credentials = await httpAuth.credentials(req, {
        allow: ['user', 'service'],
      });
      const body = parseBody(route, req.body);
      await authorizer.authorizeBasic(
        multiClusterPlacementReadPermission,
        credentials,
      );
      const canRead = await authorizer.clusterPredicate(
        multiClusterClusterReadPermission,
        credentials,
      );
      try {
        res.json(await answer(body, canRead, credentials));
      } catch (error) {
        sendPlacementError(res, error);
      }
    });
  }

  placementRoute(
    routes.simulatePlacement,
    BODY_LIMITS.simulate,
    (body, canRead, credentials) =>
      simulator.simulate(body, canRead, credentials),
  );
  placementRoute(
    routes.recommendPlacement,
    BODY_LIMITS.recommend,
    (body, canRead, credentials) =>
      simulator.recommend(body, canRead, credentials),
  );

  return router;
}
