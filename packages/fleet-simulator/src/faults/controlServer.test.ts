import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FleetClusterDescription } from '../fleet';
import { ControlServer, startControlServer } from './controlServer';
import { OutageController } from './outage';
import { clearFaults, getFaults, setFaults } from './state';

const missing = path.join(
  os.tmpdir(),
  `fault-control-test-${process.pid}-missing`,
);

function fakeMember(name: string): FleetClusterDescription {
  return {
    name,
    kind: 'member',
    role: 'member',
    url: 'https://127.0.0.1:1',
    publicUrl: 'https://127.0.0.1:2',
    port: 1,
    proxyPort: 2,
    pkiDir: path.join(missing, 'pki'),
    tokens: { admin: 'x' },
    // No such pid file: its API server counts as stopped.
    pidFile: path.join(missing, 'pids', `${name}.pid`),
    command: {
      binary: path.join(missing, 'kube-apiserver'),
      args: [],
      log: path.join(os.tmpdir(), `fault-control-test-${process.pid}.log`),
    },
  };
}

describe('fault control API', () => {
  let server: ControlServer;
  /** `body` is sent as JSON, or as is when it is a string (to send broken JSON). */
  const call = async (method: string, route: string, body?: unknown) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const response = await fetch(`http://127.0.0.1:${server.port}${route}`, {
      method,
      body: body === undefined ? undefined : text,
    });
    expect(response.headers.get('content-type')).toBe('application/json');
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    server = await startControlServer({
      port: 0,
      members: [fakeMember('eu-1'), fakeMember('ap-1')],
      outages: new OutageController(),
      proxyStats: cluster =>
        cluster === 'eu-1'
          ? {
              forwarded: 3,
              failed: 1,
              reset: 0,
              delaying: 0,
              openConnections: 2,
            }
          : undefined,
    });
  });
  afterAll(async () => {
    await server.stop();
    fs.rmSync(fakeMember('any').command.log, { force: true });
  });
  afterEach(() => {
    clearFaults();
    setFaults('eu-1', { outage: false });
  });

  it('answers /healthz and lists every member with its faults and proxy', async () => {
    expect(await call('GET', '/healthz')).toEqual({
      status: 200,
      body: { ok: true },
    });
    setFaults('ap-1', { latencyMs: 250 });
    const { status, body } = await call('GET', '/faults');
    expect(status).toBe(200);
    expect(body.clusters.map((c: { name: string }) => c.name)).toEqual([
      'eu-1',
      'ap-1',
    ]);
    expect(body.clusters[0]).toMatchObject({
      faults: { down: false, latencyMs: 0 },
      apiServer: { running: false },
      proxy: { forwarded: 3, failed: 1 },
    });
    expect(body.clusters[1].faults.latencyMs).toBe(250);
    expect(body.clusters[1]).not.toHaveProperty('proxy');
  });

  it('merges a valid patch into the registry; null removes a fault', async () => {
    const set = await call('PUT', '/faults/eu-1', {
      failWith: 409,
      failMethods: ['PATCH', 'PUT'],
      failPathPrefix: '/apis/apps',
      latencyMs: 60000,
      down: false,
      notReady: true,
    });
    expect(set.status).toBe(200);
    expect(getFaults('eu-1')).toMatchObject({
      failWith: 409,
      failMethods: ['PATCH', 'PUT'],
      failPathPrefix: '/apis/apps',
      latencyMs: 60000,
      notReady: true,
    });
    expect(set.body.faults).toEqual(getFaults('eu-1'));

    await call('PUT', '/faults/eu-1', { failWith: null, failMethods: null });
    expect(getFaults('eu-1')).not.toHaveProperty('failWith');
    expect(getFaults('eu-1')).not.toHaveProperty('failMethods');
    expect(getFaults('eu-1').failPathPrefix).toBe('/apis/apps');
  });

  it.each([
    [{ latency: 5 }, /unknown key "latency"/],
    [{ latencyMs: 60001 }, /latencyMs must be an integer from 0 to 60000/],
    [{ latencyMs: -1 }, /latencyMs/],
    [{ latencyMs: 1.5 }, /latencyMs/],
    [{ latencyMs: '100' }, /latencyMs/],
    [{ failWith: 418 }, /failWith must be one of 401, 409, 500, 503 or null/],
    [{ failWith: '409' }, /failWith/],
    [{ probeFailWith: 409 }, /probeFailWith must be one of 500, 503 or null/],
    [{ failMethods: ['patch'] }, /failMethods/],
    [{ failMethods: [] }, /failMethods/],
    [{ failPathPrefix: 'apis' }, /failPathPrefix/],
    [{ down: 'yes' }, /down must be true or false/],
    [{ outage: true }, /outage is not settable/],
    [[], /the body must be a JSON object/],
    ['{not json', /not valid JSON/],
  ])('refuses %j with 400 and changes nothing', async (patch, message) => {
    const { status, body } = await call('PUT', '/faults/eu-1', patch);
    expect(status).toBe(400);
    expect([body.error, ...(body.details ?? [])].join('\n')).toMatch(message);
    expect(getFaults('eu-1')).toEqual({
      down: false,
      latencyMs: 0,
      notReady: false,
      outage: false,
    });
  });

  it("answers a service's health endpoint per member, failing as the fault says", async () => {
    const health = '/health/eu-1/payments-ledger';
    expect(await call('GET', health)).toEqual({
      status: 200,
      body: { status: 'ok' },
    });
    await call('PUT', '/faults/eu-1', { probeFailWith: 503 });
    expect(await call('GET', health)).toMatchObject({
      status: 503,
      body: { status: 'failing', cluster: 'eu-1' },
    });
    // Only that member's endpoints fail.
    expect((await call('GET', '/health/ap-1/payments-ledger')).status).toBe(
      200,
    );
    await call('DELETE', '/faults/eu-1');
    expect((await call('GET', health)).status).toBe(200);
    expect((await call('GET', '/health/nowhere/x')).status).toBe(404);
    expect((await call('GET', '/health/eu-1/Not_A_Label')).status).toBe(400);
    expect((await call('PUT', health, {})).status).toBe(405);
  });

  it('refuses a patch with one bad key among good ones, as a whole', async () => {
    const { status, body } = await call('PUT', '/faults/eu-1', {
      down: true,
      failWith: 404,
    });
    expect(status).toBe(400);
    expect(body.details).toHaveLength(1);
    expect(getFaults('eu-1').down).toBe(false);
  });

  it.each([
    ['PUT', '/faults/nowhere-1', { down: true }],
    ['GET', '/faults/nowhere-1', undefined],
    ['DELETE', '/faults/nowhere-1', undefined],
    ['POST', '/clusters/nowhere-1/outage', undefined],
    ['POST', '/clusters/nowhere-1/restore', undefined],
  ])(
    'answers %s %s for an unknown cluster with 404',
    async (method, route, body) => {
      const answer = await call(method, route, body);
      expect(answer.status).toBe(404);
      expect(answer.body.error).toMatch(
        /unknown cluster "nowhere-1" \(members: eu-1, ap-1\)/,
      );
    },
  );

  it('answers unknown routes with 404 and wrong methods with 405', async () => {
    expect((await call('GET', '/nothing')).status).toBe(404);
    expect((await call('POST', '/clusters/eu-1/explode')).status).toBe(404);
    expect((await call('POST', '/faults')).status).toBe(405);
    expect((await call('GET', '/clusters/eu-1/outage')).status).toBe(405);
  });

  it('clears one member or every member', async () => {
    setFaults('eu-1', { down: true });
    setFaults('ap-1', { latencyMs: 10 });
    await call('DELETE', '/faults/eu-1');
    expect(getFaults('eu-1').down).toBe(false);
    expect(getFaults('ap-1').latencyMs).toBe(10);
    const all = await call('DELETE', '/faults');
    expect(all.status).toBe(200);
    expect(getFaults('ap-1').latencyMs).toBe(0);
  });

  it('records an outage of a member whose API server is already stopped', async () => {
    const { status, body } = await call('POST', '/clusters/eu-1/outage');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: 'eu-1',
      faults: { outage: true },
      apiServer: { running: false },
    });
  });

  it('answers a restore that cannot start the server with 500 and the reason', async () => {
    const { status, body } = await call('POST', '/clusters/ap-1/restore');
    expect(status).toBe(500);
    expect(body.error).toMatch(/could not start .*kube-apiserver for ap-1/);
  });
});
