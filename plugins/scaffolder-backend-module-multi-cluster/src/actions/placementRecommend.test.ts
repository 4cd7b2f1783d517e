import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import { createMockActionContext } from '@backstage/plugin-scaffolder-node-test-utils';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { InputError, NotAllowedError } from '@backstage/errors';
import {
  recommendPlacement,
  type ClusterProfile,
} from '@flotilla/plugin-multi-cluster-common';
import { createPlacementRecommendAction } from './placementRecommend';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const fleet: ClusterProfile[] = [
  ['eu-1', 'eu-west', 'eu'],
  ['eu-2', 'eu-west', 'eu'],
  ['us-1', 'us-east', 'us'],
].map(([name, region, jurisdiction]) => ({
  name,
  region,
  jurisdiction,
  health: 'healthy',
  resourceSummary: { allocatable: { cpu: '16', memory: '64Gi', pods: '110' } },
}));

const url = 'http://localhost:0/api/multi-cluster/placement/recommend';
const optionsUrl = 'http://localhost:0/api/multi-cluster/placement/options';

/** What GET /placement/options answers for `fleet`. */
const fleetOptions = {
  regions: [
    {
      name: 'eu-west',
      providers: [],
      clusters: ['eu-1', 'eu-2'],
      jurisdictions: ['eu'],
    },
    {
      name: 'us-east',
      providers: [],
      clusters: ['us-1'],
      jurisdictions: ['us'],
    },
  ],
  clusters: fleet.map(c => ({
    name: c.name,
    region: c.region,
    jurisdiction: c.jurisdiction,
    compliance: [],
  })),
  userRegions: [],
  jurisdictions: ['eu', 'us'],
  compliance: [],
  environments: [],
  gpuModels: [],
};

/** The backend: advice on `fleet`, the requests it was sent kept in `bodies`. */
function liveFleet(bodies: unknown[] = []) {
  server.use(
    http.get(optionsUrl, () => HttpResponse.json(fleetOptions)),
    http.post(url, async ({ request }) => {
      const body = (await request.json()) as { replicas: number };
      bodies.push(body);
      return HttpResponse.json(recommendPlacement(body, fleet));
    }),
  );
  return bodies;
}

function outputsOf(ctx: ReturnType<typeof context>) {
  return Object.fromEntries(
    (ctx.output as jest.Mock).mock.calls.map(([k, v]) => [k, v]),
  );
}

function action() {
  return createPlacementRecommendAction({
    auth: mockServices.auth(),
    discovery: mockServices.discovery(),
  });
}

function context(input: Record<string, unknown>) {
  // The action's handler is typed by its schema; tests also feed blank values.
  const ctx = createMockActionContext<any>({ input });
  // The task was started by the guest; the action must act as that user.
  ctx.getInitiatorCredentials = async () =>
    mockCredentials.user('user:default/guest');
  return ctx;
}

