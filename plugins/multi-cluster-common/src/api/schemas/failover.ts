import { z } from 'zod';
import {
  clusterNameSchema,
  entityRefSchema,
  printableTextSchema,
  REQUEST_LIMITS,
} from './names';
import { requestObject } from './request';

const reasonSchema = printableTextSchema(REQUEST_LIMITS.reasonLength).describe(
  'Why: recorded with the run and in the audit log',
);

const idempotencyKeySchema = printableTextSchema(255).describe(
  'A repeated call with the same key returns the same run',
);

const startShape = {
  entityRef: entityRefSchema.describe(
    'The service, e.g. component:default/checkout',
  ),
  from: clusterNameSchema.describe('The cluster to move away from'),
  to: clusterNameSchema
    .optional()
    .describe('The target cluster; chosen by the plan when absent'),
  reason: reasonSchema,
  dryRun: z.boolean().optional().describe('Only return the plan'),
  force: z.boolean().optional(),
  idempotencyKey: idempotencyKeySchema.optional(),
};

/**
 * `POST /failovers` body and the `start-failover` action.
 *
 * @public
 */
export const startFailoverRequestSchema = requestObject({
  ...startShape,
  drill: z.boolean().optional(),
});

/** @public */
export type StartFailoverRequestInput = z.output<
  typeof startFailoverRequestSchema
>;

/**
 * `POST /drills` body: a failover rehearsal (forced, recorded as a drill).
 *
 * @public
 */
export const startDrillRequestSchema = requestObject({
  entityRef: startShape.entityRef,
  from: startShape.from,
  to: startShape.to,
  reason: reasonSchema.default('DR drill'),
  dryRun: startShape.dryRun,
  idempotencyKey: startShape.idempotencyKey,
});

/**
 * `POST /failovers/:id/rollback` body.
 *
 * @public
 */
export const rollbackFailoverRequestSchema = requestObject({
  reason: reasonSchema.optional(),
  idempotencyKey: idempotencyKeySchema.optional(),
});

/**
 * `POST /failovers/:id/cancel` body: nothing (an empty object or none).
 *
 * @public
 */
export const cancelFailoverRequestSchema = requestObject({});

/**
 * A failover run (`/failovers/:id` paths) and the `get-failover` and
 * `cancel-failover` actions.
 *
 * @public
 */
export const failoverRunRefSchema = requestObject({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, 'invalid run id')
    .describe('Failover run id'),
});

const queryInteger = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a whole number')
  .transform(Number);

/**
 * `GET /failovers` query.
 *
 * @public
 */
export const listFailoversQuerySchema = requestObject({
  entityRef: entityRefSchema.optional(),
  kind: z.enum(['failover', 'rollback', 'drill']).optional(),
  limit: queryInteger.pipe(z.number().int().min(1).max(200)).default('50'),
});

/**
 * `GET /entities/:kind/:namespace/:name/dr/history` query.
 *
 * @public
 */
export const recoveryHistoryQuerySchema = requestObject({
  limit: queryInteger.pipe(z.number().int().min(1).max(200)).default('50'),
});
