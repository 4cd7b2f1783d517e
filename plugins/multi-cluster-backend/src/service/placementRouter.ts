import { HttpAuthService } from '@backstage/backend-plugin-api';
import {
  multiClusterClusterReadPermission,
  multiClusterPlacementReadPermission,
} from '@flotilla/plugin-multi-cluster-common';
import type { BackstageCredentials } from '@backstage/backend-plugin-api';
import type { ReachabilityRequirement } from '@flotilla/plugin-multi-cluster-common';
import type { Response } from 'express';
import Router from 'express-promise-router';
import { DependencyResolver } from '../exposure/DependencyResolver';
import { ClusterAuthorizer } from '../permissions/ClusterAuthorizer';
import {
  isPlacementError,
  PlacementSimulator,
} from '../placement/PlacementSimulator';
import { recommendBodySchema, simulateBodySchema } from './placementSchemas';
import { parseInput } from './validation';

/** Answers a scheduler error with 422 and Karmada's text; rethrows others. */
function sendPlacementError(res: Response, error: unknown): void {
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
  dependencies: DependencyResolver;
}) {
  const { httpAuth, authorizer, simulator, dependencies } = options;
  const router = Router();

  /**
   * The request's reachability requirement: its explicit dependencies plus
   * those of `dependenciesOf` (the entity's catalog `dependsOn` relations).
   */
  async function reachabilityOf(
    body: {
      reachability?: ReachabilityRequirement;
      dependenciesOf?: string;
    },
    credentials: BackstageCredentials,
  ): Promise<ReachabilityRequirement | undefined> {
    if (!body.reachability && !body.dependenciesOf) {
      return undefined;
    }
    const resolved = body.dependenciesOf
      ? await dependencies.requirementFor(body.dependenciesOf, credentials)
      : { dependencies: [] };
    return {
      dependencies: [
        ...(body.reachability?.dependencies ?? []),
        ...resolved.dependencies,
      ],
    };
  }

  router.post('/placement/simulate', async (req, res) => {
    const credentials = await httpAuth.credentials(req, {
      allow: ['user', 'service'],
    });
    const body = parseInput(simulateBodySchema, req.body);
    await authorizer.authorizeBasic(
      multiClusterPlacementReadPermission,
      credentials,
    );
    const canRead = await authorizer.clusterPredicate(
      multiClusterClusterReadPermission,
      credentials,
    );
    const { dependenciesOf: _, ...request } = body;
    const reachability = await reachabilityOf(body, credentials);
    try {
      res.json(
        await simulator.simulate({ ...request, reachability } as any, canRead),
      );
    } catch (error) {
      sendPlacementError(res, error);
    }
  });

  router.post('/placement/recommend', async (req, res) => {
    const credentials = await httpAuth.credentials(req, {
      allow: ['user', 'service'],
    });
    const body = parseInput(recommendBodySchema, req.body);
    await authorizer.authorizeBasic(
      multiClusterPlacementReadPermission,
      credentials,
    );
    const canRead = await authorizer.clusterPredicate(
      multiClusterClusterReadPermission,
      credentials,
    );
    const { dependenciesOf: _, ...requirements } = body;
    const reachability = await reachabilityOf(body, credentials);
    try {
      res.json(
        await simulator.recommend({ ...requirements, reachability }, canRead),
      );
    } catch (error) {
      sendPlacementError(res, error);
    }
  });

  return router;
}
