import { HttpAuthService } from '@backstage/backend-plugin-api';
import { FailoverPlanError } from '@flotilla/plugin-multi-cluster-common';
import express from 'express';
import Router from 'express-promise-router';
import { z } from 'zod';
import { parseInput } from '../service/validation';
import { ActiveFailoverError } from './FailoverStore';
import { FailoverService } from './FailoverService';

const clusterName = z
  .string()
  .min(1)
  .max(253)
  .regex(/^[a-zA-Z0-9]([-a-zA-Z0-9_.]*[a-zA-Z0-9])?$/, 'invalid cluster name');

export const failoverRequestSchema = z
  .object({
    entityRef: z.string().min(1).max(255),
    from: clusterName,
    to: clusterName.optional(),
    reason: z.string().trim().min(1).max(2000),
    dryRun: z.boolean().optional(),
    force: z.boolean().optional(),
    drill: z.boolean().optional(),
    idempotencyKey: z.string().min(1).max(255).optional(),
  })
  .strict();

const drillRequestSchema = failoverRequestSchema
  .omit({ drill: true, force: true })
  .extend({ reason: z.string().trim().min(1).max(2000).default('DR drill') });

const rollbackSchema = z
  .object({
    reason: z.string().trim().min(1).max(2000).optional(),
    idempotencyKey: z.string().min(1).max(255).optional(),
  })
  .strict();

function planRejected(res: express.Response, error: FailoverPlanError) {
  res.status(422).json({
    error: { name: 'FailoverPlanError', message: error.message },
    request: {},
    response: { statusCode: 422 },
  });
}

/**
 * Failover routes (mounted under `/api/multi-cluster`):
 * `POST /failovers`, `GET /failovers`, `GET /failovers/:id`,
 * `POST /failovers/:id/cancel`, `POST /failovers/:id/rollback`,
 * `POST /drills`, `GET /entities/:kind/:namespace/:name/dr`.
 */
export function createFailoverRouter(options: {
  httpAuth: HttpAuthService;
  service: FailoverService;
}): express.Router {
  const { httpAuth, service } = options;
  const router = Router();
  router.use(express.json({ limit: '100kb' }));

  const userCredentials = (req: express.Request) =>
    httpAuth.credentials(req, { allow: ['user'] });
  const readCredentials = (req: express.Request) =>
    httpAuth.credentials(req, { allow: ['user', 'service'] });

  const start = async (
    res: express.Response,
    body: z.infer<typeof failoverRequestSchema>,
    credentials: Awaited<ReturnType<typeof userCredentials>>,
  ) => {
    try {
      const result = await service.create(body, credentials);
      if (result.dryRun) {
        res.status(200).json({ dryRun: true, plan: result.plan });
        return;
      }
      res.status(202).json({
        id: result.run.id,
        created: result.created,
        status: result.run.status,
        plan: result.run.plan,
        run: result.run,
      });
    } catch (error) {
      if (error instanceof FailoverPlanError) {
        planRejected(res, error);
        return;
      }
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
  };

  router.post('/failovers', async (req, res) => {
    const credentials = await userCredentials(req);
    const body = parseInput(failoverRequestSchema, req.body);
    await start(res, body, credentials);
  });

  router.post('/drills', async (req, res) => {
    const credentials = await userCredentials(req);
    const body = parseInput(drillRequestSchema, req.body);
    await start(res, { ...body, drill: true }, credentials);
  });

  router.get('/failovers', async (req, res) => {
    const credentials = await readCredentials(req);
    const query = parseInput(
      z.object({
        entityRef: z.string().min(1).optional(),
        kind: z.enum(['failover', 'rollback', 'drill']).optional(),
        limit: z.coerce.number().int().min(1).max(200).default(50),
      }),
      req.query,
      'query',
    );
    res.json({ items: await service.list(query, credentials) });
  });

  router.get('/failovers/:id', async (req, res) => {
    const credentials = await readCredentials(req);
    res.json(await service.get(req.params.id, credentials));
  });

  router.post('/failovers/:id/cancel', async (req, res) => {
    const credentials = await userCredentials(req);
    res.json(await service.cancel(req.params.id, credentials));
  });

  router.post('/failovers/:id/rollback', async (req, res) => {
    const credentials = await userCredentials(req);
    const body = parseInput(rollbackSchema, req.body ?? {});
    try {
      const { run, created } = await service.rollback(
        req.params.id,
        body,
        credentials,
      );
      res.status(202).json({
        id: run.id,
        created,
        status: run.status,
        rollbackOf: req.params.id,
        plan: run.plan,
        run,
      });
    } catch (error) {
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
  });

  router.get('/entities/:kind/:namespace/:name/dr', async (req, res) => {
    const credentials = await readCredentials(req);
    const { kind, namespace, name } = req.params;
    res.json(
      await service.getDrPosture(
        `${kind.toLocaleLowerCase('en-US')}:${namespace}/${name}`,
        credentials,
      ),
    );
  });

  return router;
}
