import { z } from 'zod';
import type { AnyApiRoute, ApiRoute } from './routeTypes';

/**
 * The one typed client of the multi-cluster API: every call goes through a
 * route of {@link multiClusterApiRoutes}, so its path, inputs and answer
 * are the ones the backend validates and documents.
 */

/** Finds a plugin's base URL (the frontend DiscoveryApi, the backend DiscoveryService). @public */
export interface ApiBaseUrlProvider {
  getBaseUrl(pluginId: string): Promise<string>;
}

/** The fetch the client calls through (the frontend's FetchApi adds the user's token). @public */
export type ApiFetch = (input: string, init?: RequestInit) => Promise<Response>;

/** `T` without `undefined`: a route's declared parameter types. @public */
export type Defined<T> = Exclude<T, undefined>;

/** Query-string values: a parameter once, repeated, or absent. @public */
export type QueryValues<TQuery extends z.ZodTypeAny> = {
  [K in keyof z.input<TQuery>]?: string | readonly string[];
};

/** What a call of a route takes: its path parameters, query and body. @public */
export type ApiRequest<TRoute extends AnyApiRoute> = TRoute extends ApiRoute<
  infer P,
  infer Q,
  infer B,
  unknown
>
  ? ([Defined<P>] extends [never]
      ? unknown
      : { params: Record<keyof z.input<Defined<P>>, string> }) &
      ([Defined<Q>] extends [never]
        ? unknown
        : { query?: QueryValues<Defined<Q>> }) &
      ([Defined<B>] extends [never] ? unknown : { body: z.input<Defined<B>> })
  : never;

/** What a call of a route answers on success. @public */
export type ApiResponse<TRoute extends AnyApiRoute> = TRoute extends ApiRoute<
  z.ZodTypeAny | undefined,
  z.ZodTypeAny | undefined,
  z.ZodTypeAny | undefined,
  infer R
>
  ? R
  : never;

/**
 * Builds the error of a failed call: `ResponseError` from `@backstage/errors`
 * (the callers' own, so common needs no dependency on it).
 *
 * @public
 */
export interface ApiResponseErrors {
  fromResponse(
    response: Response,
  ): Promise<Error & { body?: { error?: { message?: string } } }>;
}

/**
 * Per-call options: a backend token (service to service), and extra headers
 * (a user's cluster credentials, `Backstage-Kubernetes-Authorization-*`).
 *
 * @public
 */
export interface ApiCallOptions {
  token?: string;
  headers?: Record<string, string>;
}

/** The plugin id the backend is mounted under. */
const PLUGIN_ID = 'multi-cluster';

/**
 * `/clusters/:name` with `{ name: 'a b' }` is `/clusters/a%20b`.
 *
 * @public
 */
export function routePath(
  path: string,
  params: Record<string, string> = {},
): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) {
      throw new Error(`Missing path parameter '${name}' for ${path}`);
    }
    return encodeURIComponent(value);
  });
}

function queryString(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') search.append(key, item);
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls the multi-cluster backend, route by route. A failed call throws a
 * ResponseError whose message is the backend's own (which cluster, which
 * permission, which field) and the status.
 *
 * @public
 */
export class MultiClusterApiClient {
  private readonly discovery: ApiBaseUrlProvider;
  private readonly fetch: ApiFetch;
  private readonly errors: ApiResponseErrors;

  constructor(options: {
    discovery: ApiBaseUrlProvider;
    errors: ApiResponseErrors;
    fetch?: ApiFetch;
  }) {
    this.discovery = options.discovery;
    this.errors = options.errors;
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  async call<TRoute extends AnyApiRoute>(
    route: TRoute,
    request: ApiRequest<TRoute>,
    options: ApiCallOptions = {},
  ): Promise<ApiResponse<TRoute>> {
    const { params, query, body } = request as {
      params?: Record<string, string>;
      query?: Record<string, unknown>;
      body?: unknown;
    };
    const baseUrl = await this.discovery.getBaseUrl(PLUGIN_ID);
    const headers: Record<string, string> = { ...options.headers };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    const response = await this.fetch(
      `${baseUrl}${routePath(route.path, params)}${queryString(query)}`,
      {
        method: route.method.toUpperCase(),
        ...(Object.keys(headers).length ? { headers } : {}),
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      },
    );
    if (!response.ok) {
      const error = await this.errors.fromResponse(response);
      if (error.body?.error?.message) {
        error.message = `${error.body.error.message} (${response.status})`;
      }
      throw error;
    }
    return (await response.json()) as ApiResponse<TRoute>;
  }
}
