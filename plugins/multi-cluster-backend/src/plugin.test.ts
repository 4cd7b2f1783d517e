import {
  mockCredentials,
  mockServices,
  startTestBackend,
  TestDatabaseId,
  TestDatabases,
} from '@backstage/backend-test-utils';
import { actionsRegistryServiceMock } from '@backstage/backend-test-utils/alpha';
import { createServiceFactory } from '@backstage/backend-plugin-api';
import { actionsRegistryServiceRef } from '@backstage/backend-plugin-api/alpha';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { http, HttpResponse } from 'msw';
import request from 'supertest';
import { multiClusterPlugin } from './plugin';
import {
  capiFleetClusters,
  capiFleetWorkloads,
  checkoutEntity,
  clusterEntity,
  SECRET_TOKEN,
} from './__testUtils__/fixtures';
import { ClusterApiTestFleet } from './__testUtils__/ClusterApiTestFleet';
import { eventually } from '@flotilla/test-kit';
import { setupKubernetesMocks } from '@flotilla/plugin-multi-cluster-node/testUtils';

jest.setTimeout(60_000);

const databases = TestDatabases.create({
  ids: ['SQLITE_3', 'POSTGRES_17', 'POSTGRES_15'],
});

const ONPREM = 'https://onprem-1.example.com:6443';
const seenTokens: string[] = [];
setupKubernetesMocks(
  http.get(`${ONPREM}/readyz`, ({ request: req }) => {
    seenTokens.push(req.headers.get('authorization') ?? '');
    return req.headers.get('authorization') === `Bearer ${SECRET_TOKEN}`
      ? new HttpResponse('ok')
      : new HttpResponse('Unauthorized', { status: 401 });
  }),
  http.get(`${ONPREM}/apis/apps/v1/deployments`, () =>
    HttpResponse.json(
      {
        kind: 'Status',
        apiVersion: 'v1',
        status: 'Failure',
        message: 'etcdserver: request timed out',
        reason: 'InternalError',
        code: 500,
      },
      { status: 500 },
    ),
  ),
  http.get(`${ONPREM}/apis/apps/v1/statefulsets`, () =>
    HttpResponse.json({
      kind: 'StatefulSetList',
      apiVersion: 'apps/v1',
      items: [],
    }),
  ),
);

const USER = mockCredentials.user.header('user:default/alice');
/** fleet-eu-west-1's MachineDeployment (names are unique in the namespace). */
const MD = 'fleet-eu-west-1-md-0';

function allowAll(
  permissions: ReturnType<typeof mockServices.permissions.mock>,
) {
  permissions.authorize.mockImplementation(async reqs =>
    reqs.map(() => ({ result: AuthorizeResult.ALLOW })),
  );
  permissions.authorizeConditional.mockImplementation(async reqs =>
    reqs.map(() => ({ result: AuthorizeResult.ALLOW })),
  );
}

async function startBackend(databaseId: TestDatabaseId) {
  const knex = await databases.init(databaseId);
  // The fleet: workload clusters a Cluster API management cluster manages,
  // each reached with its <cluster>-kubeconfig Secret.
  const fleet = await ClusterApiTestFleet.start({
    clusters: capiFleetClusters,
    workloads: capiFleetWorkloads,
  });
  const permissions = mockServices.permissions.mock();
  allowAll(permissions);
  const events: { eventId: string; status?: string; meta?: any }[] = [];
  const auditor = mockServices.auditor.mock({
    createEvent: async options => {
      const e: any = { eventId: options.eventId, meta: options.meta };
      events.push(e);
      return {
        success: async () => {
          e.status = 'succeeded';
        },
        fail: async () => {
          e.status = 'failed';
        },
      };
    },
  });
  const actions = actionsRegistryServiceMock();
  const backend = await startTestBackend({
    features: [
      multiClusterPlugin,
      mockServices.database.factory({ knex }),
      mockServices.httpAuth.factory({
        defaultCredentials: mockCredentials.none(),
      }),
      mockServices.rootConfig.factory({
        data: {
          multiCluster: {
            clusterApi: fleet.clusterApiConfig,
            // room for TLS handshakes with the test fleet on a loaded machine
            timeouts: { healthCheck: 10_000, clusterRequest: 10_000 },
          },
          kubernetes: {
            clusterLocatorMethods: [
              {
                type: 'config',
                clusters: [
                  {
                    name: 'onprem-1',
                    url: 'https://onprem-1.example.com:6443',
                    serviceAccountToken: SECRET_TOKEN,
                    authProvider: 'serviceAccount',
                  },
                ],
              },
            ],
          },
        },
      }),
      permissions.factory,
      auditor.factory,
      catalogServiceMock.factory({
        entities: [
          clusterEntity('onprem-1', {
            'kubernetes.io/api-server': 'https://onprem-1.example.com:6443/',
          }),
          clusterEntity('fleet-us-east-1', {
            'flotilla.io/region': 'us-west-2',
            'flotilla.io/provider': 'aws',
          }),
          checkoutEntity,
        ],
      }),
      createServiceFactory({
        service: actionsRegistryServiceRef,
        deps: {},
        factory: () => actions,
      }),
    ],
  });
  return { backend, knex, permissions, auditor, events, actions, fleet };
}

