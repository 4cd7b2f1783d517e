import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { multiClusterApiRoutes } from '@flotilla/plugin-multi-cluster-common';
import { getOpenApiSpecRoute } from '@backstage/backend-openapi-utils';
import express, { type Router } from 'express';
import request from 'supertest';
import { createDetectionRouter } from '../detection/router';
import { createFailoverRouter } from '../failover/router';
import { createStormRouter } from '../storm/router';
import { createWhatIfRouter } from '../whatIf/router';
import { createClustersRouter } from './clustersRouter';
import { createConnectivityRouter } from './connectivityRouter';
import { createEntityPlacementRouter } from './entityPlacementRouter';
import { createHistoryRouter } from './historyRouter';
import { buildOpenApiDocument, openApiPath, openApiYaml } from './openapi';
import { createPlacementRouter } from './placementRouter';
import { createPlacementAdviceRouter } from './placementAdviceRouter';
import { createRouter } from './router';

/** Routers only read their dependencies when a request comes in. */
const unused = {} as never;

function pluginRouter(): Router {
  return createRouter([
    createClustersRouter({
      httpAuth: unused,
      clusters: unused,
      lifecycle: unused,
    }),
    createHistoryRouter({ httpAuth: unused, clusters: unused }),
    createPlacementRouter({ httpAuth: unused, placement: unused }),
    createEntityPlacementRouter({ httpAuth: unused, placement: unused }),
    createPlacementAdviceRouter({ httpAuth: unused, advice: unused }),
    createConnectivityRouter({
      httpAuth: unused,
      fleetViews: unused,
      exposure: unused,
    }),
    createFailoverRouter({ httpAuth: unused, service: unused }),
    createWhatIfRouter({ httpAuth: unused, whatIf: unused }),
    createStormRouter({ httpAuth: unused, service: unused }),
    createDetectionRouter({ httpAuth: unused, reads: unused }),
  ]);
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** `get /clusters/{name}`, … for every route the router and its sub-routers register. */
function registeredOperations(stack: Layer[]): string[] {
  return stack.flatMap(layer => {
    if (layer.route) {
      const { path, methods } = layer.route;
      return Object.keys(methods).map(
        method => `${method} ${openApiPath(path)}`,
      );
    }
    return layer.handle?.stack ? registeredOperations(layer.handle.stack) : [];
  });
}

function documentedOperations(): string[] {
  const { paths } = buildOpenApiDocument();
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.keys(operations).map(method => `${method} ${path}`),
  );
}

describe('the OpenAPI document', () => {
  it('is the checked-in openapi.yaml (run `yarn openapi` after changing a route)', () => {
    const checkedIn = readFileSync(
      resolve(__dirname, '../../openapi.yaml'),
      'utf8',
    );
    expect(checkedIn).toBe(openApiYaml());
  });

  it('documents every route the router serves, and only those', () => {
    const served = registeredOperations(
      (pluginRouter() as unknown as { stack: Layer[] }).stack,
    ).filter(operation => operation !== `get ${getOpenApiSpecRoute('')}`);
    expect(served.sort()).toEqual(documentedOperations().sort());
    expect(new Set(served).size).toBe(served.length);
  });

  it('has one operation per route of the table', () => {
    expect(documentedOperations()).toHaveLength(
      Object.keys(multiClusterApiRoutes).length,
    );
  });

  it('is served where Backstage looks for it, paths under the plugin’s mount point', async () => {
    const app = express().use('/api/multi-cluster', pluginRouter());
    const response = await request(app).get(
      getOpenApiSpecRoute('/api/multi-cluster'),
    );
    expect(response.status).toBe(200);
    const { paths } = buildOpenApiDocument();
    expect(Object.keys(response.body.paths).sort()).toEqual(
      Object.keys(paths)
        .map(path => `/api/multi-cluster${path}`)
        .sort(),
    );
    expect(
      response.body.paths['/api/multi-cluster/clusters/{name}/scale'],
    ).toEqual(paths['/clusters/{name}/scale']);
  });

  it('keeps the request schemas’ bounds', () => {
    const { paths } = buildOpenApiDocument();
    const scale = paths['/clusters/{name}/scale'].post as {
      parameters: { name: string; schema: { maxLength?: number } }[];
      requestBody: {
        required: boolean;
        content: {
          'application/json': {
            schema: {
              additionalProperties: boolean;
              properties: { replicas: { maximum: number } };
            };
          };
        };
      };
    };
    expect(scale.parameters[0]).toMatchObject({
      name: 'name',
      in: 'path',
      required: true,
      schema: { maxLength: 253 },
    });
    const body = scale.requestBody.content['application/json'].schema;
    expect(scale.requestBody.required).toBe(true);
    expect(body.additionalProperties).toBe(false);
    expect(body.properties.replicas.maximum).toBe(1000);
  });

  it('describes every success answer with its route’s response schema', () => {
    const document = buildOpenApiDocument();
    for (const route of Object.values(multiClusterApiRoutes)) {
      const operation = document.paths[openApiPath(route.path)][
        route.method
      ] as {
        responses: Record<
          string,
          { content?: { 'application/json': { schema: object } } }
        >;
      };
      for (const status of Object.keys(route.responses)) {
        const schema =
          operation.responses[status].content?.['application/json'].schema;
        expect(schema).toBeDefined();
        expect(schema).not.toEqual({ type: 'object' });
      }
    }
    const shared = document.components.schemas as Record<string, unknown>;
    expect(Object.keys(shared)).toEqual(
      expect.arrayContaining(['FleetCluster', 'FailoverRun', 'FailoverPlan']),
    );
    const getCluster = document.paths['/clusters/{name}'].get as {
      responses: { 200: { content: { 'application/json': object } } };
    };
    expect(getCluster.responses[200].content['application/json']).toEqual({
      schema: { $ref: '#/components/schemas/FleetCluster' },
    });
  });
});
