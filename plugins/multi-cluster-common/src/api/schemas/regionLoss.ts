import { z } from 'zod';
import { boundedArray } from './bounded';
import {
  clusterNameSchema,
  entityRefSchema,
  printableTextSchema,
  REQUEST_LIMITS,
} from './names';
import { requestObject } from './request';

// Requests of the region-loss routes: what-if plans, region failovers and
// their failbacks, and detection's decisions.

/** Lost clusters, regions and providers, and services, at most this many each. */
const LOSS_NAMES = 500;

const names = (what: string) =>
  boundedArray(clusterNameSchema, LOSS_NAMES).optional().describe(what);

const lossShape = {
  clusters: names('Clusters lost, by name'),
  regions: names('Every cluster of these regions is lost'),
  providers: names('Every cluster of these providers is lost'),
  entityRefs: boundedArray(entityRefSchema, 5_000)
    .optional()
    .describe('Only these services (default: every DR-declared service)'),
};

/**
 * `POST /what-if` body and the `plan-cluster-loss` action. The backend
 * refuses a request that names no cluster, region or provider (400).
 *
 * @public
 */
export const whatIfRequestSchema = requestObject(lossShape);

/** @public */
export type WhatIfRequestInput = z.output<typeof whatIfRequestSchema>;

const reasonSchema = printableTextSchema(REQUEST_LIMITS.reasonLength).describe(
  'Why: recorded with the region failover and in the audit log',
);

const idempotencyKeySchema = printableTextSchema(255).describe(
  'A repeated call with the same key returns the same region failover',
);

/**
 * `POST /region-failovers` body and the `start-region-failover` action.
 *
 * @public
 */
export const startRegionFailoverRequestSchema = requestObject({
  ...lossShape,
  reason: reasonSchema,
  dryRun: z.boolean().optional().describe('Only return the plan'),
  idempotencyKey: idempotencyKeySchema.optional(),
});

/** @public */
export type StartRegionFailoverRequestInput = z.output<
  typeof startRegionFailoverRequestSchema
>;

const regionFailoverIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, 'invalid region failover id')
  .describe('Region failover id');

/**
 * A region failover (`/region-failovers/:id` paths) and the
 * `get-region-failover` action.
 *
 * @public
 */
export const regionFailoverRefSchema = requestObject({
  id: regionFailoverIdSchema,
});

/**
 * `POST /failbacks` body: the failback of a region failover.
 *
 * @public
 */
export const startFailbackRequestSchema = requestObject({
  stormId: regionFailoverIdSchema,
  reason: reasonSchema,
  idempotencyKey: idempotencyKeySchema.optional(),
});

/** @public */
export type StartFailbackRequestInput = z.output<
  typeof startFailbackRequestSchema
>;

const queryInteger = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a whole number')
  .transform(Number);

/**
 * `GET /region-failovers` query.
 *
 * @public
 */
export const listRegionFailoversQuerySchema = requestObject({
  limit: queryInteger.pipe(z.number().int().min(1).max(200)).default('50'),
});

/**
 * `GET /detection/decisions` query.
 *
 * @public
 */
export const listDetectionDecisionsQuerySchema = requestObject({
  entityRef: entityRefSchema.optional(),
  cluster: clusterNameSchema.optional(),
  limit: queryInteger.pipe(z.number().int().min(1).max(500)).default('100'),
});
