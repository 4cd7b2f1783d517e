/* eslint jest/expect-expect: ["warn", { "assertFunctionNames": ["expect", "call"] }] */
import {
  mockCredentials,
  mockServices,
  startTestBackend,
  TestDatabases,
} from '@backstage/backend-test-utils';
import { actionsRegistryServiceMock } from '@backstage/backend-test-utils/alpha';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import {
  type AnyApiRoute,
  clusterHistoryResponseSchema,
  deleteClusterResponseSchema,
  multiClusterApiRoutes as routes,
  type MultiClusterApiRouteName,
  routePath,
  scaleClusterResponseSchema,
  upgradeClusterStartedSchema,
} from '@flotilla/plugin-multi-cluster-common';
import request from 'supertest';
import { z } from 'zod';
import type { HistoryEntry } from '../database/MultiClusterStore';
import type {
  DeleteClusterResult,
  ScaleMachineDeploymentResult,
  UpgradeClusterAnswer,
} from '../lifecycle/types';
import { multiClusterPlugin } from '../plugin';
import { ClusterApiTestFleet } from '../__testUtils__/ClusterApiTestFleet';
import { eventually } from '@flotilla/test-kit';
import {
  capiFleetClusters,
  capiFleetWorkloads,
  checkoutEntity,
} from '../__testUtils__/fixtures';
import {
  allowingPermissions,
  fleetConfig,
} from '../hostile/__testUtils__/testBackend';

jest.setTimeout(120_000);

/** True when each of A and B is assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * The lifecycle and history answers are typed in this package (common's
 * route table says `unknown`): compiled by `tsc`, a schema that drifts from
 * the backend's type turns an entry to `false`, a type error.
 */
const backendTypesAgree: Record<string, true> = {
  scaleCluster: true satisfies Same<
    ScaleMachineDeploymentResult,
    z.output<typeof scaleClusterResponseSchema>
  >,
  upgradeCluster: true satisfies Same<
    UpgradeClusterAnswer,
    z.output<typeof upgradeClusterStartedSchema>
  >,
  deleteCluster: true satisfies Same<
    DeleteClusterResult,
    z.output<typeof deleteClusterResponseSchema>
  >,
  getClusterHistory: true satisfies Same<
    { items: HistoryEntry[] },
    z.output<typeof clusterHistoryResponseSchema>
  >,
};

/**
 * Paths (`a.b[].c`) of the fields in `answer` that parsing dropped from
 * `parsed`: objects with unknown keys are not strict, so this is how an
 * answer that says more than its schema shows.
 */
function undeclaredFields(answer: unknown, parsed: unknown, at = ''): string[] {
  if (Array.isArray(answer) && Array.isArray(parsed)) {
    return [
      ...new Set(
        answer.flatMap((item, index) =>
          undeclaredFields(item, parsed[index], `${at}[]`),
        ),
      ),
    ];
  }
  if (
    typeof answer !== 'object' ||
    answer === null ||
    typeof parsed !== 'object' ||
    parsed === null
  ) {
    return [];
  }
  return Object.entries(answer).flatMap(([key, value]) => {
    const path = at ? `${at}.${key}` : key;
    return key in parsed
      ? undeclaredFields(value, (parsed as Record<string, unknown>)[key], path)
      : [path];
  });
}

/** checkout's workload under a second, DR-declared entity: what a what-if plans. */
const drDeclaredCheckout = {
  ...checkoutEntity,
  metadata: {
    ...checkoutEntity.metadata,
    name: 'checkout-dr',
    annotations: {
      ...checkoutEntity.metadata.annotations,
      'flotilla.io/dr-strategy': 'active-active',
      'flotilla.io/resource-request': 'cpu=1',
    },
  },
};

const databases = TestDatabases.create({ ids: ['SQLITE_3'] });
const USER = mockCredentials.user.header('user:default/alice');
const API = '/api/multi-cluster';
const CLUSTER = 'fleet-eu-west-1';
const ENTITY_PATH = {
  kind: 'component',
  namespace: 'default',
  name: 'checkout',
};