describe.each(databases.eachSupportedId())(
  'multi-cluster plugin on %p',
  databaseId => {
    let ctx: Awaited<ReturnType<typeof startBackend>>;
    let server: any;

    beforeAll(async () => {
      ctx = await startBackend(databaseId);
      server = ctx.backend.server;
      // The first refresh runs in the background: wait until it has read
      // the management cluster.
      await eventually(
        async () => {
          const res = await request(server)
            .get('/api/multi-cluster/clusters/fleet-eu-central-1')
            .set('Authorization', USER);
          if (res.status !== 200) throw new Error(`answered ${res.status}`);
        },
        60_000,
        100,
      );
    });

    afterAll(async () => {
      await ctx?.backend.stop();
      await ctx?.fleet.stop();
    });

    beforeEach(() => {
      allowAll(ctx.permissions);
    });

    it('lists the merged fleet from Cluster API, catalog and config sources', async () => {
      const res = await request(server)
        .get('/api/multi-cluster/clusters')
        .set('Authorization', USER);
      expect(res.status).toBe(200);
      expect(res.body.totalCount).toBe(4);
      expect(res.body.items.map((c: any) => c.name)).toEqual([
        'fleet-eu-central-1',
        'fleet-eu-west-1',
        'fleet-us-east-1',
        'onprem-1',
      ]);
      const euWest = res.body.items.find(
        (c: any) => c.name === 'fleet-eu-west-1',
      );
      expect(euWest).toMatchObject({
        source: 'cluster-api',
        region: 'eu-west-1',
        provider: 'aws',
        environment: 'prod',
        // /readyz of the member, reached with its kubeconfig Secret
        health: { status: 'healthy', via: 'readyz' },
        labels: expect.objectContaining({
          environment: 'prod',
          tenant: 'payments',
          'flotilla.io/environment': 'prod',
        }),
        // the member's Node, read with its kubeconfig Secret
        capacity: expect.objectContaining({
          allocatable: { cpu: '64', memory: '256Gi', pods: '1100' },
        }),
        lifecycle: expect.objectContaining({
          managementCluster: 'capi',
          machineDeployments: [
            expect.objectContaining({
              name: 'fleet-eu-west-1-md-0',
              replicas: 3,
              readyReplicas: 3,
            }),
          ],
        }),
      });
      // config + catalog are the same cluster (same URL modulo trailing slash)
      const onprem = res.body.items.find((c: any) => c.name === 'onprem-1');
      expect(onprem.sources.map((s: any) => s.type)).toEqual([
        'config',
        'catalog',
      ]);
      expect(onprem.conflicts).toBeUndefined();
      expect(onprem.capacity.declared).toEqual({
        cpu: '64',
        memory: '256Gi',
        pods: '1100',
        'nvidia.com/gpu': '8',
      });
      expect(onprem.zones).toEqual(['a', 'b', 'c']);
      expect(onprem.costPerCpuHour).toBe(0.042);
      // /readyz through the cluster's KubeConfig with the configured token
      expect(onprem.health).toMatchObject({ status: 'healthy', via: 'readyz' });
      expect(onprem.stale).toBe(false);
      expect(seenTokens).toContain(`Bearer ${SECRET_TOKEN}`);
    });

    it('reports a clash between sources instead of merging silently', async () => {
      const res = await request(server)
        .get('/api/multi-cluster/clusters/fleet-us-east-1')
        .set('Authorization', USER);
      expect(res.status).toBe(200);
      expect(res.body.conflicts).toEqual([
        expect.objectContaining({
          field: 'region',
          values: [
            { sourceId: 'catalog', value: 'us-west-2' },
            { sourceId: 'cluster-api:capi', value: 'us-east-1' },
          ],
        }),
      ]);
      const conflicted = await request(server)
        .get('/api/multi-cluster/clusters?conflicted=true')
        .set('Authorization', USER);
      expect(conflicted.body.items.map((c: any) => c.name)).toEqual([
        'fleet-us-east-1',
      ]);
    });

    it('filters by label, region, provider, environment and health, with paging', async () => {
      const get = (q: string) =>
        request(server)
          .get(`/api/multi-cluster/clusters?${q}`)
          .set('Authorization', USER);

      let res = await get('label=environment=staging');
      expect(res.body.items.map((c: any) => c.name)).toEqual([
        'fleet-eu-central-1',
      ]);

      res = await get('label=environment=prod&label=tenant=payments');
      expect(res.body.items.map((c: any) => c.name)).toEqual([
        'fleet-eu-west-1',
      ]);

      res = await get('provider=aws&region=eu-west-1,us-west-2');
      expect(res.body.items.map((c: any) => c.name)).toEqual([
        'fleet-eu-west-1',
        'fleet-us-east-1',
      ]);

      res = await get('environment=prod&health=healthy');
      expect(res.body.items.map((c: any) => c.name)).toEqual([
        'fleet-eu-west-1',
        'fleet-us-east-1',
        'onprem-1',
      ]);

      res = await get('health=unhealthy');
      expect(res.body.items.map((c: any) => c.name)).toEqual([
        'fleet-eu-central-1',
      ]);

      res = await get('source=config');
      expect(res.body.items.map((c: any) => c.name)).toEqual(['onprem-1']);

      res = await get('limit=2&offset=1');
      expect(res.body.totalCount).toBe(4);
      expect(res.body.items.map((c: any) => c.name)).toEqual([
        'fleet-eu-west-1',
        'fleet-us-east-1',
      ]);

      res = await get('limit=0');
      expect(res.status).toBe(400);
      expect(res.body.error.name).toBe('InputError');
      expect(res.body.error.message).toMatch(/limit: /);

      res = await get('label=novalue');
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/label: expected key=value/);
    });

    it('returns 404 for unknown clusters', async () => {
      const res = await request(server)
        .get('/api/multi-cluster/clusters/nope')
        .set('Authorization', USER);
      expect(res.status).toBe(404);
    });

    it('applies CONDITIONAL read decisions with the cluster rules', async () => {
      ctx.permissions.authorizeConditional.mockImplementation(async reqs =>
        reqs.map(() => ({
          result: AuthorizeResult.CONDITIONAL,
          pluginId: 'multi-cluster',
          resourceType: 'multi-cluster-cluster',
          conditions: {
            anyOf: [
              {
                rule: 'HAS_LABEL',
                resourceType: 'multi-cluster-cluster',
                params: { key: 'environment', value: 'staging' },
              },
              {
                allOf: [
                  {
                    rule: 'IS_PROVIDER',
                    resourceType: 'multi-cluster-cluster',
                    params: { providers: ['aws'] },
                  },
                  {
                    rule: 'IS_IN_REGION',
                    resourceType: 'multi-cluster-cluster',
                    params: { regions: 'eu-west-1' },
                  },
                ],
              },
            ],
          },
        })),
      );
      const res = await request(server)
        .get('/api/multi-cluster/clusters')
        .set('Authorization', USER);
      expect(res.body.items.map((c: any) => c.name)).toEqual([
        'fleet-eu-central-1',
        'fleet-eu-west-1',
      ]);
      const denied = await request(server)
        .get('/api/multi-cluster/clusters/fleet-us-east-1')
        .set('Authorization', USER);
      expect(denied.status).toBe(403);
      expect(denied.body.error.message).toContain('multi-cluster.cluster.read');
    });

    it('registers the cluster resource type and rules with the permission integration', async () => {
      const metadata = await request(server)
        .get('/api/multi-cluster/.well-known/backstage/permissions/metadata')
        .set('Authorization', mockCredentials.service.header());
      expect(metadata.status).toBe(200);
      expect(metadata.body.rules.map((r: any) => r.name).sort()).toEqual([
        'HAS_LABEL',
        'IS_IN_REGION',
        'IS_PROVIDER',
      ]);
      expect(metadata.body.rules[0].paramsSchema).toMatchObject({
        type: 'object',
      });
      expect(metadata.body.permissions.map((p: any) => p.name).sort()).toEqual([
        'multi-cluster.cluster.delete',
        'multi-cluster.cluster.read',
        'multi-cluster.cluster.scale',
        'multi-cluster.cluster.upgrade',
        'multi-cluster.failover.execute',
        'multi-cluster.failover.read',
        'multi-cluster.failover.region',
        'multi-cluster.fleet.plan',
        'multi-cluster.placement.read',
      ]);

      // what the permission backend calls to resolve CONDITIONAL decisions
      const applied = await request(server)
        .post(
          '/api/multi-cluster/.well-known/backstage/permissions/apply-conditions',
        )
        .set('Authorization', mockCredentials.service.header())
        .send({
          items: [
            {
              id: '1',
              resourceRef: 'fleet-eu-west-1',
              resourceType: 'multi-cluster-cluster',
              conditions: {
                rule: 'HAS_LABEL',
                resourceType: 'multi-cluster-cluster',
                params: { key: 'environment', value: 'prod' },
              },
            },
            {
              id: '2',
              resourceRef: 'fleet-eu-central-1',
              resourceType: 'multi-cluster-cluster',
              conditions: {
                rule: 'IS_IN_REGION',
                resourceType: 'multi-cluster-cluster',
                params: { regions: ['us-east-1'] },
              },
            },
            {
              id: '3',
              resourceRef: 'fleet-us-east-1',
              resourceType: 'multi-cluster-cluster',
              conditions: {
                not: {
                  rule: 'IS_PROVIDER',
                  resourceType: 'multi-cluster-cluster',
                  params: { providers: 'gcp' },
                },
              },
            },
          ],
        });
      expect(applied.status).toBe(200);
      expect(applied.body.items).toEqual([
        { id: '1', result: AuthorizeResult.ALLOW },
        { id: '2', result: AuthorizeResult.DENY },
        { id: '3', result: AuthorizeResult.ALLOW },
      ]);
    });

    it('never returns cluster credentials', async () => {
      const list = await request(server)
        .get('/api/multi-cluster/clusters?limit=1000')
        .set('Authorization', USER);
      const one = await request(server)
        .get('/api/multi-cluster/clusters/onprem-1')
        .set('Authorization', USER);
      for (const body of [
        JSON.stringify(list.body),
        JSON.stringify(one.body),
      ]) {
        expect(body).not.toContain(SECRET_TOKEN);
        expect(body).not.toContain('credentialRef');
        expect(body).not.toContain('serviceAccountToken');
      }
    });

    describe('lifecycle', () => {
      it('requires user credentials (401)', async () => {
        const res = await request(server)
          .post('/api/multi-cluster/clusters/fleet-eu-west-1/scale')
          .send({ machineDeployment: MD, replicas: 5 });
        expect(res.status).toBe(401);
        const svc = await request(server)
          .post('/api/multi-cluster/clusters/fleet-eu-west-1/scale')
          .set('Authorization', mockCredentials.none.header())
          .send({ machineDeployment: MD, replicas: 5 });
        expect(svc.status).toBe(401);
      });

      it('validates the body (400 with field and reason)', async () => {
        const res = await request(server)
          .post('/api/multi-cluster/clusters/fleet-eu-west-1/scale')
          .set('Authorization', USER)
          .send({ machineDeployment: MD, replicas: -1 });
        expect(res.status).toBe(400);
        expect(res.body.error.name).toBe('InputError');
        expect(res.body.error.message).toMatch(
          /replicas: Number must be greater than or equal to 0/,
        );

        const upgrade = await request(server)
          .post('/api/multi-cluster/clusters/fleet-eu-west-1/upgrade')
          .set('Authorization', USER)
          .send({ version: 'latest' });
        expect(upgrade.status).toBe(400);
        expect(upgrade.body.error.message).toMatch(
          /version: must be a Kubernetes version/,
        );

        const extra = await request(server)
          .post('/api/multi-cluster/clusters/fleet-eu-west-1/scale')
          .set('Authorization', USER)
          .send({
            machineDeployment: MD,
            replicas: 1,
            url: 'https://evil',
          });
        expect(extra.status).toBe(400);
        expect(extra.body.error.message).toMatch(
          /Unrecognized key\(s\) in object: 'url'/,
        );
      });

      it('denies with the permission name (403) and only audits it', async () => {
        ctx.permissions.authorizeConditional.mockImplementation(async reqs =>
          reqs.map(r => ({
            result:
              r.permission.name === 'multi-cluster.cluster.scale'
                ? AuthorizeResult.DENY
                : AuthorizeResult.ALLOW,
          })),
        );
        const historyBefore = await ctx.knex('multi_cluster_history');
        const res = await request(server)
          .post('/api/multi-cluster/clusters/fleet-eu-west-1/scale')
          .set('Authorization', USER)
          .send({ machineDeployment: MD, replicas: 5 });
        expect(res.status).toBe(403);
        expect(res.body.error.message).toBe(
          "Permission 'multi-cluster.cluster.scale' denied for cluster 'fleet-eu-west-1'",
        );
        // A refused request stores nothing; its audit event is the record.
        expect(await ctx.knex('multi_cluster_history')).toEqual(historyBefore);
        expect(ctx.events.at(-1)).toMatchObject({
          eventId: 'cluster-scale',
          status: 'failed',
        });
      });

      it('allows conditionally: scale only prod clusters', async () => {
        ctx.permissions.authorizeConditional.mockImplementation(async reqs =>
          reqs.map(() => ({
            result: AuthorizeResult.CONDITIONAL,
            pluginId: 'multi-cluster',
            resourceType: 'multi-cluster-cluster',
            conditions: {
              rule: 'HAS_LABEL',
              resourceType: 'multi-cluster-cluster',
              params: { key: 'environment', value: 'staging' },
            },
          })),
        );
        const prod = await request(server)
          .post('/api/multi-cluster/clusters/fleet-eu-west-1/scale')
          .set('Authorization', USER)
          .send({ machineDeployment: MD, replicas: 5 });
        expect(prod.status).toBe(403);
        const staging = await request(server)
          .post('/api/multi-cluster/clusters/fleet-eu-central-1/scale')
          .set('Authorization', USER)
          .send({ machineDeployment: 'fleet-eu-central-1-md-0', replicas: 2 });
        expect(staging.status).toBe(200);
      });

      it('scales a Cluster API MachineDeployment, which the management cluster rolls out', async () => {
        const res = await request(server)
          .post('/api/multi-cluster/clusters/fleet-eu-west-1/scale')
          .set('Authorization', USER)
          .send({ machineDeployment: MD, replicas: 6 });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          cluster: 'fleet-eu-west-1',
          machineDeployment: MD,
          previousReplicas: 3,
          replicas: 6,
          source: 'cluster-api',
        });
        // patched in the management cluster, with the resourceVersion read
        const stored = ctx.fleet.machineDeployment('fleet-eu-west-1', MD);
        expect(stored.spec.replicas).toBe(6);
        expect(res.body.resourceVersion).toBe(stored.metadata.resourceVersion);
        expect(ctx.events.at(-1)).toMatchObject({
          eventId: 'cluster-scale',
          status: 'succeeded',
        });
        const history = await request(server)
          .get('/api/multi-cluster/clusters/fleet-eu-west-1/history')
          .set('Authorization', USER);
        expect(history.body.items[0]).toMatchObject({
          action: 'cluster.scale',
          status: 'succeeded',
          actor: 'user:default/alice',
          input: { machineDeployment: MD, replicas: 6 },
          result: expect.objectContaining({ replicas: 6 }),
        });

        // The rollout ends with every replica ready, once the inventory has
        // read it: wait for that state, however long it takes.
        const md = await eventually(
          async () => {
            const c = await request(server)
              .get('/api/multi-cluster/clusters/fleet-eu-west-1')
              .set('Authorization', USER);
            const first = c.body.lifecycle.machineDeployments[0];
            expect(first).toMatchObject({ readyReplicas: 6, phase: 'Running' });
            return first;
          },
          60_000,
          100,
        );
        expect(md).toMatchObject({
          replicas: 6,
          readyReplicas: 6,
          phase: 'Running',
        });
      });

      it('upgrades a Cluster API cluster', async () => {
        const res = await request(server)
          .post('/api/multi-cluster/clusters/fleet-eu-west-1/upgrade')
          .set('Authorization', USER)
          .send({ version: 'v1.32.0' });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          previousVersion: 'v1.31.4',
          version: 'v1.32.0',
          source: 'cluster-api',
        });
        expect(ctx.fleet.controlPlane('fleet-eu-west-1').spec.version).toBe(
          'v1.32.0',
        );
      });

      it('deletes only with a typed confirmation', async () => {
        const missing = await request(server)
          .delete('/api/multi-cluster/clusters/fleet-eu-central-1')
          .set('Authorization', USER)
          .send({});
        expect(missing.status).toBe(400);
        expect(missing.body.error.message).toMatch(/confirm: Required/);
        const wrong = await request(server)
          .delete('/api/multi-cluster/clusters/fleet-eu-central-1')
          .set('Authorization', USER)
          .send({ confirm: 'fleet-eu-west-1' });
        expect(wrong.status).toBe(400);
        expect(wrong.body.error.message).toMatch(/confirm: must be exactly/);
        const ok = await request(server)
          .delete('/api/multi-cluster/clusters/fleet-eu-central-1')
          .set('Authorization', USER)
          .send({ confirm: 'fleet-eu-central-1' });
        expect(ok.status).toBe(202);
        expect(ok.body).toMatchObject({
          deletionRequested: true,
          source: 'cluster-api',
        });
        expect(
          ctx.fleet.cluster('fleet-eu-central-1').metadata.deletionTimestamp,
        ).toEqual(expect.any(String));
        expect(ctx.events.at(-1)).toMatchObject({
          eventId: 'cluster-delete',
          status: 'succeeded',
        });
      });

      it('rejects lifecycle calls on clusters without Cluster API', async () => {
        const res = await request(server)
          .post('/api/multi-cluster/clusters/onprem-1/scale')
          .set('Authorization', USER)
          .send({ machineDeployment: MD, replicas: 1 });
        expect(res.status).toBe(400);
        expect(res.body.error.message).toMatch(/not managed by Cluster API/);
      });
    });

    describe('placement', () => {
      it('simulates on the live fleet', async () => {
        const res = await request(server)
          .post('/api/multi-cluster/placement/simulate')
          .set('Authorization', USER)
          .send({
            replicas: 4,
            placement: {
              clusterAffinity: {
                labelSelector: { matchLabels: { environment: 'prod' } },
              },
              replicaScheduling: {
                replicaSchedulingType: 'Divided',
                replicaDivisionPreference: 'Weighted',
                weightPreference: {
                  staticWeightList: [
                    {
                      targetCluster: { clusterNames: ['fleet-eu-west-1'] },
                      weight: 1,
                    },
                    {
                      targetCluster: { clusterNames: ['fleet-us-east-1'] },
                      weight: 1,
                    },
                  ],
                },
              },
            },
          });
        expect(res.status).toBe(200);
        expect(res.body.fleet).toBe('live');
        expect(res.body.targets).toEqual(
          expect.arrayContaining([
            { name: 'fleet-eu-west-1', replicas: 2 },
            { name: 'fleet-us-east-1', replicas: 2 },
          ]),
        );
      });

      it('simulates on clusters given in the request', async () => {
        const res = await request(server)
          .post('/api/multi-cluster/placement/simulate')
          .set('Authorization', USER)
          .send({
            replicas: 3,
            placement: { clusterAffinity: { clusterNames: ['x', 'y'] } },
            clusters: [
              {
                name: 'x',
                labels: {},
                resourceSummary: { allocatable: { cpu: '8', pods: '110' } },
              },
              { name: 'y', labels: {} },
            ],
          });
        expect(res.status).toBe(200);
        expect(res.body.fleet).toBe('request');
        expect(res.body.clusterCount).toBe(2);
        expect(res.body.targets.map((t: any) => t.name).sort()).toEqual([
          'x',
          'y',
        ]);
      });

      it('returns 422 with the Karmada message when nothing fits', async () => {
        const res = await request(server)
          .post('/api/multi-cluster/placement/simulate')
          .set('Authorization', USER)
          .send({
            replicas: 1,
            placement: {
              clusterAffinity: { clusterNames: ['does-not-exist'] },
            },
          });
        expect(res.status).toBe(422);
        expect(res.body.error.name).toBe('PlacementError');
        expect(res.body.error.message).toMatch(
          /0\/\d+ clusters are available|no clusters|available/i,
        );
      });

      it('recommends placements on the live fleet the user may read', async () => {
        const res = await request(server)
          .post('/api/multi-cluster/placement/recommend')
          .set('Authorization', USER)
          .send({
            replicas: 4,
            resourceRequest: { cpu: '1' },
            excludeClusters: ['fleet-us-east-1'],
          });
        expect(res.status).toBe(200);
        const best = res.body.recommendations[0];
        expect(best.rank).toBe(1);
        expect(best.clusters).not.toContain('fleet-us-east-1');
        expect(
          best.split.reduce((sum: number, t: any) => sum + t.replicas, 0),
        ).toBe(4);
        expect(best.placement.clusterAffinity.clusterNames).toEqual(
          best.clusters,
        );
        expect(res.body.excluded).toContainEqual({
          cluster: 'fleet-us-east-1',
          reasons: ['excluded by the request'],
        });
      });

      it('validates the recommend body', async () => {
        const res = await request(server)
          .post('/api/multi-cluster/placement/recommend')
          .set('Authorization', USER)
          .send({ replicas: 0, minRegions: 'two' });
        expect(res.status).toBe(400);
        expect(res.body.error.message).toMatch(/replicas/);
        expect(res.body.error.message).toMatch(/minRegions/);
      });

      it('validates the simulate body', async () => {
        const res = await request(server)
          .post('/api/multi-cluster/placement/simulate')
          .set('Authorization', USER)
          .send({ replicas: 'three', placement: {} });
        expect(res.status).toBe(400);
        expect(res.body.error.message).toMatch(
          /replicas: Expected number, received string/,
        );
      });

      it('returns the desired and actual placement of an entity', async () => {
        const res = await request(server)
          .get(
            '/api/multi-cluster/entities/component/default/checkout/placement',
          )
          .set('Authorization', USER);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          entityRef: 'component:default/checkout',
          kubernetesId: 'checkout',
          desired: {
            karmada: [],
            annotation: {
              clusterAffinity: {
                clusterNames: ['fleet-eu-west-1', 'fleet-us-east-1'],
              },
            },
          },
        });
        const byCluster = Object.fromEntries(
          res.body.actual.clusters.map((c: any) => [c.cluster, c.replicas]),
        );
        expect(byCluster).toEqual({
          'fleet-eu-west-1': 3,
          'fleet-us-east-1': 2,
        });
        expect(res.body.actual.totalReplicas).toBe(5);
        // onprem-1 answers 500: reported next to the partial result
        expect(res.body.errors).toEqual([
          {
            cluster: 'onprem-1',
            message:
              'onprem-1: list deployments: etcdserver: request timed out',
            timeout: false,
          },
        ]);
        expect(JSON.stringify(res.body)).not.toContain(SECRET_TOKEN);
      });

      it('returns 404 for unknown entities', async () => {
        const res = await request(server)
          .get('/api/multi-cluster/entities/component/default/nope/placement')
          .set('Authorization', USER);
        expect(res.status).toBe(404);
      });

      it('denies placement reads without the placement permission', async () => {
        ctx.permissions.authorize.mockImplementation(async reqs =>
          reqs.map(() => ({ result: AuthorizeResult.DENY })),
        );
        const res = await request(server)
          .get(
            '/api/multi-cluster/entities/component/default/checkout/placement',
          )
          .set('Authorization', USER);
        expect(res.status).toBe(403);
        expect(res.body.error.message).toContain(
          'multi-cluster.placement.read',
        );
      });
    });
  },
);
