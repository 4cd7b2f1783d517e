import { CachedReads } from './CachedReads';
import { inputsMaxAgeMs } from './inputsMaxAge';

const options = { maxAgeMs: 60_000, liveReadLimit: 100 };

describe('inputsMaxAgeMs', () => {
  it('is the configured age up to the live-read limit', () => {
    expect(inputsMaxAgeMs('prod-eu-1', 100, options)).toBe(60_000);
    expect(inputsMaxAgeMs('prod-eu-1', 1, options)).toBe(60_000);
  });

  it('over the limit re-reads about limit clusters per age, spread by name', () => {
    const names = Array.from({ length: 500 }, (_, i) => `cluster-${i}`);
    const ages = names.map(name => inputsMaxAgeMs(name, 500, options));
    // 500 clusters, 100 per minute: each between 2.5 and 5 minutes.
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(150_000);
    expect(Math.max(...ages)).toBeLessThanOrEqual(300_000);
    // Spread: no minute's re-reads come together.
    expect(Math.min(...ages)).toBeLessThan(165_000);
    expect(Math.max(...ages)).toBeGreaterThan(285_000);
    const rate = names.length / (ages.reduce((a, b) => a + b) / ages.length);
    expect(rate * 60_000).toBeGreaterThan(100);
    expect(rate * 60_000).toBeLessThan(150);
    // The same cluster always gets the same age.
    expect(inputsMaxAgeMs('cluster-7', 500, options)).toBe(ages[7]);
  });
});

describe('CachedReads with a per-cluster age', () => {
  it('re-reads a cluster only once its own age has passed', async () => {
    let now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      let calls = 0;
      const reads = new CachedReads<number>(
        1000,
        async () => ++calls,
        error => String(error),
      );
      await reads.get('a', 5000);
      now += 3000;
      // Past the default age, within the cluster's own: no re-read.
      expect((await reads.get('a', 5000)).value).toBe(1);
      await new Promise(resolve => setImmediate(resolve));
      expect(calls).toBe(1);
      now += 2000;
      await reads.get('a', 5000);
      await new Promise(resolve => setImmediate(resolve));
      expect(calls).toBe(2);
    } finally {
      jest.restoreAllMocks();
    }
  });
});
