/**
 * The shape of a route of the multi-cluster API (method, path, input schemas,
 * answers) and what the routes without a schema-named type answer; the
 * table itself is in ./routes/.
 */
import { z } from 'zod';
import type { FailoverPlan } from '../dr/failoverPlan';
import type { ScheduleResult } from '../scheduling/types';
import type { FailoverRun, FailoverRunStatus } from './failover';

/** HTTP methods the API uses. @public */
export type ApiMethod = 'get' | 'post' | 'delete';

/** Error statuses a route answers, each described once in the document. @public */
export type ApiErrorStatus =
  | 400
  | 401
  | 403
  | 404
  | 409
  | 413
  | 415
  | 422
  | 429
  | 503;

/** Success statuses a route answers. @public */
export type ApiSuccessStatus = 200 | 202;

/**
 * One success answer of a route: what it is, and the schema of its body
 * (the body as sent, which the schema's output is; see `./responses`).
 *
 * @public
 */
export interface ApiSuccess<TResponse = unknown> {
  description: string;
  schema: z.ZodType<TResponse, z.ZodTypeDef, unknown>;
}

/** One route: its path, its input schemas and its answers. @public */
export interface ApiRoute<
  TParams extends z.ZodTypeAny | undefined = z.ZodTypeAny | undefined,
  TQuery extends z.ZodTypeAny | undefined = z.ZodTypeAny | undefined,
  TBody extends z.ZodTypeAny | undefined = z.ZodTypeAny | undefined,
  TResponse = unknown,
> {
  method: ApiMethod;
  /** Express-style path below the plugin's base URL, e.g. `/clusters/:name`. */
  path: string;
  summary: string;
  description?: string;
  /** Who may call: users only (mutations), users and services (reads), anyone (health). */
  callers: 'user' | 'user-or-service' | 'unauthenticated';
  params?: TParams;
  query?: TQuery;
  body?: TBody;
  /** Success statuses, what each returns and the schema of its body. */
  responses: Partial<Record<ApiSuccessStatus, ApiSuccess<TResponse>>>;
  errors: ApiErrorStatus[];
  /** Type only: what a success returns (no value at run time). */
  readonly responseType?: TResponse;
}

/** Any route of the table. @public */
export type AnyApiRoute = ApiRoute<
  z.ZodTypeAny | undefined,
  z.ZodTypeAny | undefined,
  z.ZodTypeAny | undefined,
  unknown
>;

/** What `POST /placement/simulate` answers. @public */
export type SimulatePlacementResponse = ScheduleResult & {
  /** The posted clusters (`request`) or the live ones the caller may read. */
  fleet: 'live' | 'request';
  clusterCount: number;
};

/** What `POST /failovers` and `POST /drills` answer. @public */
export type StartFailoverResponse =
  | { dryRun: true; plan: FailoverPlan }
  | {
      id: string;
      created: boolean;
      status: FailoverRunStatus;
      plan: FailoverPlan;
      run: FailoverRun;
    };

/** What `POST /failovers/:id/rollback` answers. @public */
export interface RollbackFailoverResponse {
  id: string;
  created: boolean;
  status: FailoverRunStatus;
  rollbackOf: string;
  plan: FailoverPlan;
  run: FailoverRun;
}
