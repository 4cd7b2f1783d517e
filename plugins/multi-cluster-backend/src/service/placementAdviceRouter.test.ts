import { mockCredentials } from '@backstage/backend-test-utils';
import type { Entity } from '@backstage/catalog-model';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import type {
  EntityPlacement,
  FleetCluster,
} from '@flotilla/plugin-multi-cluster-common';
import request from 'supertest';
import type { FleetInventoryService } from '../inventory/FleetInventory';
import {
  clusterPermissionsFake,
  onlyEnvironment,
} from '../permissions/__testUtils__/permissionsFake';
import { PlacementAdviceService } from '../placement/advice/PlacementAdviceService';
import { userRegionsOf } from '../placement/inputs/latency';
import { PlacementObjectives } from '../placement/objectives/PlacementObjectives';
import { PlacementSimulator } from '../placement/PlacementSimulator';
import { createPlacementAdviceRouter } from './placementAdviceRouter';
import { startRouterBackend } from '../__testUtils__/startRouterBackend';

const USER = mockCredentials.user.header('user:default/alice');
const API = '/api/multi-cluster';

const cluster = (
  name: string,
  fields: { region: string; jurisdiction: string; cost: number; env: string },
) =>
  ({
    name,
    region: fields.region,
    provider: 'aws',
    jurisdiction: fields.jurisdiction,
    environment: fields.env,
    labels: { environment: fields.env },
    costPerCpuHour: fields.cost,
    health: { status: 'healthy' },
    capacity: { allocatable: { cpu: '8', memory: '32Gi', pods: '110' } },
  } as unknown as FleetCluster);

const fleet = [
  cluster('eu-1', {
    region: 'eu-west',
    jurisdiction: 'eu',
    cost: 0.05,
    env: 'prod',
  }),
  cluster('us-1', {
    region: 'us-east',
    jurisdiction: 'us',
    cost: 0.03,
    env: 'prod',
  }),
  cluster('eu-staging', {
    region: 'eu-west',
    jurisdiction: 'eu',
    cost: 0.01,
    env: 'staging',
  }),
];

const service = (
  name: string,
  annotations: Record<string, string>,
): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: { name, namespace: 'default', annotations },
  spec: { type: 'service' },
});

const payments = service('payments', {
  'flotilla.io/replicas': '2',
  'flotilla.io/resource-request': 'cpu=1',
  'flotilla.io/data-residency': 'eu',
});

/** Karmada bound payments to us-1 (2 replicas), before residency was declared. */
const boundToUs = {
  desired: {
    karmada: [
      {
        controlPlane: 'karmada',
        resource: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          namespace: 'default',
          name: 'payments',
        },
        policies: [],
        resourceBinding: {
          name: 'b',
          namespace: 'default',
          clusters: [{ name: 'us-1', replicas: 2 }],
        },
      },
    ],
  },
  actual: { clusters: [], totalReplicas: 2, readyReplicas: 2 },
} as unknown as EntityPlacement;

/** How the advice read each placement. */
const placementReads: unknown[] = [];

async function start() {
  const { clusterPermissions, decide } = clusterPermissionsFake(fleet);
  decide({ result: 'ALLOW' } as never, onlyEnvironment('prod'));
  const objectives = new PlacementObjectives();
  objectives.extensionPoint.addScorer({
    id: 'carbon',
    weight: 1,
    score: () => 50,
  });
  const advice = new PlacementAdviceService({
    permissions: clusterPermissions,
    catalog: catalogServiceMock({
      entities: [
        payments,
        service('unsized', { 'flotilla.io/user-regions': 'eu-west' }),
      ],
    }),
    simulator: new PlacementSimulator(
      { getClusters: async () => fleet } as unknown as FleetInventoryService,
      undefined,
      [],
      undefined,
      undefined,
      objectives,
    ),
    placement: {
      getPlacement: async (_ref, _credentials, _filter, options) => {
        placementReads.push(options);
        return boundToUs;
      },
    },
    objectives,
    userRegions: userRegionsOf({
      'eu-west': { 'us-east': 80 },
      'us-east': { 'eu-west': 80, 'ap-southeast': 210 },
    }),
  });
  return (
    await startRouterBackend(({ httpAuth }) =>
      createPlacementAdviceRouter({ httpAuth, advice }),
    )
  ).server;
}

