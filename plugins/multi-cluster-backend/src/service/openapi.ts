import {
  type AnyApiRoute,
  type ApiErrorStatus,
  multiClusterApiRoutes,
  sharedResponseSchemas,
  toYamlDocument,
} from '@flotilla/plugin-multi-cluster-common';
import { z } from 'zod';
import { type JsonSchema, requestJsonSchema } from './requestJsonSchema';

/**
 * The OpenAPI document of the plugin, generated from common's route table:
 * paths, parameters and bodies are the schemas the routes validate with,
 * and success answers are the routes' response schemas.
 * `yarn openapi` writes it to `openapi.yaml`; a test fails when that file
 * or the router's routes differ from it.
 */

/** Backstage's error body (`errorHandler`, `createErrorResponder`). */
const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['name', 'message'],
      properties: {
        name: { type: 'string' },
        message: { type: 'string' },
      },
    },
    request: { type: 'object' },
    response: {
      type: 'object',
      properties: { statusCode: { type: 'integer' } },
    },
  },
};

const ERROR_RESPONSES: Record<
  ApiErrorStatus,
  { name: string; description: string }
> = {
  400: {
    name: 'BadRequest',
    description:
      'Invalid path, query or body: the first fields and reasons, in a short message',
  },
  401: { name: 'Unauthorized', description: 'Missing or invalid credentials' },
  403: { name: 'Forbidden', description: 'Not permitted' },
  404: { name: 'NotFound', description: 'No such cluster, run or entity' },
  409: {
    name: 'Conflict',
    description: 'Conflicts with a run in progress or a concurrent change',
  },
  413: { name: 'PayloadTooLarge', description: 'Body over the route’s limit' },
  415: {
    name: 'UnsupportedMediaType',
    description: 'A body that is not UTF-8 JSON (left unread)',
  },
  422: {
    name: 'Unprocessable',
    description: 'Valid request that cannot be planned or scheduled',
  },
  429: {
    name: 'TooManyRequests',
    description:
      'The caller already has as much placement work running as it may; retry after `Retry-After` seconds',
  },
  503: {
    name: 'ServiceUnavailable',
    description:
      'Every placement worker is busy and the queue is full, or the work ran too long; retry after `Retry-After` seconds',
  },
};

/** Parts of several answers, described once under `components.schemas`. */
const SHARED_SCHEMAS = new Map<z.ZodTypeAny, string>(
  Object.entries(sharedResponseSchemas).map(([name, schema]) => [schema, name]),
);

/** A response body's schema; a shared one as a `$ref`. */
function responseSchema(schema: z.ZodTypeAny): JsonSchema {
  const name = SHARED_SCHEMAS.get(schema);
  return name
    ? { $ref: `#/components/schemas/${name}` }
    : requestJsonSchema(schema, SHARED_SCHEMAS);
}

const CALLERS: Record<AnyApiRoute['callers'], string> = {
  user: 'Requires user credentials.',
  'user-or-service': 'Accepts user or service credentials.',
  unauthenticated: 'Needs no credentials.',
};

/** `/entities/:kind/:namespace/:name/dr` is `/entities/{kind}/{namespace}/{name}/dr`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '{$1}');
}

function parameters(
  schema: z.ZodTypeAny | undefined,
  location: 'path' | 'query',
): JsonSchema[] {
  if (!schema) return [];
  const json = requestJsonSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: propertySchema,
    };
  });
}

function requestBody(schema: z.ZodTypeAny | undefined): JsonSchema {
  if (!schema) return {};
  const json = requestJsonSchema(schema);
  return {
    requestBody: {
      // A route reads a missing body as `{}`: required when `{}` is invalid.
      required: ((json.required ?? []) as string[]).length > 0,
      content: { 'application/json': { schema: json } },
    },
  };
}

function operation(route: AnyApiRoute, operationId: string): JsonSchema {
  const responses: Record<string, unknown> = {};
  for (const [status, { description, schema }] of Object.entries(
    route.responses,
  )) {
    responses[status] = {
      description,
      content: { 'application/json': { schema: responseSchema(schema) } },
    };
  }
  // Every route with a body reads only UTF-8 JSON (bodyParser.ts).
  const errors: ApiErrorStatus[] = route.body
    ? [...route.errors, 415]
    : route.errors;
  for (const status of errors) {
    responses[status] = {
      $ref: `#/components/responses/${ERROR_RESPONSES[status].name}`,
    };
  }
  return {
    operationId,
    summary: route.summary,
    description: [route.description, CALLERS[route.callers]]
      .filter(Boolean)
      .join(' '),
    // Answers without credentials (the plugin's auth policy).
    ...(route.callers === 'unauthenticated' ? { security: [] } : {}),
    parameters: [
      ...parameters(route.params, 'path'),
      ...parameters(route.query, 'query'),
    ],
    ...requestBody(route.body),
    responses,
  };
}

/** The OpenAPI 3.1 document of every route in the route table. */
export function buildOpenApiDocument(
  routes: Record<string, AnyApiRoute> = multiClusterApiRoutes,
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [operationId, route] of Object.entries(routes)) {
    const path = openApiPath(route.path);
    paths[path] = {
      ...paths[path],
      [route.method]: operation(route, operationId),
    };
  }
  const responses: Record<string, unknown> = {};
  for (const { name, description } of Object.values(ERROR_RESPONSES)) {
    responses[name] = {
      description,
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/Error' } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'multi-cluster',
      version: '1',
      description:
        'Flotilla multi-cluster backend (`@flotilla/plugin-multi-cluster-backend`, mounted at `/api/multi-cluster`): fleet inventory, placement, failover and cluster lifecycle.',
      license: { name: 'Apache-2.0' },
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer' },
      },
      schemas: {
        Error: ERROR_SCHEMA,
        ...Object.fromEntries(
          [...SHARED_SCHEMAS].map(([schema, name]) => [
            name,
            requestJsonSchema(schema, SHARED_SCHEMAS),
          ]),
        ),
      },
      responses,
    },
  };
}

const GENERATED_HEADER = [
  '# Generated from the route table in @flotilla/plugin-multi-cluster-common',
  '# by `yarn openapi` in plugins/multi-cluster-backend: do not edit.',
].join('\n');

/** `openapi.yaml`: the generated document, marked as generated. */
export function openApiYaml(): string {
  return `${GENERATED_HEADER}\n${toYamlDocument(buildOpenApiDocument())}`;
}
