import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type {
  ClusterProfile,
  WhatIfServiceInput,
} from '@flotilla/plugin-multi-cluster-common';
import type express from 'express';
import request from 'supertest';
import { ClusterPermissions } from '../permissions/ClusterPermissions';
import { createErrorResponder } from '../service/errorResponder';
import { createRouter } from '../service/router';
import { createWhatIfRouter } from './router';
import { WhatIfReadService } from './WhatIfReadService';
import { WhatIfService } from './WhatIfService';
import { startRouterBackend } from '../__testUtils__/startRouterBackend';

const USER = mockCredentials.user.header('user:default/alice');
const PATH = '/api/multi-cluster/what-if';

function member(name: string, region: string, usedCpu: string): ClusterProfile {
  return {
    name,
    region,
    provider: 'aws',
    health: 'healthy',
    resourceSummary: {
      allocatable: { cpu: '8', memory: '32Gi', pods: '110' },
      allocated: { cpu: usedCpu, memory: '0', pods: '0' },
    },
  };
}

// eu-1 is lost with eu-west; us-1 has 8 - 4 = 4 cores free.
const fleet = [member('eu-1', 'eu-west', '2'), member('us-1', 'us-east', '4')];
const services: WhatIfServiceInput[] = [
  {
    spec: {
      entityRef: 'component:default/checkout',
      strategy: 'active-active',
      tier: 0,
      resourceRequest: { cpu: '1' },
    },
    placement: [{ name: 'eu-1', replicas: 2 }],
  },
  {
    spec: { entityRef: 'component:default/search', strategy: 'active-active' },
    placement: [{ name: 'us-1', replicas: 1 }],
  },
];

async function start(allow: boolean) {
  const reader = { read: jest.fn(async () => ({ fleet, services })) };
  const permissions = mockServices.permissions.mock({
    authorize: async requests =>
      requests.map(() => ({
        result: allow ? AuthorizeResult.ALLOW : AuthorizeResult.DENY,
      })),
  });
  const events: { eventId: string; outcome?: string }[] = [];
  const auditor = {
    createEvent: jest.fn(async ({ eventId }: { eventId: string }) => {
      const event: { eventId: string; outcome?: string } = { eventId };
      events.push(event);
      return {
        success: async () => {
          event.outcome = 'success';
        },
        fail: async () => {
          event.outcome = 'fail';
        },
      };
    }),
  };
  const whatIf = new WhatIfReadService({
    permissions: new ClusterPermissions(
      permissions,
      mockServices.permissionsRegistry.mock(),
    ),
    whatIf: new WhatIfService({ reader }),
    auditor,
  });
  const { server } = await startRouterBackend(({ httpAuth, logger }) => [
    createRouter([createWhatIfRouter({ httpAuth, whatIf })]),
    createErrorResponder({ logger }) as unknown as express.Handler,
  ]);
  return { server, reader, events };
}

type Started = Awaited<ReturnType<typeof start>>;

