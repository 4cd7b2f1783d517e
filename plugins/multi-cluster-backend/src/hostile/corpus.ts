import {
  clusterRefSchema,
  emptyRequestSchema,
  entityRefRequestSchema,
  failoverRunRefSchema,
  listClustersRequestSchema,
  recommendPlacementRequestSchema,
  rollbackFailoverRequestSchema,
  scaleClusterActionInputSchema,
  scaleClusterRequestSchema,
  simulatePlacementRequestSchema,
  startDrillRequestSchema,
  startFailoverRequestSchema,
  upgradeClusterActionInputSchema,
  upgradeClusterRequestSchema,
  deleteClusterRequestSchema,
  cancelFailoverRequestSchema,
} from '@flotilla/plugin-multi-cluster-common';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';

/**
 * The hostile-input corpus: every route and action of the plugin, a valid
 * request of each, and the requests that must be refused (4xx) quickly and
 * briefly. Bodies are serialized here, before any measurement.
 */

/** One hostile request; what is not given is the target's valid request. */
export interface HostileCase {
  label: string;
  /** Path (with query) relative to the plugin, e.g. `/clusters?x=1`. */
  path?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** The status it must get when it is not just "some 4xx". */
  status?: number;
}

/** A route or action of the plugin. */
export interface Target {
  name: string;
  method: 'get' | 'post' | 'delete';
  /** A valid path (and query), relative to the plugin. */
  path: string;
  /** A valid body or action input. */
  valid?: Record<string, unknown>;
  /** The schema the body (or action input) is checked with. */
  schema?: z.ZodTypeAny;
  /** Largest accepted body, in bytes. */
  bodyLimit?: number;
  cases: HostileCase[];
}

export const RUN_ID = '00000000-0000-4000-8000-000000000000';
const CLUSTER = 'fleet-eu-west-1';
const ENTITY = 'component:default/checkout';

const json = (value: unknown) => JSON.stringify(value);

/** The quantities the report found answered 500 (or accepted). */
export const BAD_QUANTITIES: unknown[] = [
  'abc',
  '',
  'NaN',
  'Infinity',
  '0x10',
  '1..5',
  '1e999999999Ki',
  '1e999999999',
  '-1',
  '9'.repeat(70),
  { cpu: 1 },
  null,
];

/** Keys every plain object has, as JSON keys. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

/** `{ "<key>": value }` written as JSON text, so `__proto__` stays a key. */
function objectWithKey(key: string, value: unknown): string {
  return `{${JSON.stringify(key)}:${JSON.stringify(value)}}`;
}

/** A JSON object with `count` keys, written without building it. */
function manyKeys(count: number, value = 'x'): string {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) parts.push(`"k${i}":"${value}"`);
  return `{${parts.join(',')}}`;
}

/** Each field of a valid request replaced by something it cannot be. */
function everyFieldCases(fields: string[], fieldBudget: number): HostileCase[] {
  return [
    {
      label: 'every field a long string',
      body: json(
        Object.fromEntries(fields.map(f => [f, 'x'.repeat(fieldBudget)])),
      ),
    },
    {
      label: 'every field an object',
      body: json(Object.fromEntries(fields.map(f => [f, { a: [1] }]))),
      status: 400,
    },
    {
      label: 'every field null',
      body: json(Object.fromEntries(fields.map(f => [f, null]))),
      status: 400,
    },
    {
      label: 'control characters and lone surrogates in every field',
      body: json(
        Object.fromEntries(
          fields.map(f => [f, '\u0000\u001b[31m\ud800\u2028']),
        ),
      ),
      status: 400,
    },
  ];
}