describe('the routers’ success answers', () => {
  let backend: Awaited<ReturnType<typeof startTestBackend>>;
  let fleet: ClusterApiTestFleet;
  /** Routes whose success answer a test parsed. */
  const checked = new Set<MultiClusterApiRouteName>();
  /** `route: path` of every answered field no schema declares. */
  const undeclared = new Set<string>();

  beforeAll(async () => {
    const knex = await databases.init('SQLITE_3');
    fleet = await ClusterApiTestFleet.start({
      clusters: capiFleetClusters,
      workloads: capiFleetWorkloads,
    });
    backend = await startTestBackend({
      features: [
        multiClusterPlugin,
        mockServices.database.factory({ knex }),
        fleetConfig(fleet),
        allowingPermissions().factory,
        catalogServiceMock.factory({
          entities: [checkoutEntity, drDeclaredCheckout],
        }),
        actionsRegistryServiceMock.factory(),
      ],
    });
  });

  afterAll(async () => {
    await backend?.stop();
    await fleet?.stop();
  });

  /**
   * Calls a route and parses its answer with the route's schema for the
   * status it answered, which must be one of its success statuses.
   */
  async function call(
    name: MultiClusterApiRouteName,
    options: {
      params?: Record<string, string>;
      query?: string;
      body?: object;
    } = {},
  ) {
    const route: AnyApiRoute = routes[name];
    const url = `${API}${routePath(route.path, options.params)}${
      options.query ?? ''
    }`;
    let pending = request(backend.server)[route.method](url);
    pending = pending.set('Authorization', USER);
    const res = options.body ? await pending.send(options.body) : await pending;
    const answer = route.responses[res.status as 200 | 202];
    expect([name, res.status, answer ? 'documented' : res.text]).toEqual([
      name,
      res.status,
      'documented',
    ]);
    const parsed = answer!.schema.safeParse(res.body);
    expect([
      name,
      parsed.success ? [] : parsed.error.issues.slice(0, 5),
    ]).toEqual([name, []]);
    for (const path of undeclaredFields(res.body, parsed.data)) {
      undeclared.add(`${name}: ${path}`);
    }
    checked.add(name);
    return res;
  }

  it('health, clusters and history', async () => {
    await call('health');
    await eventually(
      async () => {
        const res = await request(backend.server)
          .get(`${API}/clusters`)
          .set('Authorization', USER);
        expect(res.body.totalCount).toBe(capiFleetClusters.length);
      },
      60_000,
      100,
    );
    await call('listClusters');
    await call('listClusters', { query: '?region=eu-west-1&limit=1' });
    await call('getCluster', { params: { name: CLUSTER } });
  });

  it('cluster lifecycle and its history', async () => {
    const cluster = await call('getCluster', { params: { name: CLUSTER } });
    await call('scaleCluster', {
      params: { name: CLUSTER },
      body: {
        machineDeployment: cluster.body.lifecycle.machineDeployments[0].name,
        replicas: 4,
      },
    });
    await call('upgradeCluster', {
      params: { name: CLUSTER },
      body: { version: 'v1.32.0' },
    });
    await call('getClusterUpgrade', { params: { name: CLUSTER } });
    await call('deleteCluster', {
      params: { name: 'fleet-eu-central-1' },
      body: { confirm: 'fleet-eu-central-1' },
    });
    const history = await call('getClusterHistory', {
      params: { name: CLUSTER },
    });
    expect(history.body.items.length).toBeGreaterThan(0);
  });

  it('placement', async () => {
    await call('simulatePlacement', {
      body: {
        replicas: 2,
        placement: { clusterAffinity: { clusterNames: [CLUSTER] } },
      },
    });
    await call('recommendPlacement', {
      body: { replicas: 2, resourceRequest: { cpu: '100m' } },
    });
    await call('getEntityPlacement', { params: ENTITY_PATH });
    await call('getEntityPlacementAdvice', { params: ENTITY_PATH, body: {} });
    await call('getEntityPlacementAdvice', {
      params: ENTITY_PATH,
      body: { requirements: { replicas: 2, userRegions: ['eu-west'] } },
    });
    await call('getPlacementOptions');
  });

  it('what-if', async () => {
    const plan = await call('planWhatIf', { body: { regions: ['eu-west-1'] } });
    expect(plan.body.services).toMatchObject([
      { entityRef: 'component:default/checkout-dr', outcome: 'moved' },
    ]);
  });

  it('region failovers and failbacks', async () => {
    const ended = (id: string) =>
      eventually(
        async () => {
          const res = await request(backend.server)
            .get(`${API}/region-failovers/${id}`)
            .set('Authorization', USER);
          expect(['succeeded', 'failed', 'cancelled']).toContain(
            res.body.status,
          );
          return res.body;
        },
        90_000,
        100,
      );
    const us = { clusters: ['fleet-us-east-1'], reason: 'schema test' };
    await call('startRegionFailover', { body: { ...us, dryRun: true } });
    // Cancelled at once: checkout-dr's replicas on us-east-1 stay or move.
    const cancelled = await call('startRegionFailover', { body: us });
    const a = cancelled.body.storm.id as string;
    await call('cancelRegionFailover', { params: { id: a }, body: {} });
    await ended(a);
    const eu = { clusters: [CLUSTER], reason: 'schema test' };
    const started = await call('startRegionFailover', { body: eu });
    const b = started.body.storm.id as string;
    await call('pauseRegionFailover', { params: { id: b }, body: {} });
    await call('resumeRegionFailover', { params: { id: b }, body: {} });
    await call('getRegionFailover', { params: { id: b } });
    await call('listRegionFailovers');
    expect((await ended(b)).status).toBe('succeeded');
    // The failback gives eu-west-1 its replicas back (later tests fail over from it).
    const back = await call('startFailback', {
      body: { stormId: b, reason: 'schema test' },
    });
    expect((await ended(back.body.storm.id)).status).toBe('succeeded');
  });

  it('connectivity, add-ons and exposure', async () => {
    await call('getConnectivity');
    await call('getAddonCoverage');
    await call('getEntityExposure', { params: ENTITY_PATH });
  });

  it('detection', async () => {
    await call('listDetectionClusters');
    await call('listDetectionDecisions', {
      query: '?entityRef=component:default/checkout&limit=10',
    });
  });

  it('failovers, drills and DR posture', async () => {
    const start = {
      entityRef: 'component:default/checkout',
      from: CLUSTER,
      reason: 'response schema test',
    };
    await call('startFailover', { body: { ...start, dryRun: true } });
    await call('startDrill', { body: { ...start, dryRun: true } });
    const started = await call('startFailover', {
      body: { ...start, force: true },
    });
    const id = started.body.id as string;
    await call('getFailover', { params: { id } });
    await call('listFailovers');
    await call('getEntityDr', { params: ENTITY_PATH });
    const finish = (runId: string) =>
      eventually(
        async () => {
          const res = await request(backend.server)
            .get(`${API}/failovers/${runId}`)
            .set('Authorization', USER);
          expect(['succeeded', 'failed', 'cancelled']).toContain(
            res.body.status,
          );
          return res.body;
        },
        60_000,
        100,
      );
    const finished = await finish(id);
    await call('getEntityRecoveryHistory', {
      params: ENTITY_PATH,
      query: '?limit=10',
    });
    if (finished.rollbackAvailable) {
      const rollback = await call('rollbackFailover', {
        params: { id },
        body: {},
      });
      await finish(rollback.body.id);
    }
    const drill = await call('startDrill', { body: start });
    await call('cancelFailover', { params: { id: drill.body.id }, body: {} });
    await call('getFailover', { params: { id: drill.body.id } });
  });

  it('agree with the backend’s own types (compiled by tsc)', () => {
    expect(Object.values(backendTypesAgree).every(Boolean)).toBe(true);
  });

  it('covered every route', () => {
    expect([...checked].sort()).toEqual(Object.keys(routes).sort());
  });

  it('answer only the fields the schemas declare', () => {
    // A failover run is answered as the API's FailoverRun: the stored
    // record's lease, claims, context and step params stay in the backend.
    expect([...undeclared]).toEqual([]);
  });
});
