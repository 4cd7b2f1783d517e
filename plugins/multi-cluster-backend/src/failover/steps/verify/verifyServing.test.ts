import http from 'node:http';
import net from 'node:net';
import type {
  TrafficProvider,
  TrafficState,
} from '@flotilla/plugin-multi-cluster-node';
import { stepContext, testRun } from '../../__testUtils__/steps';
import type { FailoverRun } from '../../types';
import { verify } from '../verify';

/** The health endpoint of every cluster: answers what `answers` says for it. */
const health = {
  answers: new Map<string, number>(),
  requests: [] as string[],
  onRequest: undefined as undefined | (() => void),
  server: http.createServer((req, res) => {
    health.requests.push(req.url ?? '');
    health.onRequest?.();
    const cluster = (req.url ?? '').split('/')[2];
    const status = health.answers.get(cluster) ?? 404;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: status === 200 ? 'ok' : 'failing' }));
  }),
};
let probeTemplate = '';
beforeAll(async () => {
  await new Promise<void>(resolve =>
    health.server.listen(0, '127.0.0.1', resolve),
  );
  const { port } = health.server.address() as net.AddressInfo;
  probeTemplate = `http://127.0.0.1:${port}/health/{cluster}/checkout`;
});
afterAll(() => new Promise(resolve => health.server.close(resolve)));
beforeEach(() => {
  health.answers.clear();
  health.requests = [];
  health.onRequest = undefined;
});

/** The target runs its replicas from the first read. */
const workloads = {
  listWorkloads: async (cluster: string) => [
    {
      cluster,
      namespace: 'shop',
      kind: 'Deployment' as const,
      name: 'checkout',
      replicas: 4,
      readyReplicas: 4,
      availableReplicas: 4,
    },
  ],
  scaleWorkload: async () => ({} as any),
};

function state(cluster: string): TrafficState {
  return {
    provider: 'dns',
    record: 'checkout.example.com',
    endpoints: [
      { cluster, target: `${cluster}.lb.example.com`, enabled: true },
    ],
    raw: { cluster },
  };
}

/** A provider whose read-back shows the source until `shiftedAfter` reads. */
function provider(shiftedAfter: number) {
  let reads = 0;
  const fake: TrafficProvider & { reads: () => number } = {
    name: 'dns',
    type: 'fake',
    reads: () => reads,
    read: async () => state(reads++ < shiftedAfter ? 'eu' : 'us'),
    shift: async () => state('us'),
    restore: async ({ state: s }) => s,
  };
  return { get: (name: string) => (name === 'dns' ? fake : undefined), fake };
}

/** A run whose traffic step shifted through `dns` and whose verify probes. */
function probedRun(options: { traffic: boolean; probe: boolean }): FailoverRun {
  const run = testRun();
  for (const step of run.steps) {
    if (step.kind === 'traffic-shift' && options.traffic) {
      step.status = 'succeeded';
      step.params = {
        from: 'eu',
        to: ['us'],
        provider: 'dns',
        record: 'checkout.example.com',
      };
    }
    if (step.kind === 'verify' && options.probe) {
      step.params = {
        ...(step.params as object),
        healthProbe: probeTemplate,
      };
    }
  }
  return run;
}

describe('verify sees traffic', () => {
  it('waits until the provider reads back the targets and their probes pass', async () => {
    health.answers.set('us', 503);
    const providers = provider(2);
    // The target's endpoint recovers once the provider shows it serving.
    health.onRequest = () => {
      if (providers.fake.reads() > 2) health.answers.set('us', 200);
    };
    const ctx = stepContext(
      probedRun({ traffic: true, probe: true }),
      'verify',
      { workloads, trafficProviders: providers },
    );
    const { output } = await verify(ctx);
    expect(output).toMatchObject({
      clusters: [{ cluster: 'us', ok: true }],
      traffic: { provider: 'dns', ok: true, endpoints: [{ cluster: 'us' }] },
      probes: [
        {
          cluster: 'us',
          url: probeTemplate.replace('{cluster}', 'us'),
          ok: true,
          status: 200,
        },
      ],
    });
    expect(health.requests.every(u => u === '/health/us/checkout')).toBe(true);
    // Each wait was recorded, saying what still failed.
    expect(ctx.progressed.map(p => p.warning)).toEqual(
      expect.arrayContaining([
        expect.stringContaining(
          'traffic: checkout.example.com still sends users to eu',
        ),
        expect.stringMatching(/us: http:\S+ answers HTTP 503/),
      ]),
    );
  });

  it('fails at its deadline naming the cluster whose probe fails and its answer', async () => {
    health.answers.set('us', 503);
    const deadline = new AbortController();
    health.onRequest = () => {
      // The deadline passes during the third probe, whatever the speed.
      if (health.requests.length === 3) {
        deadline.abort(new Error('timed out'));
      }
    };
    const ctx = stepContext(
      probedRun({ traffic: false, probe: true }),
      'verify',
      { workloads },
      deadline.signal,
    );
    await expect(verify(ctx)).rejects.toThrow(
      /not serving in time: us: http:\S+\/health\/us\/checkout answers HTTP 503/,
    );
  });

  it('fails at once when the traffic provider is not configured', async () => {
    const ctx = stepContext(
      probedRun({ traffic: true, probe: false }),
      'verify',
      { workloads, trafficProviders: { get: () => undefined } },
    );
    await expect(verify(ctx)).rejects.toMatchObject({
      message: expect.stringContaining(
        'traffic provider dns is not configured',
      ),
      retryable: false,
    });
  });

  it('reads nothing back when the traffic step used no provider', async () => {
    const providers = provider(0);
    const { output } = await verify(
      stepContext(probedRun({ traffic: false, probe: false }), 'verify', {
        workloads,
        trafficProviders: providers,
      }),
    );
    expect(providers.fake.reads()).toBe(0);
    expect(output).not.toHaveProperty('traffic');
    expect(output).not.toHaveProperty('probes');
  });
});