describe('multicluster:placement:recommend', () => {
  it('asks the backend as the task’s user and outputs the best placement', async () => {
    let authorization: string | null = null;
    let body: unknown;
    server.use(
      http.post(url, async ({ request }) => {
        authorization = request.headers.get('authorization');
        body = await request.json();
        // The backend answers with recommendPlacement on its live fleet.
        return HttpResponse.json(
          recommendPlacement(body as { replicas: number }, fleet),
        );
      }),
    );
    const ctx = context({
      replicas: 4,
      allowedJurisdictions: ['eu'],
      resourceRequest: { cpu: '1' },
      minRegions: null,
    });
    await action().handler(ctx);

    expect(authorization).toBe(
      `Bearer ${mockCredentials.service.token({
        onBehalfOf: mockCredentials.user('user:default/guest'),
        targetPluginId: 'multi-cluster',
      })}`,
    );
    // Blank form fields are not sent.
    expect(body).toEqual({
      replicas: 4,
      allowedJurisdictions: ['eu'],
      resourceRequest: { cpu: '1' },
    });
    const outputs = Object.fromEntries(
      (ctx.output as jest.Mock).mock.calls.map(([k, v]) => [k, v]),
    );
    expect(outputs.clusters.every((c: string) => c.startsWith('eu-'))).toBe(
      true,
    );
    expect(outputs.placement.clusterAffinity.clusterNames).toEqual(
      outputs.clusters,
    );
    expect(
      outputs.split.reduce(
        (s: number, t: { replicas: number }) => s + t.replicas,
        0,
      ),
    ).toBe(4);
    expect(outputs.explanation).toContain(
      'us-1: jurisdiction us is not allowed (allowed: eu)',
    );
  });

  it.each([
    ['auto', undefined, ['eu-1', 'eu-2', 'us-1']],
    ['region:us-east', ['eu-1', 'eu-2'], ['us-1']],
    ['cluster:eu-2', ['eu-1', 'us-1'], ['eu-2']],
  ])(
    'restricts the advice to the picker’s %s',
    async (target, excluded, allowed) => {
      const bodies = liveFleet();
      const ctx = context({ replicas: 2, target });
      await action().handler(ctx);
      expect(bodies).toEqual([
        excluded ? { replicas: 2, excludeClusters: excluded } : { replicas: 2 },
      ]);
      const outputs = outputsOf(ctx);
      expect(outputs.clusters.length).toBeGreaterThan(0);
      expect(allowed).toEqual(expect.arrayContaining(outputs.clusters));
      // Ready for multicluster:karmada:policy: the placement names the split's clusters.
      expect(outputs.placement.clusterAffinity.clusterNames).toEqual(
        outputs.clusters,
      );
      expect(outputs.split.map((t: { name: string }) => t.name)).toEqual(
        outputs.clusters,
      );
    },
  );

  it.each([
    ['region:ap-south', "region 'ap-south' is not on the fleet"],
    ['cluster:eu-9', "cluster 'eu-9' is not on the fleet"],
    ['zone:a', 'use auto, region:<name> or cluster:<name>'],
  ])('refuses the target %s, naming it', async (target, message) => {
    const bodies = liveFleet();
    const failure = await action()
      .handler(context({ replicas: 2, target }))
      .catch(error => error as Error);
    expect(failure).toBeInstanceOf(InputError);
    expect((failure as Error).message).toContain(message);
    expect(bodies).toEqual([]);
  });

  it('says why the picked cluster cannot take the workload', async () => {
    liveFleet();
    await expect(
      action().handler(
        context({
          replicas: 2,
          target: 'cluster:us-1',
          allowedJurisdictions: ['eu'],
        }),
      ),
    ).rejects.toThrow(/us-1: jurisdiction us is not allowed \(allowed: eu\)/);
  });

  it('forwards the new service’s dependencies for the backend to resolve', async () => {
    let body: any;
    server.use(
      http.post(url, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(recommendPlacement(body, fleet));
      }),
    );
    await action().handler(
      context({ replicas: 2, dependsOn: ['component:default/ledger'] }),
    );
    expect(body).toEqual({
      replicas: 2,
      dependsOn: ['component:default/ledger'],
    });
  });

  it('fails with the reasons when nothing fits', async () => {
    server.use(
      http.post(url, async ({ request }) =>
        HttpResponse.json(
          recommendPlacement(
            (await request.json()) as { replicas: number },
            fleet,
          ),
        ),
      ),
    );
    await expect(
      action().handler(context({ replicas: 2, allowedJurisdictions: ['jp'] })),
    ).rejects.toThrow(
      /^no placement satisfies the requirements: .*eu-1: jurisdiction eu is not allowed \(allowed: jp\)/,
    );
  });

  it('reports the backend’s refusal', async () => {
    server.use(
      http.post(url, () =>
        HttpResponse.json(
          {
            error: {
              name: 'NotAllowedError',
              message: 'multi-cluster.placement.read denied',
            },
            response: { statusCode: 403 },
          },
          { status: 403 },
        ),
      ),
    );
    await expect(action().handler(context({ replicas: 2 }))).rejects.toThrow(
      new NotAllowedError(
        'placement advice failed: multi-cluster.placement.read denied',
      ),
    );
  });

  it.each([
    [400, 'InputError'],
    [404, 'NotFoundError'],
    [422, 'InputError'],
    [503, 'Error'],
  ])(
    'keeps a %i from the backend the same kind of error',
    async (status, name) => {
      server.use(
        http.post(url, () =>
          HttpResponse.json(
            {
              error: { name: 'X', message: 'refused' },
              response: { statusCode: status },
            },
            { status },
          ),
        ),
      );
      const failure = await action()
        .handler(context({ replicas: 2 }))
        .catch(error => error as Error);
      expect(failure).toMatchObject({
        name,
        message: 'placement advice failed: refused',
      });
    },
  );

  it.each([
    ['replicas over the route’s bound', { replicas: 200_000 }],
    [
      '1,001 jurisdictions',
      { replicas: 2, allowedJurisdictions: Array(1_001).fill('eu') },
    ],
    ['a field the route does not take', { replicas: 2, placement: {} }],
  ])(
    'refuses %s with the route’s schema, before asking the backend',
    async (_, input) => {
      // No handler: msw fails any request the action would make.
      const failure = await action()
        .handler(context(input))
        .catch(error => error as Error);
      expect(failure).toBeInstanceOf(InputError);
      expect((failure as Error).message).toMatch(
        /^Invalid placement requirements: /,
      );
    },
  );
});
