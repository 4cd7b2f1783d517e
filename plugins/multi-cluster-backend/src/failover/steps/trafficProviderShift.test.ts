import type {
  TrafficProvider,
  TrafficState,
} from '@flotilla/plugin-multi-cluster-node';
import { stepContext, testRun } from '../__testUtils__/steps';
import { FailoverRun } from '../types';
import { trafficShift } from './trafficShift';
import { StepError } from './types';

/**
 * A provider holding one weighted record in memory, as a DNS provider
 * would: `raw` is its own state, `restore` puts it back.
 */
class FakeProvider implements TrafficProvider {
  readonly type = 'fake-dns';
  readonly calls: string[] = [];
  weights: Record<string, number> = { eu: 100, us: 0 };
  constructor(readonly name = 'dns', private readonly readable = true) {}

  private state(record: string): TrafficState {
    if (!this.readable) {
      return { provider: this.name, record, endpoints: [], raw: null };
    }
    return {
      provider: this.name,
      record,
      endpoints: Object.entries(this.weights).map(([cluster, weight]) => ({
        cluster,
        target: `${cluster}.example.com`,
        weight,
        enabled: weight > 0,
      })),
      raw: { ...this.weights },
    };
  }

  async read({ record }: { record: string }) {
    this.calls.push('read');
    return this.state(record);
  }

  async shift(request: Parameters<TrafficProvider['shift']>[0]) {
    this.calls.push(`shift ${request.from}->${request.to.join(',')}`);
    this.weights[request.from] = 0;
    for (const c of request.to) this.weights[c] = 100;
    return this.state(request.record);
  }

  async restore(request: Parameters<TrafficProvider['restore']>[0]) {
    this.calls.push(`restore ${JSON.stringify(request.route)}`);
    if (this.readable) this.weights = { ...(request.state.raw as any) };
    return this.state(request.record);
  }
}

const RECORD = 'shop/checkout';

function runWith(
  params: Record<string, unknown>,
  overrides: Partial<FailoverRun> = {},
): FailoverRun {
  const run = testRun(overrides);
  const step = run.steps.find(s => s.kind === 'traffic-shift')!;
  step.params = { from: 'eu', to: ['us'], ...params };
  return run;
}

function contextFor(run: FailoverRun, provider: TrafficProvider, runs = {}) {
  return stepContext(run, 'traffic-shift', {
    trafficProviders: {
      get: name => (name === provider.name ? provider : undefined),
    },
    runs: { getRun: async (id: string) => (runs as any)[id] },
  });
}

const BEFORE = { eu: 100, us: 0 };
const AFTER = { eu: 0, us: 100 };

