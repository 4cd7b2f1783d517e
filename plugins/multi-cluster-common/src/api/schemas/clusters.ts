import { z } from 'zod';
import { boundedArray } from './bounded';
import {
  clusterNameSchema,
  kubernetesObjectNameSchema,
  labelMapSchema,
  REQUEST_LIMITS,
  shortNameSchema,
} from './names';
import { requestObject } from './request';

const CLUSTER_SOURCES = [
  'catalog',
  'config',
  'karmada',
  'cluster-api',
  'ocm',
] as const;
const HEALTH_STATUSES = ['healthy', 'unhealthy', 'unknown'] as const;

/** Values a list filter may hold (after splitting commas). */
const FILTER_VALUES = 100;

/**
 * `GET /clusters/:name` (path) and the `get-cluster` action: one cluster.
 *
 * @public
 */
export const clusterRefSchema = requestObject({
  name: clusterNameSchema.describe('Cluster name'),
});

const filterList = <T extends z.ZodTypeAny>(item: T) =>
  boundedArray(item, FILTER_VALUES).optional();

/**
 * The `list-clusters` action, and `GET /clusters` once its query string is
 * read (see `listClustersQuerySchema`).
 *
 * @public
 */
export const listClustersRequestSchema = requestObject({
  labels: labelMapSchema
    .optional()
    .describe('Labels the clusters must have, e.g. {"environment":"prod"}'),
  region: filterList(shortNameSchema),
  provider: filterList(shortNameSchema),
  environment: filterList(shortNameSchema),
  source: filterList(z.enum(CLUSTER_SOURCES)),
  health: filterList(z.enum(HEALTH_STATUSES)),
  conflicted: z.boolean().optional(),
  stale: z.boolean().optional(),
  limit: z.number().int().min(1).max(1_000).default(100),
  offset: z.number().int().min(0).max(1_000_000).default(0),
});

/** @public */
export type ListClustersRequest = z.output<typeof listClustersRequestSchema>;

/**
 * A query-string parameter given once or repeated (`?region=a&region=b`),
 * each value possibly comma-separated.
 */
const queryValues = z.preprocess(
  value => (typeof value === 'string' ? [value] : value),
  boundedArray(z.string().max(REQUEST_LIMITS.queryValueLength), FILTER_VALUES),
);

const queryBoolean = z.enum(['true', 'false']);
const queryInteger = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a whole number')
  .transform(Number);

function splitValues(values: string[] | undefined): string[] | undefined {
  return values
    ?.flatMap(value => value.split(','))
    .map(value => value.trim())
    .filter(Boolean);
}

/**
 * `GET /clusters` query: `label=key=value` (repeatable), comma-separated or
 * repeated `region`, `provider`, `environment`, `source` and `health`,
 * `conflicted`, `stale`, `limit` and `offset`; read into a
 * {@link ListClustersRequest} and checked by the same schema as the action.
 *
 * @public
 */
export const listClustersQuerySchema = requestObject({
  label: queryValues.optional(),
  region: queryValues.optional(),
  provider: queryValues.optional(),
  environment: queryValues.optional(),
  source: queryValues.optional(),
  health: queryValues.optional(),
  conflicted: queryBoolean.optional(),
  stale: queryBoolean.optional(),
  limit: queryInteger.optional(),
  offset: queryInteger.optional(),
})
  .transform((query, ctx) => {
    let labels: Record<string, string> | undefined;
    if (query.label) {
      // No prototype: a `__proto__` key stays a key, for the schema to refuse.
      labels = Object.create(null) as Record<string, string>;
      for (const item of query.label) {
        const separator = item.indexOf('=');
        if (separator <= 0) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: ['label'],
            message: 'expected key=value',
          });
          return z.NEVER;
        }
        labels[item.slice(0, separator)] = item.slice(separator + 1);
      }
    }
    const request: Record<string, unknown> = {
      labels,
      region: splitValues(query.region),
      provider: splitValues(query.provider),
      environment: splitValues(query.environment),
      source: splitValues(query.source),
      health: splitValues(query.health),
      conflicted:
        query.conflicted === undefined
          ? undefined
          : query.conflicted === 'true',
      stale: query.stale === undefined ? undefined : query.stale === 'true',
      limit: query.limit,
      offset: query.offset,
    };
    for (const key of Object.keys(request)) {
      if (request[key] === undefined) delete request[key];
    }
    return request;
  })
  .pipe(listClustersRequestSchema);

/**
 * `GET /clusters/:name/history` query.
 *
 * @public
 */
export const clusterHistoryQuerySchema = requestObject({
  limit: queryInteger.pipe(z.number().int().min(1).max(500)).default('50'),
});

const scaleShape = {
  machineDeployment: kubernetesObjectNameSchema.describe(
    'MachineDeployment name, e.g. md-0',
  ),
  replicas: z.number().int().min(0).max(1_000),
};

/**
 * `POST /clusters/:name/scale` body.
 *
 * @public
 */
export const scaleClusterRequestSchema = requestObject(scaleShape);

/**
 * The `scale-cluster` action: the route's body and its cluster.
 *
 * @public
 */
export const scaleClusterActionInputSchema = requestObject({
  cluster: clusterNameSchema.describe('Cluster name'),
  ...scaleShape,
});

const upgradeShape = {
  version: z
    .string()
    .max(64)
    .regex(
      /^v?\d+\.\d+\.\d+([-+][0-9A-Za-z.-]+)?$/,
      'must be a Kubernetes version like v1.31.2',
    )
    .describe('Target version, e.g. v1.32.1'),
};

/**
 * `POST /clusters/:name/upgrade` body.
 *
 * @public
 */
export const upgradeClusterRequestSchema = requestObject(upgradeShape);

/**
 * The `upgrade-cluster` action: the route's body and its cluster.
 *
 * @public
 */
export const upgradeClusterActionInputSchema = requestObject({
  cluster: clusterNameSchema.describe('Cluster name'),
  ...upgradeShape,
});

/**
 * `DELETE /clusters/:name` body: the cluster's name typed again.
 *
 * @public
 */
export const deleteClusterRequestSchema = requestObject({
  confirm: z
    .string()
    .min(1, 'type the cluster name to confirm')
    .max(REQUEST_LIMITS.nameLength),
});
