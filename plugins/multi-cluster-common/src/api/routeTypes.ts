/**
 * The shape of a route of the multi-cluster API (method, path, input schemas,
 * answers) and the helper that types a route by what its success returns.
 */
import { z } from 'zod';

/** HTTP methods the API uses. @public */
export type ApiMethod = 'get' | 'post' | 'delete';

/** Error statuses a route answers, each described once in the document. @public */
export type ApiErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422;

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