describe('placement advice routes', () => {
  let server: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    server = await start();
  });

  const advise = (name: string, body: object = {}) =>
    request(server)
      .post(`${API}/entities/component/default/${name}/placement/advice`)
      .set('Authorization', USER)
      .send(body);

  it('advises on the annotations and compares with where Karmada bound the service', async () => {
    const res = await advise('payments');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      entityRef: 'component:default/payments',
      requirements: {
        replicas: 2,
        resourceRequest: { cpu: '1' },
        allowedJurisdictions: ['eu'],
      },
      requirementsFrom: 'annotations',
      problems: [],
    });
    // Readable: the prod clusters; us-1 is out of the EU.
    expect(res.body.advice.excluded).toEqual([
      {
        cluster: 'us-1',
        reasons: ['jurisdiction us is not allowed (allowed: eu)'],
      },
    ]);
    expect(
      res.body.advice.recommendations.map((r: { split: unknown }) => r.split),
    ).toEqual([[{ name: 'eu-1', replicas: 2 }]]);
    // Now: 2 x 1 CPU x 0.03 on us-1, room for 8 one-CPU replicas there;
    // eu-1: 2 x 1 x 0.05 = 0.1, also room for 8.
    expect(res.body.current).toEqual({
      clusters: [{ name: 'us-1', replicas: 2 }],
      regions: ['us-east'],
      costPerHour: 0.06,
      headroomReplicas: 8,
    });
    expect(res.body.comparisons).toEqual([
      {
        rank: 1,
        footprint: {
          clusters: [{ name: 'eu-1', replicas: 2 }],
          regions: ['eu-west'],
          costPerHour: 0.1,
          headroomReplicas: 8,
        },
        delta: { costPerHour: 0.04, headroomReplicas: 0 },
      },
    ]);
    expect(res.body.inputs.map((i: { cluster: string }) => i.cluster)).toEqual([
      'eu-1',
      'us-1',
    ]);
    // Where it runs is a view's read: shared with the tab's, census at scale.
    expect(placementReads).toContainEqual({ shareReads: true, recent: true });
    expect(res.body.objectives).toEqual([
      { id: 'latency', weight: 2, origin: 'built-in' },
      { id: 'cost', weight: 1, origin: 'built-in' },
      { id: 'gpu', weight: 2, origin: 'built-in' },
      { id: 'compliance', weight: 1, origin: 'built-in' },
      { id: 'carbon', weight: 1, origin: 'module' },
    ]);
    expect(res.body.advice.recommendations[0].score.byObjective.carbon).toBe(
      50,
    );
  });

  it('advises on posted requirements in place of the annotations', async () => {
    const res = await advise('payments', {
      requirements: { replicas: 1, excludeClusters: ['eu-1'] },
    });
    expect(res.status).toBe(200);
    expect(res.body.requirementsFrom).toBe('request');
    expect(res.body.advice.recommendations[0].clusters).toEqual(['us-1']);
  });

  it('gives a service without replicas the problem and no advice', async () => {
    const res = await advise('unsized');
    expect(res.status).toBe(200);
    expect(res.body.problems).toEqual([
      {
        annotation: 'flotilla.io/replicas',
        message:
          'placement advice needs the total replicas: set the annotation, or edit the requirements',
      },
    ]);
    expect(res.body.requirements).toEqual({
      replicas: 1,
      userRegions: ['eu-west'],
    });
    expect(res.body.advice).toEqual({
      recommendations: [],
      excluded: [],
      rejected: [],
    });
  });

  it('answers 404 for an entity the caller cannot read, 400 for a bad body', async () => {
    expect((await advise('nobody')).status).toBe(404);
    const bad = await advise('payments', { requirements: { replicas: 0 } });
    expect(bad.status).toBe(400);
  });

  it('lists the options of the readable fleet and the latency matrix’s user regions', async () => {
    const res = await request(server)
      .get(`${API}/placement/options`)
      .set('Authorization', USER);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      regions: [
        {
          name: 'eu-west',
          providers: ['aws'],
          clusters: ['eu-1'],
          jurisdictions: ['eu'],
        },
        {
          name: 'us-east',
          providers: ['aws'],
          clusters: ['us-1'],
          jurisdictions: ['us'],
        },
      ],
      clusters: [
        {
          name: 'eu-1',
          region: 'eu-west',
          provider: 'aws',
          environment: 'prod',
          health: 'healthy',
          jurisdiction: 'eu',
          compliance: [],
        },
        {
          name: 'us-1',
          region: 'us-east',
          provider: 'aws',
          environment: 'prod',
          health: 'healthy',
          jurisdiction: 'us',
          compliance: [],
        },
      ],
      userRegions: ['ap-southeast', 'eu-west', 'us-east'],
      jurisdictions: ['eu', 'us'],
      compliance: [],
      environments: ['prod'],
      gpuModels: [],
    });
  });
});
