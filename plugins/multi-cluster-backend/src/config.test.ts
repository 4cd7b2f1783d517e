import { ConfigReader } from '@backstage/config';
import { readMultiClusterConfig } from './config';

describe('readMultiClusterConfig', () => {
  it('has defaults and no demo unless configured', () => {
    const c = readMultiClusterConfig(new ConfigReader({}));
    expect(c).toMatchObject({
      refreshFrequency: { seconds: 60 },
      clusterTimeoutMs: 5000,
      healthTimeoutMs: 3000,
      concurrency: 20,
      conflictRetries: 3,
      catalog: { enabled: true },
      configClusters: [],
      karmada: [],
      clusterApi: [],
    });
    expect(c.demo).toBeUndefined();
  });

  it('reads all keys', () => {
    const c = readMultiClusterConfig(
      new ConfigReader({
        multiCluster: {
          refresh: { frequency: '2m' },
          timeouts: { clusterRequest: { seconds: 2 }, healthCheck: 500 },
          concurrency: 7,
          catalog: {
            filter: [
              { key: 'metadata.namespace', values: ['fleet'] },
              { key: 'metadata.labels.tier', value: 'gold' },
            ],
          },
          karmada: [
            { name: 'k', url: 'https://k', token: 't', skipTLSVerify: true },
          ],
          clusterApi: [{ name: 'm', url: 'https://m', namespaces: ['fleet'] }],
          demo: {
            enabled: true,
            rolloutDuration: { seconds: 3 },
            clusters: [
              {
                name: 'd1',
                labels: { environment: 'dev', region: 'r1' },
                capacity: { cpu: 8, memory: '32Gi' },
                machineDeployments: [{ name: 'md-0', replicas: 1 }],
              },
            ],
            workloads: [{ kubernetesId: 'app', replicas: { d1: 2 } }],
          },
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
    expect(c.catalog.filter).toEqual({
      'metadata.namespace': ['fleet'],
      'metadata.labels.tier': 'gold',
    });
    expect(c.karmada[0]).toMatchObject({
      name: 'k',
      token: 't',
      skipTLSVerify: true,
    });
    expect(c.clusterApi[0].namespaces).toEqual(['fleet']);
    expect(c.configClusters).toEqual([
      expect.objectContaining({ name: 'c', url: 'https://c', token: 's' }),
    ]);
    expect(c.demo).toMatchObject({
      rolloutMs: 3000,
      clusters: [
        {
          name: 'd1',
          environment: 'dev',
          region: 'r1',
          capacity: { cpu: '8', memory: '32Gi' },
          kubernetesVersion: 'v1.31.4',
          healthy: true,
        },
      ],
      workloads: [
        {
          kubernetesId: 'app',
          name: 'app',
          namespace: 'default',
          kind: 'Deployment',
          replicas: { d1: 2 },
        },
      ],
    });
  });

  it('reads resource lists with dotted names as text, and rejects typos', () => {
    const read = (capacity: string | Record<string, string>) =>
      readMultiClusterConfig(
        new ConfigReader({
          multiCluster: {
            demo: {
              clusters: [
                { name: 'gpu-1', capacity, allocated: 'nvidia.com/gpu=2' },
              ],
            },
          },
        }),
      ).demo!.clusters[0];
    expect(read('cpu=64, memory=256Gi,nvidia.com/gpu=8')).toMatchObject({
      capacity: { cpu: '64', memory: '256Gi', 'nvidia.com/gpu': '8' },
      allocated: { 'nvidia.com/gpu': '2' },
    });
    expect(() => read('cpu=64,memory')).toThrow(
      "Invalid capacity of demo cluster 'gpu-1': expected key=value, got 'memory'",
    );
  });

  it('stops at startup on a resource list entry that is not a resource name and a quantity, naming it', () => {
    const read = (cluster: Record<string, unknown>) => () =>
      readMultiClusterConfig(
        new ConfigReader({
          multiCluster: {
            demo: { clusters: [{ name: 'gpu-1', ...cluster }] },
          },
        }),
      );
    expect(read({ capacity: { cpu: '64', memory: 'lots' } })).toThrow(
      /^Invalid capacity of demo cluster 'gpu-1': memory: quantities must match/,
    );
    expect(read({ capacity: 'cpu=64,memory=1e999999999' })).toThrow(
      /^Invalid capacity of demo cluster 'gpu-1': memory: .*exponent/,
    );
    // (The config reader itself drops a `__proto__` key.)
    expect(read({ allocated: { cpu: '1', constructor: '2' } })).toThrow(
      /^Invalid allocated of demo cluster 'gpu-1': constructor: 'constructor' is reserved/,
    );
    expect(
      read({
        virtualNodes: [
          {
            name: 'liqo-x',
            kind: 'liqo',
            peer: 'x',
            allocatable: 'cpu=4,pods=many',
          },
        ],
      }),
    ).toThrow(
      /^Invalid allocatable of virtual node 'liqo-x' of demo cluster 'gpu-1': pods: /,
    );
  });
});
