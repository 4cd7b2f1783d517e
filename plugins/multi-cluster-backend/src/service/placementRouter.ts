import { HttpAuthService } from '@backstage/backend-plugin-api';
import { InputError } from '@backstage/errors';
import {
  multiClusterClusterReadPermission,
  QuantityError,
  multiClusterPlacementReadPermission,
  recommendPlacementRequestSchema,
  simulatePlacementRequestSchema,
} from '@flotilla/plugin-multi-cluster-common';
import type { Response } from 'express';
import Router from 'express-promise-router';
import { ClusterAuthorizer } from '../permissions/ClusterAuthorizer';
import {
  isPlacementError,
  PlacementSimulator,
} from '../placement/PlacementSimulator';
import { BODY_LIMITS, jsonBody } from './bodyParser';
import { parseInput } from './validation';

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

  router.post(
    '/placement/simulate',
    jsonBody(BODY_LIMITS.simulate),
    async (req, res) => {
      const credentials = await httpAuth.credentials(req, {
        allow: ['user', 'service'],
      });
      const body = parseInput(simulatePlacementRequestSchema, req.body);
      await authorizer.authorizeBasic(
        multiClusterPlacementReadPermission,
        credentials,
      );
      const canRead = await authorizer.clusterPredicate(
        multiClusterClusterReadPermission,
        credentials,
      );
      try {
        res.json(await simulator.simulate(body, canRead, credentials));
      } catch (error) {
        sendPlacementError(res, error);
      }
    },
  );

  router.post(
    '/placement/recommend',
    jsonBody(BODY_LIMITS.recommend),
    async (req, res) => {
      const credentials = await httpAuth.credentials(req, {
        allow: ['user', 'service'],
      });
      const body = parseInput(recommendPlacementRequestSchema, req.body);
      await authorizer.authorizeBasic(
        multiClusterPlacementReadPermission,
        credentials,
      );
      const canRead = await authorizer.clusterPredicate(
        multiClusterClusterReadPermission,
        credentials,
      );
      try {
        res.json(await simulator.recommend(body, canRead, credentials));
      } catch (error) {
        sendPlacementError(res, error);
      }
    },
  );

  return router;
}
