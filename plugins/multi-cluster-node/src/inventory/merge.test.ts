import { mergeRecords } from './merge';
import { normalizeUrl } from './merge/conflicts';
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
        health: { source: 'karmada', status: 'healthy' },
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

  describe('a cluster known to an OCM hub', () => {
    const HEALTH_OF = {
      True: 'healthy',
      False: 'unhealthy',
      Unknown: 'unhealthy',
    } as const;
    const ocm = (
      available: 'True' | 'False' | 'Unknown' | undefined,
      more: Partial<ClusterRecord['fields']> = {},
    ): ClusterRecord => ({
      name: 'c',
      source: 'ocm',
      sourceId: 'ocm:hub',
      fields: {
        region: 'eu-west',
        provider: 'aws',
        apiServerUrl: 'https://c.example.com:6443',
        labels: {
          environment: 'prod',
          'cluster.open-cluster-management.io/clusterset': 'prod',
          tier: 'ocm-tier',
        },
        capacity: { allocatable: { cpu: '8' }, total: { cpu: '10' } },
        ocm: {
          hub: 'hub',
          clusterSet: 'prod',
          claims: { 'platform.open-cluster-management.io': 'AWS' },
          available: available
            ? {
                type: 'ManagedClusterConditionAvailable',
                status: available,
                reason:
                  available === 'Unknown'
                    ? 'ManagedClusterLeaseUpdateStopped'
                    : undefined,
              }
            : undefined,
        },
        ...more,
      },
      health: available
        ? {
            source: 'ocm',
            status: HEALTH_OF[available],
            reason:
              available === 'Unknown'
                ? 'Available=Unknown: ManagedClusterLeaseUpdateStopped: lease not updated'
                : `Available=${available}`,
          }
        : {
            source: 'ocm',
            status: 'unknown',
            reason: 'No ManagedClusterConditionAvailable condition',
          },
    });
    const karmada: ClusterRecord = {
      name: 'c',
      source: 'karmada',
      sourceId: 'karmada:global',
      fields: {
        region: 'eu-west',
        apiServerUrl: 'https://c.example.com:6443',
        labels: { environment: 'staging', tier: 'gold', team: 'a' },
        capacity: { allocatable: { cpu: '6' }, allocated: { cpu: '2' } },
      },
      access: { kind: 'karmada-proxy', controlPlane: 'global', cluster: 'c' },
      health: { source: 'karmada', status: 'healthy', reason: 'Ready=True' },
    };
    const config: ClusterRecord = {
      name: 'c',
      source: 'config',
      sourceId: 'config',
      fields: {
        title: 'C',
        apiServerUrl: 'https://c.example.com:6443',
        labels: { tier: 'config-tier' },
      },
      access: {
        kind: 'direct',
        url: 'https://c.example.com:6443',
        credentialRef: 'config:c',
      },
    };
    const capi: ClusterRecord = {
      name: 'c',
      source: 'cluster-api',
      sourceId: 'cluster-api:mgmt',
      fields: { labels: { tier: 'capi-tier', 'cluster.x-k8s.io/name': 'c' } },
      access: {
        kind: 'capi-kubeconfig',
        managementCluster: 'mgmt',
        namespace: 'fleet',
        secretName: 'c-kubeconfig',
      },
      health: { source: 'cluster-api', status: 'healthy' },
    };

    it('OCM + Karmada: Karmada proxy access, OCM availability (a stopped lease is unhealthy), OCM labels win', () => {
      const [merged] = mergeRecords([ocm('Unknown'), karmada], now);
      expect(merged.access).toEqual(karmada.access);
      expect(merged.accessCandidates).toEqual([karmada.access]);
      expect(merged.cluster.health).toEqual({
        status: 'unhealthy',
        via: 'ocm',
        checkedAt: now,
        message:
          'ocm:hub: Available=Unknown: ManagedClusterLeaseUpdateStopped: lease not updated',
        evidence: [
          { ...karmada.health, sourceId: 'karmada:global' },
          { ...ocm('Unknown').health, sourceId: 'ocm:hub' },
        ],
      });
      expect(merged.cluster.source).toBe('karmada');
      expect(merged.cluster.sources).toEqual([
        { type: 'karmada', id: 'karmada:global' },
        { type: 'ocm', id: 'ocm:hub' },
      ]);
      expect(merged.cluster.labels).toEqual({
        environment: 'prod',
        tier: 'ocm-tier',
        team: 'a',
        'cluster.open-cluster-management.io/clusterset': 'prod',
      });
      expect(merged.cluster.ocm).toMatchObject({
        hub: 'hub',
        clusterSet: 'prod',
        claims: { 'platform.open-cluster-management.io': 'AWS' },
      });
      // Karmada's resource summary first; OCM fills the rest.
      expect(merged.cluster.capacity).toEqual({
        allocatable: { cpu: '6' },
        allocated: { cpu: '2' },
        total: { cpu: '10' },
      });
      expect(merged.cluster.conflicts).toBeUndefined();
    });

    it('OCM without an Available condition leaves health to Karmada', () => {
      const [merged] = mergeRecords([ocm(undefined), karmada], now);
      expect(merged.cluster.health).toMatchObject({
        status: 'healthy',
        via: 'karmada',
        message: 'karmada:global: Ready=True',
      });
    });

    it('OCM + config: the config credentials for access, OCM evidence for the inventory to weigh with its probe, OCM labels win', () => {
      const [merged] = mergeRecords([config, ocm('False')], now);
      expect(merged.access).toEqual(config.access);
      expect(merged.cluster.source).toBe('config');
      expect(merged.cluster.title).toBe('C');
      expect(merged.sourceEvidence).toEqual([
        expect.objectContaining({
          source: 'ocm',
          sourceId: 'ocm:hub',
          status: 'unhealthy',
        }),
      ]);
      expect(merged.cluster.labels.tier).toBe('ocm-tier');
      expect(merged.cluster.region).toBe('eu-west');
    });

    it('OCM + Cluster API: the kubeconfig Secret for access, OCM availability, OCM labels win', () => {
      const [merged] = mergeRecords([capi, ocm('True')], now);
      expect(merged.access).toEqual(capi.access);
      expect(merged.cluster.health).toMatchObject({
        status: 'healthy',
        via: 'ocm',
      });
      expect(merged.cluster.labels).toMatchObject({
        tier: 'ocm-tier',
        'cluster.x-k8s.io/name': 'c',
        environment: 'prod',
      });
    });

    it('OCM alone: no access, OCM health', () => {
      const [merged] = mergeRecords([ocm('True')], now);
      expect(merged.access).toBeUndefined();
      expect(merged.accessCandidates).toEqual([]);
      expect(merged.cluster).toMatchObject({
        source: 'ocm',
        health: { status: 'healthy', via: 'ocm' },
        region: 'eu-west',
        provider: 'aws',
      });
    });

    it('reports an OCM URL that disagrees with Karmada as a conflict', () => {
      const [merged] = mergeRecords(
        [ocm('True', { apiServerUrl: 'https://other.example.com' }), karmada],
        now,
      );
      expect(merged.cluster.apiServerUrl).toBe('https://c.example.com:6443');
      expect(merged.cluster.conflicts).toEqual([
        expect.objectContaining({ field: 'apiServerUrl' }),
      ]);
    });
  });

  it('normalizes URLs', () => {
    expect(normalizeUrl('https://X.example.com/')).toBe(
      normalizeUrl('https://x.example.com:443'),
    );
    expect(normalizeUrl('http://x')).not.toBe(normalizeUrl('https://x'));
  });
});
