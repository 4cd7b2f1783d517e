import { mockServices } from '@backstage/backend-test-utils';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { clusterEntity } from '../../__testUtils__/fixtures';
import { CatalogClusterConnector } from './CatalogClusterConnector';

describe('CatalogClusterConnector', () => {
  it('reads kubernetes-cluster Resources with kubernetes.io and flotilla.io annotations', async () => {
    const catalog = catalogServiceMock({
      entities: [
        clusterEntity('c1', {
          'kubernetes.io/auth-provider': 'serviceAccount',
          'kubernetes.io/skip-tls-verify': 'true',
          'kubernetes.io/api-server-certificate-authority': 'Q0EK',
          'kubernetes.io/dashboard-url': 'https://dash/c1',
          'flotilla.io/tenant': 'payments',
          'flotilla.io/workload-class': 'gpu',
          'flotilla.io/management-cluster': 'mgmt',
          'flotilla.io/capi-cluster': 'fleet/c1-capi',
        }),
        {
          apiVersion: 'backstage.io/v1alpha1',
          kind: 'Resource',
          metadata: { name: 'db' },
          spec: { type: 'database', owner: 'x' },
        },
      ],
    });
    const connector = new CatalogClusterConnector({
      catalog,
      auth: mockServices.auth(),
    });
    const records = await connector.listClusters();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      name: 'c1',
      source: 'catalog',
      fields: {
        apiServerUrl: 'https://c1.example.com:6443',
        dashboardUrl: 'https://dash/c1',
        catalogEntityRef: 'resource:default/c1',
        environment: 'prod',
        region: 'eu-north-1',
        provider: 'onprem',
        tenant: 'payments',
        workloadClass: 'gpu',
        jurisdiction: 'eu',
        zones: ['a', 'b', 'c'],
        costPerCpuHour: 0.042,
        capacity: {
          declared: {
            cpu: '64',
            memory: '256Gi',
            pods: '1100',
            'nvidia.com/gpu': '8',
          },
        },
        labels: expect.objectContaining({
          environment: 'prod',
          'workload-class': 'gpu',
        }),
      },
      access: {
        kind: 'direct',
        url: 'https://c1.example.com:6443',
        caData: 'Q0EK',
        skipTLSVerify: true,
        credentialRef: 'catalog:serviceAccount',
      },
      capiRef: {
        managementCluster: 'mgmt',
        namespace: 'fleet',
        name: 'c1-capi',
      },
    });
  });

  it.each([
    [
      'a value that is not a quantity',
      'cpu=64,memory=lots',
      /: memory: quantities must/,
    ],
    ['a reserved key', 'cpu=64,constructor=1', /'constructor' is reserved/],
    ['a __proto__ key', 'cpu=64,__proto__=1', /'__proto__'/],
    ['a pair without a value', 'cpu=64,memory', /expected key=value/],
  ])(
    'does not use a capacity annotation with %s, and records why on the cluster',
    (_, capacity, reason) => {
      const record = CatalogClusterConnector.toRecord(
        clusterEntity('c1', { 'flotilla.io/capacity': capacity }),
      );
      expect(record.fields.capacity).toBeUndefined();
      expect(record.fields.problems).toEqual([
        expect.stringMatching(
          /^annotation flotilla\.io\/capacity is not used: /,
        ),
      ]);
      expect(record.fields.problems![0]).toMatch(reason);
      // The rest of the entity is read as usual.
      expect(record.fields.region).toBe('eu-north-1');
    },
  );
});
