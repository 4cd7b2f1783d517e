import {
  entityPlacementAdviceRequestSchema,
  recommendPlacementRequestSchema,
  simulatePlacementRequestSchema,
} from '@flotilla/plugin-multi-cluster-common';
import {
  json,
  manyKeys,
  objectWithKey,
  pathCases,
  PROTOTYPE_KEYS,
  resourceCases,
  unknownQueryCases,
} from './hostileCases';
import type { Target } from './target';
import { MB, recommendValid, simulateValid } from './validRequests';

function invalidClusters(count: number): string {
  return json({
    ...simulateValid,
    clusters: Array.from({ length: count }, (_, i) => ({
      name: `c-${i}`,
      resourceSummary: { allocatable: { cpu: 'abc' } },
    })),
  });
}

/**
 * The most refs a request may name, none in the catalog: one catalog query
 * answers 404 naming a few of them.
 */
function unknownDependsOnCases(rest: Record<string, unknown>) {
  return [
    {
      label: '200 dependsOn refs not in the catalog',
      body: json({
        replicas: 1,
        ...rest,
        dependsOn: Array.from(
          { length: 200 },
          (_, i) => `component:default/ghost-${i}`,
        ),
      }),
      status: 404,
    },
  ];
}

/**
 * An object of 100,000 keys, which UTF-8 JSON may not carry, in UTF-7: each
 * colon as `+ADo-`, so the raw bytes hold none.
 */
const UTF7_MANY_KEYS = Buffer.from(
  `{"replicas":1,"placement":{},"x":${manyKeys(100_000)}}`.replace(
    /:/g,
    '+ADo-',
  ),
);

/** Bodies the JSON limits must see decoded. */
const encodingCases = [
  {
    label: '100,000 keys in UTF-7',
    body: UTF7_MANY_KEYS,
    headers: { 'Content-Type': 'application/json; charset=utf-7' },
    status: 415,
  },
];