describe('POST /what-if', () => {
  // One backend that allows the plan and one that denies it, for every test.
  let allowing: Started;
  let denying: Started;
  beforeAll(async () => {
    [allowing, denying] = await Promise.all([start(true), start(false)]);
  });
  beforeEach(() => {
    for (const started of [allowing, denying]) {
      started.reader.read.mockClear();
      started.events.length = 0;
    }
  });
  it('answers the plan of a region loss', async () => {
    const { server, events } = allowing;
    const res = await request(server)
      .post(PATH)
      .set('Authorization', USER)
      .send({ regions: ['eu-west'] });
    expect(res.status).toBe(200);
    // checkout's 2 x 1 core move to us-1 (4 free); search runs on us-1 only.
    expect(res.body.lostClusters).toEqual(['eu-1']);
    expect(res.body.services).toMatchObject([
      {
        entityRef: 'component:default/checkout',
        priority: 1,
        outcome: 'moved',
        placementAfter: [{ name: 'us-1', replicas: 2 }],
      },
      { entityRef: 'component:default/search', outcome: 'unaffected' },
    ]);
    expect(res.body.summary).toEqual({
      services: 2,
      affected: 1,
      moved: 1,
      partial: 0,
      unplaceable: 0,
      atRisk: 0,
    });
    expect(events).toEqual([{ eventId: 'what-if-plan', outcome: 'success' }]);
  });

  it('plans only the named services', async () => {
    const { server } = allowing;
    const res = await request(server)
      .post(PATH)
      .set('Authorization', USER)
      .send({ clusters: ['eu-1'], entityRefs: ['search'] });
    expect(res.status).toBe(200);
    // `search` is read as component:default/search.
    expect(res.body.services.map((s: any) => s.entityRef)).toEqual([
      'component:default/search',
    ]);
  });

  it.each([
    ['an unknown key', { regions: ['eu-west'], force: true }],
    [
      '501 regions',
      { regions: Array.from({ length: 501 }, (_, i) => `r${i}`) },
    ],
    ['a path as a cluster name', { clusters: ['../../etc/passwd'] }],
    ['a name of 254 characters', { providers: ['p'.repeat(254)] }],
    ['a number as a region', { regions: [42] }],
    [
      '5,001 entity refs',
      { regions: ['eu-west'], entityRefs: Array(5_001).fill('a') },
    ],
    [
      'a script as an entity ref',
      { regions: ['eu-west'], entityRefs: ['<script>'] },
    ],
  ])('refuses %s with 400, reading nothing', async (_label, body) => {
    const { server, reader } = allowing;
    const res = await request(server)
      .post(PATH)
      .set('Authorization', USER)
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.name).toBe('InputError');
    expect(res.text.length).toBeLessThan(2_000);
    expect(reader.read).not.toHaveBeenCalled();
  });

  it.each([[{}], [{ regions: [] }], [{ entityRefs: ['checkout'] }]])(
    'refuses a loss of nothing (%j) with 400',
    async body => {
      const { server, reader } = allowing;
      const res = await request(server)
        .post(PATH)
        .set('Authorization', USER)
        .send(body);
      expect([res.status, res.body.error.message]).toEqual([
        400,
        'Invalid request body: name at least one cluster, region or provider to lose',
      ]);
      expect(reader.read).not.toHaveBeenCalled();
    },
  );

  it.each([
    [{ regions: ['mars'] }, "no cluster of the fleet is in region 'mars'"],
    [{ clusters: ['eu-9'] }, "cluster 'eu-9' is not in the fleet"],
    [
      { regions: ['eu-west'], entityRefs: ['component:default/blog'] },
      'not DR-declared services (no readable flotilla.io/dr-strategy): component:default/blog',
    ],
  ])('refuses %j with 422: %s', async (body, message) => {
    const { server } = allowing;
    const res = await request(server)
      .post(PATH)
      .set('Authorization', USER)
      .send(body);
    expect([res.status, res.body.error]).toEqual([
      422,
      { name: 'WhatIfRefusedError', message },
    ]);
  });

  it('refuses a body over 2 MB with 413', async () => {
    const { server } = allowing;
    const res = await request(server)
      .post(PATH)
      .set('Authorization', USER)
      .set('Content-Type', 'application/json')
      .send(`{"regions":["${'r'.repeat(2_200_000)}"]}`);
    expect(res.status).toBe(413);
  });

  it('answers 403 without multi-cluster.fleet.plan, and audits the refusal', async () => {
    const { server, reader, events } = denying;
    const res = await request(server)
      .post(PATH)
      .set('Authorization', USER)
      .send({ regions: ['eu-west'] });
    expect([res.status, res.body.error.message]).toEqual([
      403,
      "Permission 'multi-cluster.fleet.plan' denied",
    ]);
    expect(reader.read).not.toHaveBeenCalled();
    expect(events).toEqual([{ eventId: 'what-if-plan', outcome: 'fail' }]);
  });

  it('answers 401 without credentials', async () => {
    const { server } = allowing;
    const res = await request(server)
      .post(PATH)
      .set('Authorization', mockCredentials.none.header())
      .send({ regions: ['eu-west'] });
    expect(res.status).toBe(401);
  });
});
