import { z } from 'zod';
import type { ApiErrorStatus, ApiRoute } from '../routeTypes';

/**
 * A route whose success returns `TResponse`; each response schema's output
 * must fit it (`responses.test.ts` checks the other direction too).
 */
export function route<TResponse>() {
  return <
    TParams extends z.ZodTypeAny | undefined = undefined,
    TQuery extends z.ZodTypeAny | undefined = undefined,
    TBody extends z.ZodTypeAny | undefined = undefined,
  >(
    spec: ApiRoute<TParams, TQuery, TBody, TResponse>,
  ) => spec;
}

export const READ_ERRORS: ApiErrorStatus[] = [400, 401];
export const CLUSTER_READ_ERRORS: ApiErrorStatus[] = [400, 401, 403, 404];
export const LIFECYCLE_ERRORS: ApiErrorStatus[] = [
  400, 401, 403, 404, 409, 413,
];
/** Placement work runs on a few worker threads: when they are full, 429/503. */
export const PLACEMENT_ERRORS: ApiErrorStatus[] = [
  400, 401, 403, 404, 413, 422, 429, 503,
];
export const START_FAILOVER_ERRORS: ApiErrorStatus[] = [
  400, 401, 403, 404, 409, 413, 422,
];