/** The placement routes, whose bodies are the largest the plugin takes. */
export function placementRouteTargets(): Target[] {
  return [
    {
      name: 'POST /placement/simulate',
      method: 'post',
      path: '/placement/simulate',
      valid: simulateValid,
      schema: simulatePlacementRequestSchema,
      bodyLimit: 2 * MB,
      cases: [
        ...resourceCases(
          { replicaRequirements: 1 },
          resources =>
            `{"replicas":1,"placement":{},"replicaRequirements":{"resourceRequest":${resources}}}`,
        ),
        ...resourceCases(
          { allocatable: 1 },
          resources =>
            `{"replicas":1,"placement":{},"clusters":[{"name":"a","resourceSummary":{"allocatable":${resources}}}]}`,
        ),
        {
          label: '5,000 clusters with a bad quantity each',
          body: invalidClusters(5_000),
          status: 400,
        },
        {
          label: '20,000 clusters with a bad quantity each',
          body: invalidClusters(20_000),
          status: 400,
        },
        {
          label: 'a cluster with 100,000 labels',
          body: `{"replicas":1,"placement":{},"clusters":[{"name":"a","labels":${manyKeys(
            100_000,
          )}}]}`,
          status: 400,
        },
        {
          label: 'a cluster labelled __proto__',
          body: `{"replicas":1,"placement":{},"clusters":[{"name":"a","labels":${objectWithKey(
            '__proto__',
            'x',
          )}}]}`,
          status: 400,
        },
        {
          label: 'a placement naming 30,000 clusters',
          body: json({
            replicas: 1,
            placement: {
              clusterAffinity: {
                clusterNames: Array.from({ length: 30_000 }, (_, i) => `c${i}`),
              },
            },
          }),
          status: 400,
        },
        {
          label: 'a placement nested 100 deep',
          body: `{"replicas":1,"placement":${'{"clusterAffinity":'.repeat(
            100,
          )}{}${'}'.repeat(100)}}`,
          status: 400,
        },
        {
          label: 'replicas Infinity',
          body: '{"replicas":1e999,"placement":{}}',
          status: 400,
        },
        {
          label: 'a static weight of 1e308',
          body: json({
            replicas: 3,
            placement: {
              replicaScheduling: {
                replicaSchedulingType: 'Divided',
                replicaDivisionPreference: 'Weighted',
                weightPreference: {
                  staticWeightList: [
                    { targetCluster: { clusterNames: ['a'] }, weight: 1e308 },
                    { targetCluster: { clusterNames: ['b'] }, weight: 1e308 },
                  ],
                },
              },
            },
          }),
          status: 400,
        },
        {
          label: 'tolerationSeconds of 2^63',
          body: json({
            replicas: 1,
            placement: {
              clusterTolerations: [
                {
                  key: 'k',
                  operator: 'Exists',
                  effect: 'NoExecute',
                  tolerationSeconds: 2 ** 63,
                },
              ],
            },
          }),
          status: 400,
        },
        ...unknownDependsOnCases({ placement: {} }),
        ...encodingCases,
      ],
    },
    {
      name: 'POST /placement/recommend',
      method: 'post',
      path: '/placement/recommend',
      valid: recommendValid,
      schema: recommendPlacementRequestSchema,
      bodyLimit: 1 * MB,
      cases: [
        ...resourceCases(
          { resourceRequest: 1 },
          resources => `{"replicas":1,"resourceRequest":${resources}}`,
        ),
        ...PROTOTYPE_KEYS.map(key => ({
          label: `required label ${key}`,
          body: `{"replicas":1,"requiredLabels":${objectWithKey(key, 'x')}}`,
          status: 400,
        })),
        {
          label: '50,000 required labels',
          body: `{"replicas":1,"requiredLabels":${manyKeys(50_000)}}`,
          status: 400,
        },
        {
          label: 'a reachability requirement of 40,000 clusters',
          body: json({
            replicas: 1,
            reachability: {
              dependencies: [
                {
                  ref: 'component:default/db',
                  clusters: Array.from({ length: 40_000 }, (_, i) => ({
                    name: `c${i}`,
                  })),
                },
              ],
            },
          }),
          status: 400,
        },
        {
          label: '1,000 dependsOn refs',
          body: json({
            replicas: 1,
            dependsOn: Array.from({ length: 1_000 }, (_, i) => `c:d/e${i}`),
          }),
          status: 400,
        },
        ...unknownDependsOnCases({}),
        ...encodingCases,
      ],
    },
    adviceTarget(),
    {
      name: 'GET /placement/options',
      method: 'get',
      path: '/placement/options',
      cases: unknownQueryCases('/placement/options'),
    },
  ];
}

const ADVICE_PATH = '/entities/component/default/checkout/placement/advice';

/** A service's advice: the entity in the path, requirements in the body. */
function adviceTarget(): Target {
  return {
    name: 'POST /entities/:kind/:namespace/:name/placement/advice',
    method: 'post',
    path: ADVICE_PATH,
    valid: { requirements: recommendValid },
    schema: entityPlacementAdviceRequestSchema,
    bodyLimit: 1 * MB,
    cases: [
      ...pathCases(
        s => `/entities/component/default/${s}/placement/advice`,
        'name',
      ),
      {
        label: 'an unknown entity',
        path: '/entities/component/default/ghost/placement/advice',
        status: 404,
      },
      ...resourceCases(
        { resourceRequest: 1 },
        resources =>
          `{"requirements":{"replicas":1,"resourceRequest":${resources}}}`,
      ),
      {
        label: '50,000 required labels',
        body: `{"requirements":{"replicas":1,"requiredLabels":${manyKeys(
          50_000,
        )}}}`,
        status: 400,
      },
      ...PROTOTYPE_KEYS.map(key => ({
        label: `a requirements object keyed ${key}`,
        body: `{"requirements":${objectWithKey(key, 'x')}}`,
        status: 400,
      })),
      ...encodingCases,
    ],
  };
}
