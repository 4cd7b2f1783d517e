import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runCli, USAGE } from './cli';
import type { FleetClusterDescription } from './fleet';
import { ControlServer, startControlServer } from './faults/controlServer';
import { OutageController } from './faults/outage';
import { clearFaults, getFaults } from './faults/state';

const missing = path.join(os.tmpdir(), `fault-cli-test-${process.pid}-missing`);

function member(name: string): FleetClusterDescription {
  return {
    name,
    kind: 'member',
    role: 'member',
    url: 'https://127.0.0.1:1',
    publicUrl: 'https://127.0.0.1:2',
    port: 1,
    pkiDir: missing,
    tokens: { admin: 'x' },
    pidFile: path.join(missing, `${name}.pid`),
    command: {
      binary: path.join(missing, 'kube-apiserver'),
      args: [],
      log: path.join(missing, 'log'),
    },
  };
}

describe('fault CLI', () => {
  let server: ControlServer;
  let out: string[];
  let err: string[];
  const run = (...args: string[]) =>
    runCli(args, {
      port: server.port,
      out: line => out.push(line),
      err: line => err.push(line),
    });

  beforeAll(async () => {
    server = await startControlServer({
      port: 0,
      members: [
        member('prod-eu-west-aws-1'),
        member('prod-ap-southeast-gcp-1'),
      ],
      outages: new OutageController(),
    });
  });
  afterAll(() => server.stop());
  beforeEach(() => {
    out = [];
    err = [];
  });
  afterEach(() => clearFaults());

  it('sets latency, failures, partitions and NotReady through the fault API', async () => {
    expect(await run('latency', 'prod-eu-west-aws-1', '250')).toBe(0);
    expect(
      await run(
        'fail',
        'prod-eu-west-aws-1',
        '409',
        '--methods',
        'patch,PUT',
        '--path',
        '/apis/apps',
      ),
    ).toBe(0);
    expect(await run('partition', 'prod-ap-southeast-gcp-1')).toBe(0);
    expect(await run('not-ready', 'prod-ap-southeast-gcp-1')).toBe(0);

    expect(getFaults('prod-eu-west-aws-1')).toMatchObject({
      latencyMs: 250,
      failWith: 409,
      failMethods: ['PATCH', 'PUT'],
      failPathPrefix: '/apis/apps',
    });
    expect(getFaults('prod-ap-southeast-gcp-1')).toMatchObject({
      down: true,
      notReady: true,
    });
    expect(out[1]).toContain(
      'latency 250ms, fail 409 on PATCH,PUT under /apis/apps',
    );

    out = [];
    expect(await run('faults')).toBe(0);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(/^prod-eu-west-aws-1 .* api DOWN .*latency 250ms/);
    expect(out[1]).toContain('partitioned, forced NotReady');

    expect(await run('heal', 'prod-ap-southeast-gcp-1')).toBe(0);
    expect(await run('ready', 'prod-ap-southeast-gcp-1')).toBe(0);
    expect(await run('fail', 'prod-eu-west-aws-1', 'off')).toBe(0);
    expect(getFaults('prod-ap-southeast-gcp-1')).toMatchObject({
      down: false,
      notReady: false,
    });
    expect(getFaults('prod-eu-west-aws-1')).not.toHaveProperty('failWith');
    expect(getFaults('prod-eu-west-aws-1').latencyMs).toBe(250);
  });

  it("fails and restores a member's service health endpoints", async () => {
    expect(await run('probe', 'prod-eu-west-aws-1', '503')).toBe(0);
    expect(getFaults('prod-eu-west-aws-1').probeFailWith).toBe(503);
    expect(out[0]).toContain('health probes 503');
    expect(await run('probe', 'prod-eu-west-aws-1', 'off')).toBe(0);
    expect(getFaults('prod-eu-west-aws-1')).not.toHaveProperty('probeFailWith');
    expect(await run('probe', 'prod-eu-west-aws-1', '404')).toBe(2);
  });

  it('replaces a previous failure filter when failing again without one', async () => {
    await run('fail', 'prod-eu-west-aws-1', '409', '--methods', 'PATCH');
    await run('fail', 'prod-eu-west-aws-1', '503');
    expect(getFaults('prod-eu-west-aws-1')).toMatchObject({ failWith: 503 });
    expect(getFaults('prod-eu-west-aws-1')).not.toHaveProperty('failMethods');
  });

  it('clears one member or all', async () => {
    await run('latency', 'prod-eu-west-aws-1', '5');
    await run('latency', 'prod-ap-southeast-gcp-1', '5');
    expect(await run('clear', 'prod-eu-west-aws-1')).toBe(0);
    expect(getFaults('prod-eu-west-aws-1').latencyMs).toBe(0);
    expect(getFaults('prod-ap-southeast-gcp-1').latencyMs).toBe(5);
    expect(await run('clear')).toBe(0);
    expect(getFaults('prod-ap-southeast-gcp-1').latencyMs).toBe(0);
  });

  it.each([
    [[], /no command given/],
    [['explode'], /unknown command "explode"/],
    [['latency', 'prod-eu-west-aws-1'], /latency takes 2 arguments/],
    [['latency', 'prod-eu-west-aws-1', 'slow'], /milliseconds from 0 to 60000/],
    [
      ['latency', 'prod-eu-west-aws-1', '60001'],
      /milliseconds from 0 to 60000/,
    ],
    [['fail', 'prod-eu-west-aws-1', '404'], /401, 409, 500, 503 or off/],
    [
      ['fail', 'prod-eu-west-aws-1', '409', '--methods'],
      /--methods needs a value/,
    ],
    [
      ['fail', 'prod-eu-west-aws-1', '409', '--verbs', 'GET'],
      /unknown option --verbs/,
    ],
    [['partition'], /partition takes 1 argument/],
    [['clear', 'a', 'b'], /clear takes at most one cluster/],
  ])('exits 2 with the usage for %j', async (args, message) => {
    expect(await run(...args)).toBe(2);
    expect(err.join('\n')).toMatch(message);
    expect(err.join('\n')).toContain(USAGE);
  });

  it('prints the usage on --help and exits 0', async () => {
    expect(await run('--help')).toBe(0);
    expect(out).toEqual([USAGE]);
  });

  it('exits 1 with the API reason when the fault API refuses', async () => {
    expect(await run('partition', 'nowhere-1')).toBe(1);
    expect(err[0]).toMatch(/refused \(404\): unknown cluster "nowhere-1"/);
    expect(
      await run('fail', 'prod-eu-west-aws-1', '409', '--methods', 'FETCH'),
    ).toBe(1);
    expect(err.join('\n')).toMatch(
      /refused \(400\): invalid fault patch\n {2}- failMethods/,
    );
  });

  it('exits 1 naming the missing fleet.json when no fleet is up', async () => {
    const previous = process.env.FLOTILLA_FLEET_DIR;
    process.env.FLOTILLA_FLEET_DIR = missing;
    try {
      const code = await runCli(['faults'], {
        out: l => out.push(l),
        err: l => err.push(l),
      });
      expect(code).toBe(1);
      expect(err).toEqual([
        `${path.join(
          missing,
          'fleet.json',
        )} is missing; run: bash scripts/fleet.sh up`,
      ]);
    } finally {
      if (previous === undefined) delete process.env.FLOTILLA_FLEET_DIR;
      else process.env.FLOTILLA_FLEET_DIR = previous;
    }
  });

  it('exits 1 saying the simulator does not answer when nothing listens', async () => {
    const probe = net.createServer();
    await new Promise<void>(resolve => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise(resolve => probe.close(resolve));

    const code = await runCli(['faults'], {
      port,
      out: l => out.push(l),
      err: l => err.push(l),
    });
    expect(code).toBe(1);
    expect(err[0]).toMatch(
      /does not answer on 127\.0\.0\.1:\d+ \(ECONNREFUSED\); is the fleet up\?/,
    );
  });
});
