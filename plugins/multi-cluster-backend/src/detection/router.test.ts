import {
  mockCredentials,
  mockServices,
  TestDatabases,
} from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type express from 'express';
import request from 'supertest';
import { createErrorResponder } from '../service/errorResponder';
import {
  at,
  createDetection,
  FakeInventory,
  REFUSED,
  service,
} from './__testUtils__/detectionHarness';
import { createDetectionRouter } from './router';
import { startRouterBackend } from '../__testUtils__/startRouterBackend';

jest.setTimeout(60_000);

const databases = TestDatabases.create({ ids: ['SQLITE_3'] });
const ALICE = 'user:default/alice';
const MALLORY = 'user:default/mallory';
const api = (path: string) => `/api/multi-cluster${path}`;

/** Alice reads everything; Mallory reads us-east only and no service. */
async function setup() {
  const knex = await databases.init('SQLITE_3');
  const inventory = new FakeInventory(['eu-west', 'us-east']);
  const principal = (credentials: unknown) =>
    (credentials as { principal?: { userEntityRef?: string } })?.principal
      ?.userEntityRef;
  const permissions = mockServices.permissions.mock({
    authorize: async (requests, options) =>
      requests.map(() => ({
        result:
          principal(options?.credentials) === MALLORY
            ? AuthorizeResult.DENY
            : AuthorizeResult.ALLOW,
      })),
  });
  const detection = await createDetection(knex, {
    inventory,
    services: () => [service('checkout'), service('storefront')],
    permissions,
    readable: credentials =>
      principal(credentials) === MALLORY ? ['us-east'] : undefined,
  });
  inventory.set('eu-west', REFUSED);
  for (let s = 0; s <= 300; s += 30) await detection.service.tick(at(s));
  const { server } = await startRouterBackend(({ httpAuth, logger }) => [
    createDetectionRouter({ httpAuth, reads: detection.reads }),
    createErrorResponder({ logger }) as unknown as express.Handler,
  ]);
  return server;
}

describe('detection routes', () => {
  it("lists detection's view of the clusters the caller may read", async () => {
    const server = await setup();
    const res = await request(server)
      .get(api('/detection/clusters'))
      .set('Authorization', mockCredentials.user.header(ALICE));
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      {
        cluster: 'eu-west',
        region: 'eu-west-1',
        state: 'failing',
        since: at(0).toISOString(),
        evidence: [
          {
            source: 'probe',
            status: 'unhealthy',
            reason: 'connection refused',
          },
        ],
      },
      {
        cluster: 'us-east',
        region: 'us-east-1',
        state: 'healthy',
        since: at(0).toISOString(),
        evidence: [{ source: 'probe', status: 'healthy', reason: 'ok' }],
      },
    ]);
    const mallory = await request(server)
      .get(api('/detection/clusters'))
      .set('Authorization', mockCredentials.user.header(MALLORY));
    expect(
      mallory.body.items.map((c: { cluster: string }) => c.cluster),
    ).toEqual(['us-east']);
  });

  it('lists decisions newest first, by service and by cluster', async () => {
    const server = await setup();
    const all = await request(server)
      .get(api('/detection/decisions'))
      .set('Authorization', mockCredentials.user.header(ALICE));
    expect(all.status).toBe(200);
    expect(
      all.body.items.map((d: { entityRef: string; kind: string }) => [
        d.entityRef,
        d.kind,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['component:default/checkout', 'would-fail-over'],
        ['component:default/storefront', 'would-fail-over'],
      ]),
    );
    const one = await request(server)
      .get(
        api(
          '/detection/decisions?entityRef=component:default/checkout&cluster=eu-west&limit=1',
        ),
      )
      .set('Authorization', mockCredentials.user.header(ALICE));
    expect(one.body.items).toEqual([
      expect.objectContaining({
        entityRef: 'component:default/checkout',
        clusters: ['eu-west'],
        kind: 'would-fail-over',
        policy: 'manual',
      }),
    ]);
    const elsewhere = await request(server)
      .get(api('/detection/decisions?cluster=us-east'))
      .set('Authorization', mockCredentials.user.header(ALICE));
    expect(elsewhere.body.items).toEqual([]);
  });

  it('hides decisions the caller may not read and refuses a service it may not read', async () => {
    const server = await setup();
    const list = await request(server)
      .get(api('/detection/decisions'))
      .set('Authorization', mockCredentials.user.header(MALLORY));
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([]);
    const one = await request(server)
      .get(api('/detection/decisions?entityRef=component:default/checkout'))
      .set('Authorization', mockCredentials.user.header(MALLORY));
    expect(one.status).toBe(403);
    expect(one.body.error.message).toBe(
      "Permission 'multi-cluster.failover.read' denied for component:default/checkout",
    );
  });

  it('refuses unknown or out-of-bounds query parameters with 400, and no credentials with 401', async () => {
    const server = await setup();
    const auth = mockCredentials.user.header(ALICE);
    for (const path of [
      '/detection/decisions?limit=501',
      '/detection/decisions?limit=0',
      `/detection/decisions?entityRef=${'x'.repeat(2000)}`,
      '/detection/decisions?extra=1',
      '/detection/clusters?cluster=eu-west',
    ]) {
      const res = await request(server)
        .get(api(path))
        .set('Authorization', auth);
      expect([path, res.status]).toEqual([path, 400]);
    }
    const anonymous = await request(server)
      .get(api('/detection/decisions'))
      .set('Authorization', mockCredentials.none.header());
    expect(anonymous.status).toBe(401);
  });
});