/** Requests every route or action with a body must refuse. */
function bodyCases(valid: Record<string, unknown>, limit: number) {
  const fields = Object.keys(valid);
  // Long enough to be over every field's bound, short enough to stay cheap.
  const fieldBudget = Math.min(
    64 * 1_024,
    Math.floor(limit / (fields.length + 2) / 2),
  );
  const cases: HostileCase[] = [
    { label: 'malformed JSON', body: '{"a":', status: 400 },
    { label: 'a JSON string', body: '"x"', status: 400 },
    { label: 'a JSON number', body: '1', status: 400 },
    { label: 'a JSON array', body: '[]', status: 400 },
    { label: 'JSON null', body: 'null', status: 400 },
    {
      label: 'arrays nested 5,000 deep',
      body: `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
    },
    {
      label: 'objects nested 2,000 deep',
      body: `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}`,
    },
    {
      label: 'an unknown field',
      body: json({ ...valid, unknownField: 1 }),
      status: 400,
    },
    {
      label: '__proto__ with a polluting value',
      body: `{"__proto__":{"polluted":true},${json(valid).slice(1)}`,
      status: 400,
    },
    {
      label: 'constructor.prototype with a polluting value',
      body: objectWithKey('constructor', { prototype: { polluted: true } }),
      status: 400,
    },
    ...(fields.length === 0 ? [] : everyFieldCases(fields, fieldBudget)),
    {
      label: 'many unknown keys',
      body: manyKeys(Math.min(20_000, Math.floor(limit / 16))),
      status: 400,
    },
    {
      label: 'a body over the limit',
      body: json({ ...valid, padding: 'x'.repeat(limit + 1_024) }),
      status: 413,
    },
    {
      label: 'a gzip body that inflates over the limit',
      body: gzipSync(json({ padding: '0'.repeat(limit * 2) })),
      headers: { 'Content-Encoding': 'gzip' },
      status: 413,
    },
    {
      label: 'an unsupported content encoding',
      body: json(valid),
      headers: { 'Content-Encoding': 'x-unknown' },
      status: 400,
    },
    {
      label: 'an unsupported charset',
      body: json(valid),
      headers: { 'Content-Type': 'application/json; charset=ebcdic' },
      status: 400,
    },
  ];
  return cases;
}

/** Quantities and resource names in a resource map at `place`. */
function resourceCases(
  valid: Record<string, unknown>,
  place: (resources: string) => string,
): HostileCase[] {
  return [
    ...BAD_QUANTITIES.map(value => ({
      label: `quantity ${JSON.stringify(value).slice(0, 20)}`,
      body: place(json({ cpu: value })),
      status: 400,
    })),
    ...PROTOTYPE_KEYS.map(key => ({
      label: `resource named ${key}`,
      body: place(objectWithKey(key, '1')),
      status: 400,
    })),
    {
      label: '50,000 resources',
      body: place(manyKeys(50_000, '1')),
      status: 400,
    },
  ].map(c => ({ ...c, label: `${c.label} (${Object.keys(valid)[0]})` }));
}

/** Requests with the target's body but another path or query. */
function pathCases(
  make: (segment: string) => string,
  what: string,
): HostileCase[] {
  return [
    { label: `a ${what} of 300 characters`, path: make('a'.repeat(300)) },
    { label: `a ${what} of 8,000 characters`, path: make('b'.repeat(8_000)) },
    { label: `a ${what} with a space`, path: make('a%20b') },
    { label: `a ${what} with unicode`, path: make('%C3%A9t%C3%A9') },
    { label: `a ${what} with a NUL`, path: make('a%00b') },
    { label: `a ${what} with a leading dot`, path: make('.hidden') },
    { label: `a ${what} with an encoded slash`, path: make('a%2Fb') },
    {
      label: `a ${what} that is a script`,
      path: make('%3Cscript%3E'),
    },
  ].map(c => ({ ...c, status: 400 }));
}

/** Query strings a route without parameters must refuse. */
function unknownQueryCases(path: string): HostileCase[] {
  return [
    { label: 'an unknown query parameter', path: `${path}?zz=1` },
    { label: 'a nested query parameter', path: `${path}?a[b][c]=1` },
    {
      label: '1,000 query parameters',
      path: `${path}?${Array.from({ length: 1_000 }, (_, i) => `p${i}=1`).join(
        '&',
      )}`,
    },
  ].map(c => ({ ...c, status: 400 }));
}

const simulateValid = {
  replicas: 2,
  placement: { clusterAffinity: { clusterNames: [CLUSTER] } },
};
const recommendValid = { replicas: 2 };
const startValid = {
  entityRef: ENTITY,
  from: CLUSTER,
  reason: 'hostile input test',
  dryRun: true,
};

function invalidClusters(count: number): string {
  return json({
    ...simulateValid,
    clusters: Array.from({ length: count }, (_, i) => ({
      name: `c-${i}`,
      resourceSummary: { allocatable: { cpu: 'abc' } },
    })),
  });
}

const KB = 1_024;
const MB = 1_024 * KB;

/** The plugin's routes (all but /health, which takes no input). */
export function routeTargets(): Target[] {
  return [
    {
      name: 'GET /clusters',
      method: 'get',
      path: '/clusters',
      cases: [
        ...unknownQueryCases('/clusters'),
        { label: 'label __proto__', path: '/clusters?label=__proto__=x' },
        { label: 'label constructor', path: '/clusters?label=constructor=x' },
        { label: 'label without =', path: '/clusters?label=x' },
        { label: 'limit 1e9', path: '/clusters?limit=1000000000' },
        { label: 'limit -1', path: '/clusters?limit=-1' },
        { label: 'limit as an array', path: '/clusters?limit[]=1' },
        { label: 'region as an object', path: '/clusters?region[a]=b' },
        {
          label: 'a 5,000-character health',
          path: `/clusters?health=${'x'.repeat(5_000)}`,
        },
        {
          label: '101 regions',
          path: `/clusters?region=${Array.from(
            { length: 101 },
            (_, i) => `r${i}`,
          ).join(',')}`,
        },
      ].map(c => ({ ...c, status: 400 })),
    },
    {
      name: 'GET /clusters/:name',
      method: 'get',
      path: `/clusters/${CLUSTER}`,
      cases: [
        ...pathCases(s => `/clusters/${s}`, 'cluster name'),
        ...unknownQueryCases(`/clusters/${CLUSTER}`),
      ],
    },
    {
      name: 'GET /clusters/:name/history',
      method: 'get',
      path: `/clusters/${CLUSTER}/history`,
      cases: [
        ...pathCases(s => `/clusters/${s}/history`, 'cluster name'),
        ...unknownQueryCases(`/clusters/${CLUSTER}/history`),
        {
          label: 'limit 0',
          path: `/clusters/${CLUSTER}/history?limit=0`,
          status: 400,
        },
      ],
    },
    {
      name: 'POST /clusters/:name/scale',
      method: 'post',
      path: `/clusters/${CLUSTER}/scale`,
      valid: { machineDeployment: 'fleet-eu-west-1-md-0', replicas: 3 },
      schema: scaleClusterRequestSchema,
      bodyLimit: 4 * KB,
      cases: [
        ...pathCases(s => `/clusters/${s}/scale`, 'cluster name'),
        ...[-1, 1e9, 1.5, '5', 1e308].map(replicas => ({
          label: `replicas ${replicas}`,
          body: json({ machineDeployment: 'fleet-eu-west-1-md-0', replicas }),
          status: 400,
        })),
      ],
    },
    {
      name: 'POST /clusters/:name/upgrade',
      method: 'post',
      path: `/clusters/${CLUSTER}/upgrade`,
      valid: { version: 'v1.32.0' },
      schema: upgradeClusterRequestSchema,
      bodyLimit: 4 * KB,
      cases: [
        ...pathCases(s => `/clusters/${s}/upgrade`, 'cluster name'),
        ...['latest', 'v1', `v1.2.3-${'x'.repeat(200)}`].map(version => ({
          label: `version ${version.slice(0, 20)}`,
          body: json({ version }),
          status: 400,
        })),
      ],
    },
    {
      name: 'DELETE /clusters/:name',
      method: 'delete',
      path: `/clusters/${CLUSTER}`,
      valid: { confirm: CLUSTER },
      schema: deleteClusterRequestSchema,
      bodyLimit: 4 * KB,
      cases: pathCases(s => `/clusters/${s}`, 'cluster name'),
    },
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
      ],
    },
    {
      name: 'GET /entities/:kind/:namespace/:name/placement',
      method: 'get',
      path: '/entities/component/default/checkout/placement',
      cases: [
        ...pathCases(
          s => `/entities/component/${s}/checkout/placement`,
          'namespace',
        ),
        ...unknownQueryCases('/entities/component/default/checkout/placement'),
      ],
    },
    {
      name: 'GET /entities/:kind/:namespace/:name/exposure',
      method: 'get',
      path: '/entities/component/default/checkout/exposure',
      cases: [
        ...pathCases(s => `/entities/${s}/default/checkout/exposure`, 'kind'),
        ...unknownQueryCases('/entities/component/default/checkout/exposure'),
      ],
    },
    {
      name: 'GET /entities/:kind/:namespace/:name/dr',
      method: 'get',
      path: '/entities/component/default/checkout/dr',
      cases: [
        ...pathCases(s => `/entities/component/default/${s}/dr`, 'name'),
        ...unknownQueryCases('/entities/component/default/checkout/dr'),
      ],
    },
    {
      name: 'GET /connectivity',
      method: 'get',
      path: '/connectivity',
      cases: unknownQueryCases('/connectivity'),
    },
    {
      name: 'GET /addons',
      method: 'get',
      path: '/addons',
      cases: unknownQueryCases('/addons'),
    },
    {
      name: 'POST /failovers',
      method: 'post',
      path: '/failovers',
      valid: startValid,
      schema: startFailoverRequestSchema,
      bodyLimit: 16 * KB,
      cases: [
        {
          label: 'an unknown source cluster',
          body: json({ ...startValid, from: 'no-such-cluster' }),
          status: 422,
        },
        {
          label: 'a path as the source cluster',
          body: json({ ...startValid, from: '../../etc/passwd' }),
          status: 400,
        },
        {
          label: 'a reason of 2,001 characters',
          body: json({ ...startValid, reason: 'r'.repeat(2_001) }),
          status: 400,
        },
        {
          label: 'an idempotency key of 256 characters',
          body: json({ ...startValid, idempotencyKey: 'k'.repeat(256) }),
          status: 400,
        },
        {
          label: 'an entity ref with a script',
          body: json({ ...startValid, entityRef: '<script>alert(1)</script>' }),
          status: 400,
        },
      ],
    },
    {
      name: 'POST /drills',
      method: 'post',
      path: '/drills',
      valid: { entityRef: ENTITY, from: CLUSTER, dryRun: true },
      schema: startDrillRequestSchema,
      bodyLimit: 16 * KB,
      cases: [
        {
          label: 'force (not a drill field)',
          body: json({ entityRef: ENTITY, from: CLUSTER, force: true }),
          status: 400,
        },
      ],
    },
    {
      name: 'GET /failovers',
      method: 'get',
      path: '/failovers',
      cases: [
        ...unknownQueryCases('/failovers'),
        { label: 'kind unknown', path: '/failovers?kind=nuke' },
        { label: 'limit 201', path: '/failovers?limit=201' },
        {
          label: 'an entity ref of 5,000 characters',
          path: `/failovers?entityRef=${'e'.repeat(5_000)}`,
        },
      ].map(c => ({ ...c, status: 400 })),
    },
    {
      name: 'GET /failovers/:id',
      method: 'get',
      path: `/failovers/${RUN_ID}`,
      cases: [
        ...pathCases(s => `/failovers/${s}`, 'run id'),
        ...unknownQueryCases(`/failovers/${RUN_ID}`),
      ],
    },
    {
      name: 'POST /failovers/:id/cancel',
      method: 'post',
      path: `/failovers/${RUN_ID}/cancel`,
      valid: {},
      schema: cancelFailoverRequestSchema,
      bodyLimit: 16 * KB,
      cases: pathCases(s => `/failovers/${s}/cancel`, 'run id'),
    },
    {
      name: 'POST /failovers/:id/rollback',
      method: 'post',
      path: `/failovers/${RUN_ID}/rollback`,
      valid: { reason: 'hostile input test' },
      schema: rollbackFailoverRequestSchema,
      bodyLimit: 16 * KB,
      cases: pathCases(s => `/failovers/${s}/rollback`, 'run id'),
    },
  ].map(target => ({
    ...target,
    method: target.method as Target['method'],
    cases: [
      ...target.cases,
      ...(target.valid ? bodyCases(target.valid, target.bodyLimit!) : []),
    ],
  }));
}

/** The actions registry reads action bodies with express.json(): 100 kB. */
const ACTION_BODY_LIMIT = 100 * KB;

/** The plugin's actions, invoked over HTTP through the actions registry. */
export function actionTargets(): Target[] {
  const actions: {
    name: string;
    valid: Record<string, unknown>;
    schema: z.ZodTypeAny;
    cases?: HostileCase[];
  }[] = [
    {
      name: 'list-clusters',
      valid: { limit: 10 },
      schema: listClustersRequestSchema,
      cases: PROTOTYPE_KEYS.map(key => ({
        label: `label ${key}`,
        body: `{"labels":${objectWithKey(key, 'x')}}`,
        status: 400,
      })),
    },
    { name: 'get-cluster', valid: { name: CLUSTER }, schema: clusterRefSchema },
    {
      name: 'simulate-placement',
      valid: simulateValid,
      schema: simulatePlacementRequestSchema,
      cases: resourceCases(
        { resourceRequest: 1 },
        resources =>
          `{"replicas":1,"placement":{},"replicaRequirements":{"resourceRequest":${resources}}}`,
      ).filter(c => !c.label.startsWith('50,000')),
    },
    {
      name: 'recommend-placement',
      valid: recommendValid,
      schema: recommendPlacementRequestSchema,
      cases: [
        {
          label: 'cpu -1',
          body: '{"replicas":1,"resourceRequest":{"cpu":"-1"}}',
          status: 400,
        },
      ],
    },
    {
      name: 'get-entity-placement',
      valid: { entityRef: ENTITY },
      schema: entityRefRequestSchema,
    },
    {
      name: 'get-fleet-connectivity',
      valid: {},
      schema: emptyRequestSchema,
    },
    {
      name: 'get-entity-exposure',
      valid: { entityRef: ENTITY },
      schema: entityRefRequestSchema,
    },
    {
      name: 'scale-cluster',
      valid: {
        cluster: CLUSTER,
        machineDeployment: 'fleet-eu-west-1-md-0',
        replicas: 3,
      },
      schema: scaleClusterActionInputSchema,
    },
    {
      name: 'upgrade-cluster',
      valid: { cluster: CLUSTER, version: 'v1.32.0' },
      schema: upgradeClusterActionInputSchema,
    },
    {
      name: 'start-failover',
      valid: startValid,
      schema: startFailoverRequestSchema,
      cases: [
        {
          label: 'an unknown source cluster',
          body: json({ ...startValid, from: 'no-such-cluster' }),
          status: 400,
        },
        {
          label: 'a reason of 2,001 characters',
          body: json({ ...startValid, reason: 'r'.repeat(2_001) }),
          status: 400,
        },
      ],
    },
    {
      name: 'get-failover',
      valid: { id: RUN_ID },
      schema: failoverRunRefSchema,
    },
    {
      name: 'cancel-failover',
      valid: { id: RUN_ID },
      schema: failoverRunRefSchema,
    },
  ];
  return actions.map(action => ({
    name: `action ${action.name}`,
    method: 'post',
    path: `/.backstage/actions/v1/actions/multi-cluster:${action.name}/invoke`,
    valid: action.valid,
    schema: action.schema,
    bodyLimit: ACTION_BODY_LIMIT,
    cases: [
      ...(action.cases ?? []),
      ...bodyCases(action.valid, ACTION_BODY_LIMIT),
    ],
  }));
}
