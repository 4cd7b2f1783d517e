import { mergeRecords, normalizeUrl } from './merge';
import { ClusterRecord } from './types';

const now = '2026-12-02T10:00:00.000Z';

describe('mergeRecords', () => {
  it('merges the same name from several sources into one cluster', () => {
    const records: ClusterRecord[] = [
      {
        name: 'c1',
        source: 'karmada',
        sourceId: 'karmada:global',
        fields: {
          region: 'eu-west-1',
          apiServerUrl: 'https://C1.example.com:443/',
          labels: { tier: 'gold', environment: 'staging' },
          capacity: { allocatable: { cpu: '10' }, allocated: { cpu: '2' } },
        },
        access: {
          kind: 'karmada-proxy',
          controlPlane: 'global',
          cluster: 'c1',
        },
        health: { status: 'healthy', via: 'karmada' },
      },
      {
        name: 'c1',
        source: 'catalog',
        sourceId: 'catalog',
        fields: {
          title: 'Cluster 1',
          apiServerUrl: 'https://c1.example.com',
          labels: { environment: 'prod' },
          capacity: { declared: { cpu: '12' } },
        },
        access: {
          kind: 'direct',
          url: 'https://c1.example.com',
          credentialRef: 'catalog:serviceAccount',
        },
      },
    ];
    const [merged] = mergeRecords(records, now);
    expect(merged.cluster).toMatchObject({
      name: 'c1',
      source: 'catalog',
      title: 'Cluster 1',
      region: 'eu-west-1',
      apiServerUrl: 'https://c1.example.com',
      labels: { tier: 'gold', environment: 'prod' },
      capacity: {
        declared: { cpu: '12' },
        allocatable: { cpu: '10' },
        allocated: { cpu: '2' },
      },
      health: { status: 'healthy', via: 'karmada' },
      stale: false,
    });
    expect(merged.cluster.conflicts).toBeUndefined();
    expect(merged.cluster.sources.map(s => s.id)).toEqual([
      'catalog',
      'karmada:global',
    ]);
  });

  it('orders access paths: config cluster, Karmada proxy, CAPI kubeconfig Secret, catalog URL', () => {
    const catalog: ClusterRecord = {
      name: 'c',
      source: 'catalog',
      sourceId: 'catalog',
      fields: {},
      access: {
        kind: 'direct',
        url: 'https://c.catalog',
        credentialRef: 'catalog:serviceAccount',
      },
    };
    const capi: ClusterRecord = {
      name: 'c',
      source: 'cluster-api',
      sourceId: 'cluster-api:mgmt',
      fields: {},
      access: {
        kind: 'capi-kubeconfig',
        managementCluster: 'mgmt',
        namespace: 'fleet-system',
        secretName: 'c-kubeconfig',
      },
    };
    const karmada: ClusterRecord = {
      name: 'c',
      source: 'karmada',
      sourceId: 'karmada:global',
      fields: {},
      access: { kind: 'karmada-proxy', controlPlane: 'global', cluster: 'c' },
    };
    const config: ClusterRecord = {
      name: 'c',
      source: 'config',
      sourceId: 'config',
      fields: {},
      access: {
        kind: 'direct',
        url: 'https://c.config',
        credentialRef: 'config:c',
      },
    };
    const kinds = (records: ClusterRecord[]) =>
      mergeRecords(records, now)[0].accessCandidates.map(a =>
        a.kind === 'direct' ? a.url : a.kind,
      );
    expect(kinds([catalog, capi, karmada, config])).toEqual([
      'https://c.config',
      'karmada-proxy',
      'capi-kubeconfig',
      'https://c.catalog',
    ]);
    expect(kinds([catalog, capi])).toEqual([
      'capi-kubeconfig',
      'https://c.catalog',
    ]);
  });

  it('reports clashes (different API servers) instead of merging silently', () => {
    const [merged] = mergeRecords(
      [
        {
          name: 'c',
          source: 'config',
          sourceId: 'config',
          fields: { apiServerUrl: 'https://a:6443' },
        },
        {
          name: 'c',
          source: 'catalog',
          sourceId: 'catalog',
          fields: { apiServerUrl: 'https://b:6443' },
        },
      ],
      now,
    );
    expect(merged.cluster.conflicts).toEqual([
      expect.objectContaining({
        field: 'apiServerUrl',
        values: [
          { sourceId: 'config', value: 'https://a:6443' },
          { sourceId: 'catalog', value: 'https://b:6443' },
        ],
      }),
    ]);
  });

  it('merges Cluster API objects into the catalog cluster that references them', () => {
    const merged = mergeRecords(
      [
        {
          name: 'payments-prod',
          source: 'catalog',
          sourceId: 'catalog',
          fields: {},
          capiRef: {
            managementCluster: 'mgmt',
            namespace: 'fleet',
            name: 'capi-123',
          },
        },
        {
          name: 'capi-123',
          source: 'cluster-api',
          sourceId: 'cluster-api:mgmt',
          fields: {
            lifecycle: {
              managementCluster: 'mgmt',
              namespace: 'fleet',
              name: 'capi-123',
              apiVersion: 'cluster.x-k8s.io/v1beta2',
              machineDeployments: [],
            },
          },
        },
      ],
      now,
    );
    expect(merged).toHaveLength(1);
    expect(merged[0].cluster.name).toBe('payments-prod');
    expect(merged[0].cluster.lifecycle?.name).toBe('capi-123');
  });

  it('normalizes URLs', () => {
    expect(normalizeUrl('https://X.example.com/')).toBe(
      normalizeUrl('https://x.example.com:443'),
    );
    expect(normalizeUrl('http://x')).not.toBe(normalizeUrl('https://x'));
  });
});