describe('traffic-shift through a provider', () => {
  it('records the state before, shifts, and reads back where users go', async () => {
    const provider = new FakeProvider();
    const ctx = contextFor(
      runWith({ provider: 'dns', record: RECORD }),
      provider,
    );
    const result = await trafficShift(ctx);
    // Recorded before anything changed.
    expect(ctx.progressed).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ raw: BEFORE }),
      }),
    ]);
    expect(provider.calls).toEqual(['read', 'shift eu->us', 'read']);
    expect(result.output).toMatchObject({
      provider: 'dns',
      type: 'fake-dns',
      record: RECORD,
      before: { raw: BEFORE },
      after: { raw: AFTER },
      serves: { ok: true },
    });
  });

  it('reuses the recorded state on a retry, never re-reading it after a shift', async () => {
    const provider = new FakeProvider();
    const first = contextFor(
      runWith({ provider: 'dns', record: RECORD }),
      provider,
    );
    await trafficShift(first);
    // The retry finds the record shifted already, and the first "before".
    const run = runWith({ provider: 'dns', record: RECORD });
    const retry = contextFor(run, provider);
    retry.step.output = first.progressed[0];
    provider.calls.length = 0;
    const result = await trafficShift(retry);
    expect(provider.calls).toEqual(['shift eu->us', 'read']);
    expect(retry.progressed).toEqual([]);
    expect(result.output).toMatchObject({ before: { raw: BEFORE } });
  });

  it('restores exactly what the original run recorded on a rollback', async () => {
    const provider = new FakeProvider();
    const original = runWith({ provider: 'dns', record: RECORD });
    const shifted = await trafficShift(contextFor(original, provider));
    original.steps.find(s => s.kind === 'traffic-shift')!.output =
      shifted.output;
    // Someone changed the weights since: the rollback still restores the record.
    provider.weights = { eu: 0, us: 60, ap: 40 };
    const rollback = runWith(
      {
        provider: 'dns',
        record: RECORD,
        from: 'us',
        to: ['eu'],
        rollbackOf: 'run-1',
      },
      { id: 'run-2', rollbackOf: 'run-1' },
    );
    const ctx = contextFor(rollback, provider, { 'run-1': original });
    const result = await trafficShift(ctx);
    expect(provider.weights).toEqual(BEFORE);
    expect(provider.calls.at(-2)).toBe(
      `restore ${JSON.stringify({
        runId: 'run-2',
        entityRef: 'component:default/checkout',
        from: 'us',
        to: ['eu'],
      })}`,
    );
    expect(result.output).toMatchObject({
      rollbackOf: 'run-1',
      before: { raw: { eu: 0, us: 60, ap: 40 } },
      after: { raw: BEFORE },
    });
  });

  it('skips a rollback visibly when the original recorded no state', async () => {
    const provider = new FakeProvider();
    const original = runWith({ provider: 'dns', record: RECORD });
    const rollback = runWith({
      provider: 'dns',
      record: RECORD,
      rollbackOf: 'run-1',
    });
    const result = await trafficShift(
      contextFor(rollback, provider, { 'run-1': original }),
    );
    expect(result).toEqual({
      skipped: 'run run-1 recorded no traffic state before a shift',
    });
    expect(provider.calls).toEqual([]);
  });

  it('only reads in a dry run', async () => {
    const provider = new FakeProvider();
    const ctx = contextFor(
      runWith({ provider: 'dns', record: RECORD }, { dry: true }),
      provider,
    );
    const result = await trafficShift(ctx);
    expect(provider.calls).toEqual(['read']);
    expect(ctx.progressed).toEqual([]);
    expect(result.output).toMatchObject({
      dryRun: true,
      before: { raw: BEFORE },
    });
  });

  it('says when the provider cannot read its state back', async () => {
    const provider = new FakeProvider('hook', false);
    const result = await trafficShift(
      contextFor(runWith({ provider: 'hook', record: RECORD }), provider),
    );
    expect(result.output).toMatchObject({
      before: { endpoints: [], raw: null },
      readBack: 'unavailable: the fake-dns provider cannot read its state back',
    });
    expect(result.output).not.toHaveProperty('serves');
  });

  it('fails the attempt when the read-back still sends users to the source', async () => {
    const provider = new FakeProvider();
    provider.shift = async ({ record }) => provider.read({ record });
    const attempt = trafficShift(
      contextFor(runWith({ provider: 'dns', record: RECORD }), provider),
    );
    await expect(attempt).rejects.toThrow(
      'read back after the shift: shop/checkout still sends users to eu',
    );
    await expect(attempt).rejects.toMatchObject({ retryable: true });
  });

  it.each([
    [
      { provider: 'route53', record: RECORD },
      "traffic provider 'route53' is not configured",
    ],
    [{ provider: 'dns' }, "no record to shift in provider 'dns'"],
  ])('fails the run at once on %j', async (params, message) => {
    const attempt = trafficShift(
      contextFor(runWith(params), new FakeProvider()),
    );
    await expect(attempt).rejects.toThrow(new StepError(message));
    await expect(attempt).rejects.toMatchObject({ retryable: false });
  });

  it('passes on whether a provider error may be retried', async () => {
    const provider = new FakeProvider();
    provider.read = async () => {
      throw Object.assign(new Error('DNSEndpoint shop/checkout not found'), {
        retryable: false,
      });
    };
    const attempt = trafficShift(
      contextFor(runWith({ provider: 'dns', record: RECORD }), provider),
    );
    await expect(attempt).rejects.toMatchObject({
      name: 'StepError',
      message: 'DNSEndpoint shop/checkout not found',
      retryable: false,
    });
  });
});
