import { ConfigReader } from '@backstage/config';
import { readPlacementInputsConfig } from './config';
import { CachedReads } from './CachedReads';

const read = (placement: object) =>
  readPlacementInputsConfig(new ConfigReader({ multiCluster: { placement } }));

describe('readPlacementInputsConfig', () => {
  it('reads the inputs with their defaults', () => {
    expect(read({ openCost: {}, inputsMaxAge: { seconds: 5 } })).toEqual({
      openCost: {
        namespace: 'opencost',
        service: 'opencost',
        port: '9003',
        window: '1d',
      },
      prices: [],
      latency: {},
      maxAgeMs: 5000,
    });
    expect(read({}).openCost).toBeUndefined();
  });

  it('refuses a bad entry, naming it', () => {
    expect(() =>
      read({
        prices: [
          { provider: 'aws', instanceType: 'm6i.2xlarge', pricePerHour: 0.384 },
          { provider: 'aws', instanceType: 'c6i.4xlarge', pricePerHour: 0 },
        ],
      }),
    ).toThrow('Invalid config multiCluster.placement.prices[1].pricePerHour');
    const row = {
      provider: 'aws',
      instanceType: 'm6i.2xlarge',
      pricePerHour: 1,
    };
    expect(() => read({ prices: [row, row] })).toThrow(
      'Invalid config multiCluster.placement.prices[1]: repeats the price of m6i.2xlarge (aws every region)',
    );
    expect(() => read({ latency: { 'eu-west': { eu: -1 } } })).toThrow(
      'multiCluster.placement.latency.eu-west.eu',
    );
    expect(() => read({ openCost: { window: 'forever' } })).toThrow(
      'multiCluster.placement.openCost.window: a duration like 30m, 24h or 7d',
    );
  });
});

describe('CachedReads', () => {
  it('shares one read in a burst, and keeps the last value when a read fails', async () => {
    let calls = 0;
    let fail = false;
    const reads = new CachedReads<number>(
      0,
      async () => {
        calls++;
        if (fail) throw new Error('unreachable');
        return calls;
      },
      error => (error as Error).message,
    );
    const burst = await Promise.all([
      reads.get('a'),
      reads.get('a'),
      reads.get('a'),
    ]);
    expect(burst.map(r => r.value)).toEqual([1, 1, 1]);
    expect(calls).toBe(1);
    fail = true;
    // The last value answers at once while the re-read runs...
    expect(await reads.get('a')).toEqual(burst[0]);
    await new Promise(resolve => setImmediate(resolve));
    // ...and once it has failed, the value is kept with the failure.
    const failed = await reads.get('a');
    expect(failed).toMatchObject({ value: 1, error: 'unreachable' });
    expect(failed.readAt).toBe(burst[0].readAt);
  });

  it('waits only for the first read, never for a slow re-read', async () => {
    let calls = 0;
    const reads = new CachedReads<number>(
      0,
      () =>
        ++calls === 1 ? Promise.resolve(1) : new Promise<number>(() => {}),
      error => String(error),
    );
    expect((await reads.get('a')).value).toBe(1);
    // The second read never ends; the answers keep the first value.
    expect((await reads.get('a')).value).toBe(1);
    expect((await reads.get('a')).value).toBe(1);
    expect(calls).toBe(2);
  });
});
