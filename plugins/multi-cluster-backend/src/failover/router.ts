import {
  BackstageCredentials,
  BackstageUserPrincipal,
  HttpAuthService,
} from '@backstage/backend-plugin-api';
import {
  FailoverPlanError,
  multiClusterApiRoutes as routes,
  type StartFailoverRequestInput,
} from '@flotilla/plugin-multi-cluster-common';
import express from 'express';
import Router from 'express-promise-router';
import { BODY_LIMITS, jsonBody } from '../service/bodyParser';
import { parseBody, parsePath, parseQuery } from '../service/validation';
import { ActiveFailoverError } from './FailoverStore';
import { FailoverService } from './FailoverService';
import { toApiRun } from './runView';

function planRejected(res: express.Response, error: FailoverPlanError) {
  res.status(422).json({
    error: { name: 'FailoverPlanError', message: error.message },
    request: {},
    response: { statusCode: 422 },
  });
}

/** Answers 409 when the entity already has an unfinished run; else rethrows. */
function activeRunConflict(res: express.Response, error: unknown) {
  if (error instanceof ActiveFailoverError) {
    res.status(409).json({
      error: { name: 'ConflictError', message: error.message },
      runningId: error.runId,
      response: { statusCode: 409 },
    });
    return;
  }
  throw error;
}

/** What every failover route uses. */
interface FailoverRouteParts {
  router: express.Router;
  service: FailoverService;
  /** The JSON body parser of the failover routes. */
  body: express.Handler;
  userCredentials(
    req: express.Request,
  ): Promise<BackstageCredentials<BackstageUserPrincipal>>;
  readCredentials(req: express.Request): Promise<BackstageCredentials>;
}

/** `POST /failovers` and `POST /drills`: both start a run. */
function addStartRoutes(parts: FailoverRouteParts) {
  const { router, service, body, userCredentials } = parts;
  const start = async (
    res: express.Response,
    request: StartFailoverRequestInput,
    credentials: BackstageCredentials<BackstageUserPrincipal>,
  ) => {
    try {
      const result = await service.create(request, credentials);
      if (result.dryRun) {
        res.status(200).json({ dryRun: true, plan: result.plan });
        return;
      }
      res.status(202).json({
        id: result.run.id,
        created: result.created,
        status: result.run.status,
        plan: result.run.plan,
        run: toApiRun(result.run),
      });
    } catch (error) {
      if (error instanceof FailoverPlanError) {
        planRejected(res, error);
        return;
      }
      activeRunConflict(res, error);
    }
  };

  router.post(routes.startFailover.path, body, async (req, res) => {
    const credentials = await userCredentials(req);
    const request = parseBody(routes.startFailover, req.body);
    await start(res, request, credentials);
  });

  router.post(routes.startDrill.path, body, async (req, res) => {
    const credentials = await userCredentials(req);
    const request = parseBody(routes.startDrill, req.body);
    await start(res, { ...request, drill: true }, credentials);
  });
}

/** `GET /failovers` and `GET /failovers/:id`. */
function addReadRoutes({
  router,
  service,
  readCredentials,
}: FailoverRouteParts) {
  router.get(routes.listFailovers.path, async (req, res) => {
    const credentials = await readCredentials(req);
    const query = parseQuery(routes.listFailovers, req.query);
    res.json({
      items: (await service.list(query, credentials)).map(toApiRun),
    });
  });

  router.get(routes.getFailover.path, async (req, res) => {
    const credentials = await readCredentials(req);
    const { id } = parsePath(routes.getFailover, req.params);
    parseQuery(routes.getFailover, req.query);
    res.json(toApiRun(await service.get(id, credentials)));
  });
}

/** `POST /failovers/:id/cancel` and `POST /failovers/:id/rollback`. */
function addRunActionRoutes(parts: FailoverRouteParts) {
  const { router, service, body, userCredentials } = parts;
  router.post(routes.cancelFailover.path, body, async (req, res) => {
    const credentials = await userCredentials(req);
    const { id } = parsePath(routes.cancelFailover, req.params);
    parseBody(routes.cancelFailover, req.body);
    res.json(toApiRun(await service.cancel(id, credentials)));
  });

  router.post(routes.rollbackFailover.path, body, async (req, res) => {
    const credentials = await userCredentials(req);
    const { id } = parsePath(routes.rollbackFailover, req.params);
    const request = parseBody(routes.rollbackFailover, req.body);
    try {
      const { run, created } = await service.rollback(id, request, credentials);
      res.status(202).json({
        id: run.id,
        created,
        status: run.status,
        rollbackOf: id,
        plan: run.plan,
        run: toApiRun(run),
      });
    } catch (error) {
      activeRunConflict(res, error);
    }
  });
}

/** `GET /entities/:kind/:namespace/:name/dr` and `.../dr/history`. */
function addDrPostureRoute({
  router,
  service,
  readCredentials,
}: FailoverRouteParts) {
  router.get(routes.getEntityDr.path, async (req, res) => {
    const credentials = await readCredentials(req);
    const { kind, namespace, name } = parsePath(routes.getEntityDr, req.params);
    parseQuery(routes.getEntityDr, req.query);
    res.json(
      await service.getDrPosture(
        `${kind.toLocaleLowerCase('en-US')}:${namespace}/${name}`,
        credentials,
      ),
    );
  });

  router.get(routes.getEntityRecoveryHistory.path, async (req, res) => {
    const credentials = await readCredentials(req);
    const { kind, namespace, name } = parsePath(
      routes.getEntityRecoveryHistory,
      req.params,
    );
    const query = parseQuery(routes.getEntityRecoveryHistory, req.query);
    res.json(
      await service.getRecoveryHistory(
        `${kind.toLocaleLowerCase('en-US')}:${namespace}/${name}`,
        query,
        credentials,
      ),
    );
  });
}

/**
 * Failover routes (mounted under `/api/multi-cluster`):
 * `POST /failovers`, `GET /failovers`, `GET /failovers/:id`,
 * `POST /failovers/:id/cancel`, `POST /failovers/:id/rollback`,
 * `POST /drills`, `GET /entities/:kind/:namespace/:name/dr` and
 * `.../dr/history`.
 */
export function createFailoverRouter(options: {
  httpAuth: HttpAuthService;
  service: FailoverService;
}): express.Router {
  const { httpAuth, service } = options;
  const parts: FailoverRouteParts = {
    router: Router(),
    service,
    // Per route: a router-wide parser would also read the bodies of the
    // routers mounted after this one.
    body: jsonBody(BODY_LIMITS.failover),
    userCredentials: req => httpAuth.credentials(req, { allow: ['user'] }),
    readCredentials: req =>
      httpAuth.credentials(req, { allow: ['user', 'service'] }),
  };
  addStartRoutes(parts);
  addReadRoutes(parts);
  addRunActionRoutes(parts);
  addDrPostureRoute(parts);
  return parts.router;
}
