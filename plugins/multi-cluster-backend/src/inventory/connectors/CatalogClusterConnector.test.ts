import { mockServices } from '@backstage/backend-test-utils';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import {
  ClusterRecord,
  mergeRecords,
} from '@flotilla/plugin-multi-cluster-node';
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

  it('keeps the Karmada proxy path of a member the catalog module ingested with a direct URL', () => {
    // What the catalog module writes for a Karmada member: the member's
    // apiEndpoint with `kubernetes.io/auth-provider: serviceAccount`.
    const entity = CatalogClusterConnector.toRecord({
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'Resource',
      metadata: {
        name: 'prod-eu-west-aws-1',
        labels: { 'flotilla.io/region': 'eu-west-1', team: 'payments' },
        annotations: {
          'kubernetes.io/api-server': 'https://10.0.12.4:6443',
          'kubernetes.io/auth-provider': 'serviceAccount',
          'flotilla.io/region': 'eu-west-1',
          'flotilla.io/environment': 'prod',
        },
      },
      spec: { type: 'kubernetes-cluster', owner: 'platform' },
    });
    const karmada: ClusterRecord = {
      name: 'prod-eu-west-aws-1',
      source: 'karmada',
      sourceId: 'karmada:global',
      fields: { apiServerUrl: 'https://10.0.12.4:6443', region: 'eu-west-1' },
      access: {
        kind: 'karmada-proxy',
        controlPlane: 'global',
        cluster: 'prod-eu-west-aws-1',
      },
      health: { source: 'karmada', status: 'healthy' },
    };
    for (const records of [
      [entity, karmada],
      [karmada, entity],
    ]) {
      const [merged] = mergeRecords(records, '2026-12-02T10:00:00.000Z');
      expect(merged.access).toEqual(karmada.access);
      // The direct URL stays a fallback for a backend that has no Karmada path.
      expect(merged.accessCandidates).toEqual([karmada.access, entity.access]);
      // The catalog's declared facts are kept.
      expect(merged.cluster).toMatchObject({
        environment: 'prod',
        labels: expect.objectContaining({ team: 'payments' }),
        health: { status: 'healthy', via: 'karmada' },
      });
    }
  });
});
