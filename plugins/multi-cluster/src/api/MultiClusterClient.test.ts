import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { mockApis, registerMswTestHooks } from '@backstage/test-utils';
import { MultiClusterClient } from './MultiClusterClient';
import { apiCluster } from '../__fixtures__/clusters';
import {
  addonReport,
  checkoutExposure,
  connectivityReport,
} from '../__fixtures__/connectivity';
import {
  checkoutDecision,
  euWestPlan,
  euWestStorm,
} from '../__fixtures__/regionLoss';

const server = setupServer();
registerMswTestHooks(server);

const baseUrl = 'http://backstage.test/api/multi-cluster';

function client() {
  return new MultiClusterClient({
    discoveryApi: mockApis.discovery({ baseUrl: 'http://backstage.test' }),
    fetchApi: { fetch: (input, init) => fetch(input, init) },
  });
}

describe('MultiClusterClient', () => {
  it('lists clusters with filters as repeated query parameters', async () => {
    let seen: URL | undefined;
    server.use(
      http.get(`${baseUrl}/clusters`, ({ request }) => {
        seen = new URL(request.url);
        return HttpResponse.json({ items: [apiCluster('a')], totalCount: 1 });
      }),
    );
    const result = await client().listClusters({
      region: ['eu-west', 'us-east'],
      health: ['healthy'],
      labels: { 'flotilla.io/tenant': 'shared' },
      limit: 50,
      offset: 100,
    });
    expect(result.items.map(c => c.name)).toEqual(['a']);
    expect(seen?.searchParams.getAll('region')).toEqual(['eu-west', 'us-east']);
    expect(seen?.searchParams.getAll('health')).toEqual(['healthy']);
    expect(seen?.searchParams.get('label')).toBe('flotilla.io/tenant=shared');
    expect(seen?.searchParams.get('limit')).toBe('50');
    expect(seen?.searchParams.get('offset')).toBe('100');
  });

  it('encodes entity refs in the catalog’s order', async () => {
    server.use(
      http.get(`${baseUrl}/entities/component/default/checkout/placement`, () =>
        HttpResponse.json({
          entityRef: 'component:default/checkout',
          kubernetesId: 'checkout',
          desired: { karmada: [] },
          actual: { clusters: [], totalReplicas: 0, readyReplicas: 0 },
          errors: [],
          durationMs: 3,
        }),
      ),
    );
    await expect(
      client().getEntityPlacement({
        kind: 'Component',
        namespace: 'default',
        name: 'checkout',
      }),
    ).resolves.toMatchObject({ entityRef: 'component:default/checkout' });
  });

  it('posts simulations as JSON', async () => {
    server.use(
      http.post(`${baseUrl}/placement/simulate`, async ({ request }) => {
        expect(request.headers.get('content-type')).toBe('application/json');
        const body = (await request.json()) as { replicas: number };
        return HttpResponse.json({
          targets: [{ name: 'a', replicas: body.replicas }],
          explanation: [],
        });
      }),
    );
    await expect(
      client().simulatePlacement({ replicas: 3, placement: {} }),
    ).resolves.toEqual({
      targets: [{ name: 'a', replicas: 3 }],
      explanation: [],
    });
  });

  it('surfaces the backend’s error message and status', async () => {
    server.use(
      http.post(`${baseUrl}/clusters/prod-1/scale`, () =>
        HttpResponse.json(
          {
            error: {
              name: 'NotAllowedError',
              message: 'multi-cluster.cluster.scale denied for prod-1',
            },
            request: { method: 'POST', url: '/clusters/prod-1/scale' },
            response: { statusCode: 403 },
          },
          { status: 403 },
        ),
      ),
    );
    await expect(
      client().scaleCluster('prod-1', {
        machineDeployment: 'md-0',
        replicas: 5,
      }),
    ).rejects.toMatchObject({
      name: 'ResponseError',
      statusCode: 403,
      message: expect.stringContaining(
        'multi-cluster.cluster.scale denied for prod-1',
      ),
    });
  });

  it('reads the fleet connectivity and add-on coverage reports', async () => {
    server.use(
      http.get(`${baseUrl}/connectivity`, () =>
        HttpResponse.json(connectivityReport()),
      ),
      http.get(`${baseUrl}/addons`, () => HttpResponse.json(addonReport())),
    );
    const connectivity = await client().getConnectivity();
    expect(connectivity.clusterSets.map(s => s.name)).toEqual([
      'eu-payments',
      'mesh-us',
    ]);
    expect(connectivity.fleetCapacity.cpu).toBe('112');
    const addons = await client().getAddonCoverage();
    expect(addons.addons.map(a => a.name)).toEqual([
      'kyverno-baseline',
      'gatekeeper-library',
    ]);
  });

  it('reads an entity’s exposure at its lower-cased, encoded ref', async () => {
    let path: string | undefined;
    server.use(
      http.get(
        `${baseUrl}/entities/:kind/:namespace/:name/exposure`,
        ({ request }) => {
          path = new URL(request.url).pathname;
          return HttpResponse.json(checkoutExposure());
        },
      ),
    );
    const exposure = await client().getEntityExposure({
      kind: 'Component',
      namespace: 'Shop Front',
      name: 'checkout',
    });
    expect(path).toBe(
      '/api/multi-cluster/entities/component/shop%20front/checkout/exposure',
    );
    expect(exposure.exports[0].clusterSetHost).toBe(
      'checkout.shop.svc.clusterset.local',
    );
  });

  it('fails with the backend’s message when the connectivity report is unavailable', async () => {
    server.use(
      http.get(`${baseUrl}/connectivity`, () =>
        HttpResponse.json(
          {
            error: {
              name: 'ServiceUnavailableError',
              message: 'the fleet inventory has not been refreshed yet',
            },
            request: { method: 'GET', url: '/connectivity' },
            response: { statusCode: 503 },
          },
          { status: 503 },
        ),
      ),
    );
    await expect(client().getConnectivity()).rejects.toMatchObject({
      statusCode: 503,
      message: 'the fleet inventory has not been refreshed yet (503)',
    });
  });

  it('posts a what-if with only the loss it names', async () => {
    let body: unknown;
    server.use(
      http.post(`${baseUrl}/what-if`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(euWestPlan());
      }),
    );
    const plan = await client().planWhatIf({ regions: ['eu-west'] });
    expect(body).toEqual({ regions: ['eu-west'] });
    expect(plan.summary.atRisk).toBe(2);
  });

  it('reads a service’s detection decisions by entity ref and limit', async () => {
    let seen: URL | undefined;
    server.use(
      http.get(`${baseUrl}/detection/decisions`, ({ request }) => {
        seen = new URL(request.url);
        return HttpResponse.json({ items: [checkoutDecision()] });
      }),
    );
    const { items } = await client().listDetectionDecisions({
      entityRef: 'component:default/checkout',
      limit: 20,
    });
    expect(seen?.searchParams.get('entityRef')).toBe(
      'component:default/checkout',
    );
    expect(seen?.searchParams.get('limit')).toBe('20');
    expect(seen?.searchParams.has('cluster')).toBe(false);
    expect(items[0].evidence[0].source).toBe('karmada');
  });

  it('starts, pauses and fails back a region failover at their routes', async () => {
    const posted: Array<{ path: string; body: unknown }> = [];
    const record = async ({ request }: { request: Request }) => {
      posted.push({
        path: new URL(request.url).pathname,
        body: await request.json(),
      });
    };
    server.use(
      http.post(`${baseUrl}/region-failovers`, async input => {
        await record(input);
        return HttpResponse.json({ storm: euWestStorm() }, { status: 202 });
      }),
      http.post(`${baseUrl}/region-failovers/:id/pause`, async input => {
        await record(input);
        return HttpResponse.json(euWestStorm({ status: 'paused' }));
      }),
      http.post(`${baseUrl}/failbacks`, async input => {
        await record(input);
        return HttpResponse.json(
          { storm: euWestStorm({ id: 'storm-2', kind: 'failback' }) },
          { status: 202 },
        );
      }),
    );
    const api = client();
    const started = await api.startRegionFailover({
      regions: ['eu-west'],
      reason: 'eu-west is down',
      idempotencyKey: 'key-1',
    });
    const paused = await api.pauseRegionFailover('storm-1');
    const failback = await api.startFailback({
      stormId: 'storm-1',
      reason: 'eu-west is back',
    });
    expect(started.storm.id).toBe('storm-1');
    expect(paused.status).toBe('paused');
    expect(failback.storm.kind).toBe('failback');
    expect(posted).toEqual([
      {
        path: '/api/multi-cluster/region-failovers',
        body: {
          regions: ['eu-west'],
          reason: 'eu-west is down',
          idempotencyKey: 'key-1',
        },
      },
      { path: '/api/multi-cluster/region-failovers/storm-1/pause', body: {} },
      {
        path: '/api/multi-cluster/failbacks',
        body: { stormId: 'storm-1', reason: 'eu-west is back' },
      },
    ]);
  });
});
