import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { ConfigReader } from '@backstage/config';
import { mockServices } from '@backstage/backend-test-utils';
import {
  trafficServes,
  type TrafficProvider,
} from '@flotilla/plugin-multi-cluster-node';
import { StepError } from '../../../failover/steps/types';
import { cloudflareTrafficProviderFactory } from './provider';

const ZONE = '023e105f4ecef8ad9ca31a8372d0c353';
const LB = '699d98642c564d2e855e9661899b7252';
const RECORD = `${ZONE}/${LB}`;
const EU = '17b5962d775c646f3f9725cbc7a53df4';
const US = '9290f38c5d07c2e2f4df57b1f61d4196';
const AP = '00920f38ce07c2e2f4df50b1f61d4194';
const TOKEN = 'cf-test-token-0123456789';

interface Seen {
  method: string;
  body?: Record<string, unknown>;
}

/**
 * One load balancer answering as Cloudflare's v4 API does: the
 * `{success, errors, messages, result}` envelope, PATCH merging members,
 * PUT replacing the writable ones, `modified_on` moving on each write.
 */
let lb: Record<string, any>;
let seen: Seen[] = [];
let writes = 0;
let failNext: { status: number; code: number; message: string } | undefined;

const envelope = (result: unknown, status = 200) =>
  HttpResponse.json(
    { success: status < 400, errors: [], messages: [], result },
    { status },
  );

const server = setupServer(
  http.all(
    `https://api.cloudflare.com/client/v4/zones/${ZONE}/load_balancers/:id`,
    async ({ request, params }) => {
      if (request.headers.get('authorization') !== `Bearer ${TOKEN}`) {
        return HttpResponse.json(
          {
            success: false,
            errors: [{ code: 10000, message: 'Authentication error' }],
            messages: [],
            result: null,
          },
          { status: 403 },
        );
      }
      const body =
        request.method === 'GET'
          ? undefined
          : ((await request.json()) as Record<string, unknown>);
      seen.push({ method: request.method, body });
      const fail = failNext;
      failNext = undefined;
      if (fail) {
        return HttpResponse.json(
          {
            success: false,
            errors: [{ code: fail.code, message: fail.message }],
            messages: [],
            result: null,
          },
          { status: fail.status },
        );
      }
      if (params.id !== LB) {
        return HttpResponse.json(
          {
            success: false,
            errors: [{ code: 1002, message: 'load balancer not found' }],
            messages: [],
            result: null,
          },
          { status: 404 },
        );
      }
      const stamp = {
        id: lb.id,
        created_on: lb.created_on,
        zone_name: lb.zone_name,
        modified_on: `2026-12-06T10:00:0${++writes}Z`,
      };
      if (request.method === 'PATCH') lb = { ...lb, ...body, ...stamp };
      if (request.method === 'PUT') lb = { ...body, ...stamp };
      return envelope(lb);
    },
  ),
);
afterAll(() => server.close());
beforeEach(() => {
  seen = [];
  lb = {
    id: LB,
    created_on: '2026-01-01T00:00:00Z',
    modified_on: '2026-01-01T00:00:00Z',
    zone_name: 'example.com',
    name: 'api.example.com',
    description: 'api, failover by pool order',
    enabled: true,
    proxied: true,
    ttl: 30,
    steering_policy: 'off',
    default_pools: [EU, US],
    fallback_pool: EU,
    region_pools: { WEU: [EU], ENAM: [US, EU] },
    session_affinity: 'none',
  };
});

const signal = new AbortController().signal;
const provider = (token = TOKEN) =>
  cloudflareTrafficProviderFactory({
    config: new ConfigReader({
      name: 'edge',
      type: 'cloudflare',
      apiToken: token,
      pools: { 'eu-west': EU, 'us-east': US, 'ap-south': AP },
    }),
    logger: mockServices.logger.mock(),
    clients: {} as never,
  });
// The SDK takes `fetch` when it is built: build it once msw patched it.
let cf: TrafficProvider;
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  cf = provider();
});
const shift = (p?: TrafficProvider) =>
  (p ?? cf).shift({
    runId: 'r1',
    entityRef: 'component:default/api',
    record: RECORD,
    from: 'eu-west',
    to: ['us-east'],
    signal,
  });

describe('cloudflare', () => {
  it('puts to first, drops from everywhere, and PUTs back what it read', async () => {
    const before = await cf.read({ record: RECORD, signal });
    expect(before.endpoints).toEqual([
      { cluster: 'eu-west', target: EU, role: 'primary', enabled: true },
      { cluster: 'us-east', target: US, role: 'secondary', enabled: true },
      { cluster: 'ap-south', target: AP, enabled: false },
    ]);

    seen = [];
    const after = await shift();
    expect(seen[1]).toEqual({
      method: 'PATCH',
      body: {
        default_pools: [US],
        fallback_pool: US,
        region_pools: { WEU: [US], ENAM: [US] },
      },
    });
    expect(trafficServes(after, { from: 'eu-west', to: ['us-east'] })).toEqual({
      ok: true,
    });

    seen = [];
    expect(await shift()).toEqual(after);
    expect(seen.map(s => s.method)).toEqual(['GET']);

    seen = [];
    const restored = await cf.restore({
      record: RECORD,
      state: before,
      signal,
    });
    const { id, created_on, modified_on, zone_name, ...writable } =
      before.raw as Record<string, unknown>;
    expect(seen[1]).toEqual({ method: 'PUT', body: writable });
    expect(restored.endpoints).toEqual(before.endpoints);
    expect({ ...lb, modified_on }).toEqual(before.raw);
  });

  it.each([
    [429, 971, 'Please wait and consider throttling your request speed', true],
    [403, 9109, 'Unauthorized to access requested resource', false],
    [400, 1004, 'Fallback pool must be in default pools', false],
    [500, 1000, 'Internal error', true],
  ])(
    'HTTP %i (%i) is a short StepError',
    async (status, code, message, retryable) => {
      failNext = { status, code, message };
      const error = await shift().catch(e => e);
      expect(error).toBeInstanceOf(StepError);
      expect(error.message).toBe(
        `cloudflare: HTTP ${status}: ${message} (${code})`,
      );
      expect(error.retryable).toBe(retryable);
    },
  );

  it('sends the configured token only', async () => {
    await expect(shift(provider('wrong'))).rejects.toMatchObject({
      message: 'cloudflare: HTTP 403: Authentication error (10000)',
      retryable: false,
    });
  });

  it('refuses a malformed record and a state of another load balancer', async () => {
    await expect(
      cf.read({ record: `${ZONE}/../../accounts`, signal }),
    ).rejects.toMatchObject({ retryable: false });
    const before = await cf.read({ record: RECORD, signal });
    const other = { ...before, raw: { ...(before.raw as object), id: AP } };
    await expect(
      cf.restore({ record: RECORD, state: other, signal }),
    ).rejects.toThrow(
      "cloudflare: the saved state is not edge's state of this load balancer",
    );
  });
});
