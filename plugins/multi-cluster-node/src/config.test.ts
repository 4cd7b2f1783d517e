import { ConfigReader } from '@backstage/config';
import { readMultiClusterConfig } from './config';

describe('readMultiClusterConfig', () => {
  it('has defaults', () => {
    const c = readMultiClusterConfig(new ConfigReader({}));
    expect(c).toMatchObject({
      refreshFrequency: { seconds: 60 },
      clusterTimeoutMs: 5000,
      healthTimeoutMs: 3000,
      concurrency: 20,
      conflictRetries: 3,
      catalog: { enabled: true, watchFrequency: { seconds: 10 } },
      configClusters: [],
      karmada: [],
      clusterApi: [],
      ocm: [],
    });
  });

  it('serves no simulated fleet from a left-over multiCluster.demo block', () => {
    const c = readMultiClusterConfig(
      new ConfigReader({
        multiCluster: {
          demo: { clusters: [{ name: 'd1', machineDeployments: [] }] },
        },
      }),
    );
    expect(c).not.toHaveProperty('demo');
    expect(c.configClusters).toEqual([]);
  });

  it.each([
    ['placement', { liveReadLimit: 0 }, 'placement.liveReadLimit: 0'],
    ['placement', { liveReadLimit: 2.5 }, 'placement.liveReadLimit: 2.5'],
    ['placement', { liveReadLimit: -1 }, 'placement.liveReadLimit: -1'],
    ['concurrency', 0, 'concurrency: 0'],
    ['concurrency', 1.5, 'concurrency: 1.5'],
    ['conflictRetries', -1, 'conflictRetries: -1'],
    ['conflictRetries', 1000, 'conflictRetries: 1000'],
  ])('refuses %s %j at start-up', (key, value, message) => {
    expect(() =>
      readMultiClusterConfig(
        new ConfigReader({ multiCluster: { [key]: value } }),
      ),
    ).toThrow(`Invalid multiCluster.${message}; expected a whole number`);
  });

  it('takes the refresh loop share from 0.1 to 1 (0.5 by default) and refuses others', () => {
    const share = (loopShare?: number) =>
      readMultiClusterConfig(
        new ConfigReader({
          multiCluster: {
            refresh: loopShare === undefined ? {} : { loopShare },
          },
        }),
      ).refreshLoopShare;
    expect(share()).toBe(0.5);
    expect(share(0.1)).toBe(0.1);
    expect(share(1)).toBe(1);
    for (const bad of [0, 0.05, 1.5]) {
      expect(() => share(bad)).toThrow(
        `Invalid multiCluster.refresh.loopShare: ${bad}; expected a number from 0.1 to 1`,
      );
    }
  });

  it('takes the connectivity interval as ms or a duration, unset by default, and refuses a negative one', () => {
    const interval = (value?: unknown) =>
      readMultiClusterConfig(
        new ConfigReader({
          multiCluster: {
            connectivity: value === undefined ? {} : { interval: value },
          },
        }),
      ).connectivity.intervalMs;
    expect(interval()).toBeUndefined();
    expect(interval(0)).toBe(0);
    expect(interval({ minutes: 5 })).toBe(300_000);
    expect(() => interval(-1)).toThrow(
      'Invalid multiCluster.connectivity.interval: -1; expected 0 or more',
    );
  });

  it('takes whole numbers at their bounds', () => {
    const c = readMultiClusterConfig(
      new ConfigReader({
        multiCluster: {
          placement: { liveReadLimit: 1 },
          concurrency: 1000,
          conflictRetries: 0,
        },
      }),
    );
    expect(c).toMatchObject({
      placementLiveReadLimit: 1,
      concurrency: 1000,
      conflictRetries: 0,
    });
  });

  it('reads all keys', () => {
    const c = readMultiClusterConfig(
      new ConfigReader({
        multiCluster: {
          refresh: { frequency: '2m' },
          timeouts: { clusterRequest: { seconds: 2 }, healthCheck: 500 },
          concurrency: 7,
          catalog: {
            watchFrequency: '30s',
            filter: [
              { key: 'metadata.namespace', values: ['fleet'] },
              { key: 'metadata.labels.tier', value: 'gold' },
            ],
          },
          karmada: [
            { name: 'k', url: 'https://k', token: 't', skipTLSVerify: true },
          ],
          clusterApi: [{ name: 'm', url: 'https://m', namespaces: ['fleet'] }],
          ocm: [
            { name: 'hub', url: 'https://hub', caData: 'Q0E=', token: 'o' },
          ],
        },
        kubernetes: {
          clusterLocatorMethods: [
            { type: 'catalog' },
            {
              type: 'config',
              clusters: [
                {
                  name: 'c',
                  url: 'https://c',
                  serviceAccountToken: 's',
                  authProvider: 'serviceAccount',
                },
              ],
            },
          ],
        },
      }),
    );
    expect(c.refreshFrequency).toEqual({ minutes: 2 });
    expect(c.clusterTimeoutMs).toBe(2000);
    expect(c.healthTimeoutMs).toBe(500);
    expect(c.concurrency).toBe(7);
    expect(c.catalog.watchFrequency).toEqual({ seconds: 30 });
    expect(c.catalog.filter).toEqual({
      'metadata.namespace': ['fleet'],
      'metadata.labels.tier': 'gold',
    });
    expect(c.karmada[0]).toMatchObject({
      name: 'k',
      token: 't',
      skipTLSVerify: true,
    });
    expect(c.karmada[0].version).toBeUndefined();
    expect(c.clusterApi[0].namespaces).toEqual(['fleet']);
    expect(c.ocm).toEqual([
      expect.objectContaining({
        name: 'hub',
        url: 'https://hub',
        caData: 'Q0E=',
        token: 'o',
        skipTLSVerify: false,
      }),
    ]);
    expect(c.configClusters).toEqual([
      expect.objectContaining({ name: 'c', url: 'https://c', token: 's' }),
    ]);
  });

  it("reads a Karmada control plane's version, refusing a release the preview cannot reproduce", () => {
    const withVersion = (version: string) =>
      readMultiClusterConfig(
        new ConfigReader({
          multiCluster: {
            karmada: [
              { name: 'a', url: 'https://a' },
              { name: 'b', url: 'https://b', version },
            ],
          },
        }),
      );
    expect(withVersion('v1.16.8').karmada.map(k => k.version)).toEqual([
      undefined,
      'v1.16.8',
    ]);
    expect(() => withVersion('1.16')).toThrow(
      /^Invalid multiCluster\.karmada\[1\]\.version: "1\.16"; supported Karmada releases: v1\.16\.3, .*v1\.18\.2$/,
    );
  });
});
