import { mockServices } from '@backstage/backend-test-utils';
import { http, HttpResponse } from 'msw';
import { KubernetesClient } from '../../kubernetes/client/KubernetesClient';
import { k8sStatus, setupKubernetesMocks } from '../../testUtils/msw';
import { OcmHubConnector } from './OcmHubConnector';
import { OCM_LIMITS } from './ocm/limits';

const HUB = 'https://ocm-hub.example.com:6443';
const TOKEN = 'ocm-hub-token';
const OCM = `${HUB}/apis/cluster.open-cluster-management.io`;

const server = setupKubernetesMocks();

function connector(logger = mockServices.logger.mock()) {
  return new OcmHubConnector({
    hub: { name: 'hub', url: HUB, token: TOKEN },
    client: KubernetesClient.fromEndpoint(
      { name: 'ocm:hub', url: HUB, token: TOKEN },
      2000,
    ),
    logger,
  });
}

/** A ManagedCluster the way the fleet simulator (and OCM) writes it. */
function managedCluster(
  name: string,
  available: { status: string; reason?: string; message?: string },
) {
  return {
    apiVersion: 'cluster.open-cluster-management.io/v1',
    kind: 'ManagedCluster',
    metadata: {
      name,
      labels: {
        name,
        cloud: 'Amazon',
        vendor: 'EKS',
        region: 'eu-west',
        environment: 'prod',
        'cluster.open-cluster-management.io/clusterset': 'prod',
        'topology.kubernetes.io/zone': 'eu-west-1a',
      },
    },
    spec: {
      hubAcceptsClient: true,
      leaseDurationSeconds: 60,
      managedClusterClientConfigs: [
        { url: `https://${name}.example.com:6443`, caBundle: 'Q0E=' },
      ],
      taints: [
        {
          key: 'cluster.open-cluster-management.io/unreachable',
          effect: 'NoSelect',
          timeAdded: '2026-12-01T00:00:00Z',
        },
      ],
    },
    status: {
      version: { kubernetes: 'v1.20.2' },
      capacity: { cpu: '16', memory: '64Gi', pods: '330' },
      allocatable: { cpu: '15', memory: '60Gi', pods: '330' },
      clusterClaims: [
        { name: 'id.k8s.io', value: name },
        { name: 'platform.open-cluster-management.io', value: 'AWS' },
        { name: 'region.open-cluster-management.io', value: 'eu-west' },
        {
          name: 'kubeversion.open-cluster-management.io',
          value: 'v1.20.2',
        },
      ],
      conditions: [
        {
          type: 'HubAcceptedManagedCluster',
          status: 'True',
          reason: 'HubClusterAdminAccepted',
        },
        { type: 'ManagedClusterJoined', status: 'True' },
        {
          type: 'ManagedClusterConditionAvailable',
          lastTransitionTime: '2026-12-01T10:00:00Z',
          ...available,
        },
      ],
    },
  };
}

function serveClusters(items: unknown[]) {
  server.use(
    http.get(`${OCM}/v1/managedclusters`, ({ request }) => {
      if (request.headers.get('authorization') !== `Bearer ${TOKEN}`) {
        return HttpResponse.json(k8sStatus(401, 'Unauthorized', 'no'), {
          status: 401,
        });
      }
      return HttpResponse.json({
        apiVersion: 'cluster.open-cluster-management.io/v1',
        kind: 'ManagedClusterList',
        metadata: {},
        items,
      });
    }),
  );
}

describe('OcmHubConnector', () => {
  it('maps ManagedClusters: labels, cluster set, claims, region/zone/provider, availability, capacity, taints, URL; no access', async () => {
    serveClusters([
      managedCluster('prod-eu-west-aws-1', {
        status: 'True',
        reason: 'ManagedClusterAvailable',
        message: 'Managed cluster is available',
      }),
      managedCluster('prod-us-east-aws-1', {
        status: 'Unknown',
        reason: 'ManagedClusterLeaseUpdateStopped',
        message: 'Registration agent stopped updating its lease.',
      }),
      managedCluster('prod-down', { status: 'False' }),
    ]);
    const c = connector();
    expect(c.id).toBe('ocm:hub');
    expect(c.type).toBe('ocm');
    const records = await c.listClusters({});
    expect(records.map(r => r.name)).toEqual([
      'prod-eu-west-aws-1',
      'prod-us-east-aws-1',
      'prod-down',
    ]);
    expect(records[0]).toEqual({
      name: 'prod-eu-west-aws-1',
      source: 'ocm',
      sourceId: 'ocm:hub',
      // Since the condition's transition; checked when listed.
      health: {
        source: 'ocm',
        status: 'healthy',
        reason:
          'Available=True: ManagedClusterAvailable: Managed cluster is available',
        since: '2026-12-01T10:00:00Z',
        checkedAt: expect.any(String),
      },
      fields: expect.objectContaining({
        provider: 'aws',
        region: 'eu-west',
        zones: ['eu-west-1a'],
        apiServerUrl: 'https://prod-eu-west-aws-1.example.com:6443',
        kubernetesVersion: 'v1.20.2',
        labels: expect.objectContaining({
          environment: 'prod',
          region: 'eu-west',
          provider: 'aws',
          vendor: 'EKS',
          'cluster.open-cluster-management.io/clusterset': 'prod',
        }),
        taints: [
          {
            key: 'cluster.open-cluster-management.io/unreachable',
            effect: 'NoExecute',
            timeAdded: '2026-12-01T00:00:00Z',
          },
        ],
        capacity: {
          allocatable: { cpu: '15', memory: '60Gi', pods: '330' },
          total: { cpu: '16', memory: '64Gi', pods: '330' },
        },
        ocm: {
          hub: 'hub',
          clusterSet: 'prod',
          hubAcceptsClient: true,
          accepted: true,
          joined: true,
          available: {
            type: 'ManagedClusterConditionAvailable',
            status: 'True',
            reason: 'ManagedClusterAvailable',
            message: 'Managed cluster is available',
            lastTransitionTime: '2026-12-01T10:00:00Z',
          },
          claims: {
            'id.k8s.io': 'prod-eu-west-aws-1',
            'kubeversion.open-cluster-management.io': 'v1.20.2',
            'platform.open-cluster-management.io': 'AWS',
            'region.open-cluster-management.io': 'eu-west',
          },
        },
      }),
    });
    expect(records[0].access).toBeUndefined();
    expect(records[0].fields.problems).toBeUndefined();
    // A stopped lease: the hub no longer hears the member, which is unhealthy.
    expect(records[1].health).toMatchObject({
      source: 'ocm',
      status: 'unhealthy',
      reason:
        'Available=Unknown: ManagedClusterLeaseUpdateStopped: Registration agent stopped updating its lease.',
      since: '2026-12-01T10:00:00Z',
    });
    expect(records[2].health).toMatchObject({
      source: 'ocm',
      status: 'unhealthy',
    });
  });

  it('says why a cluster without an Available condition has no health', async () => {
    const pending = managedCluster('pending', { status: 'True' });
    pending.spec.hubAcceptsClient = false;
    pending.status.conditions = [
      { type: 'HubAcceptedManagedCluster', status: 'False' } as any,
    ];
    serveClusters([pending]);
    const [record] = await connector().listClusters({});
    expect(record.health).toMatchObject({
      source: 'ocm',
      status: 'unknown',
      reason: 'Not accepted by the hub',
    });
    expect(record.fields.ocm).toMatchObject({
      hubAcceptsClient: false,
      accepted: false,
      available: undefined,
    });
  });

  it('fails the listing when the hub refuses it', async () => {
    server.use(
      http.get(`${OCM}/v1/managedclusters`, () =>
        HttpResponse.json(
          k8sStatus(403, 'Forbidden', 'managedclusters is forbidden'),
          { status: 403 },
        ),
      ),
    );
    await expect(connector().listClusters({})).rejects.toThrow(
      /managedclusters is forbidden/,
    );
  });

  it('bounds what a hostile hub serves and names what it left out', async () => {
    const manyLabels: Record<string, unknown> = {};
    for (let i = 0; i < 300; i++)
      manyLabels[`l${String(i).padStart(3, '0')}`] = 'v';
    manyLabels['huge-value'] = 'x'.repeat(100_000);
    manyLabels['not-a-string'] = { nested: true };
    const hostile = JSON.parse(
      JSON.stringify(managedCluster('hostile', { status: 'True' })),
    );
    hostile.metadata.labels = {
      ...manyLabels,
      ...JSON.parse('{"__proto__":"label"}'),
    };
    hostile.status.clusterClaims = [
      ...Array.from({ length: 1000 }, (_, i) => ({
        name: `claim-${String(i).padStart(4, '0')}`,
        value: 'v',
      })),
      { name: 'platform.open-cluster-management.io', value: 'AWS' },
    ];
    hostile.status.allocatable = JSON.parse(
      '{"cpu":"abc","__proto__":{"polluted":"yes"},"pods":"110"}',
    );
    hostile.status.capacity = 'lots';
    hostile.spec.taints = [
      { key: 'ok', effect: 'PreferNoSelect' },
      { key: 'bad', effect: 'Evict' },
      'garbage',
    ];
    hostile.spec.managedClusterClientConfigs = [
      // eslint-disable-next-line no-script-url
      { url: 'javascript:alert(1)' },
    ];
    hostile.status.conditions = [
      {
        type: 'ManagedClusterConditionAvailable',
        status: 'True',
        message: 'm'.repeat(50_000),
      },
    ];
    serveClusters([
      hostile,
      { metadata: { name: 'evil\r\nname' } },
      { metadata: { name: 'n'.repeat(300) } },
      { metadata: {} },
      null,
      'garbage',
      managedCluster('fine', { status: 'True' }),
      managedCluster('fine', { status: 'False' }),
    ]);
    const logger = mockServices.logger.mock();
    const records = await connector(logger).listClusters({});
    expect(records.map(r => r.name)).toEqual(['hostile', 'fine']);
    expect(records[1].health?.status).toBe('healthy');
    expect(logger.warn).toHaveBeenCalledWith(
      'ocm:hub: 5 ManagedClusters without a usable name left out',
    );
    const { fields, health } = records[0];
    // Labels: the first 100 by key, no oversized or non-string value.
    expect(Object.keys(fields.labels!).length).toBeLessThanOrEqual(
      OCM_LIMITS.labels + 6,
    );
    expect(fields.labels!['huge-value']).toBeUndefined();
    expect(fields.labels!['not-a-string']).toBeUndefined();
    expect(Object.keys(fields.ocm!.claims!)).toHaveLength(OCM_LIMITS.claims);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(fields.capacity).toEqual({ allocatable: { pods: '110' } });
    expect(fields.taints).toEqual([{ key: 'ok', effect: 'PreferNoSchedule' }]);
    expect(fields.apiServerUrl).toBeUndefined();
    // `Available=<status>: <reason>: <message>`, each part bounded.
    expect(health!.reason!.length).toBeLessThanOrEqual(
      OCM_LIMITS.textLength + 256 + 100,
    );
    expect(fields.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^metadata\.labels: 2 entries left out/),
        expect.stringMatching(/^metadata\.labels: 301 entries, the first 100/),
        expect.stringMatching(
          /^status\.clusterClaims: 1001 claims, only the first 200 read/,
        ),
        expect.stringMatching(
          /^status\.allocatable: cpu 'abc' is not a quantity/,
        ),
        expect.stringMatching(/^status\.capacity: /),
        expect.stringMatching(/^spec\.taints: a taint left out/),
        expect.stringMatching(
          /^spec\.managedClusterClientConfigs\[0\]\.url: not an http\(s\) URL/,
        ),
      ]),
    );
  });

  it('reads the entity’s Placements with their decisions', async () => {
    const selectors: (string | null)[] = [];
    server.use(
      http.get(`${OCM}/v1beta1/namespaces/shop/placements`, ({ request }) => {
        selectors.push(new URL(request.url).searchParams.get('labelSelector'));
        return HttpResponse.json({
          items: [
            {
              metadata: {
                name: 'storefront',
                namespace: 'shop',
                labels: { 'backstage.io/kubernetes-id': 'storefront' },
              },
              spec: {
                clusterSets: ['prod'],
                numberOfClusters: 2,
                predicates: [
                  {
                    requiredClusterSelector: {
                      labelSelector: {
                        matchExpressions: [
                          {
                            key: 'region',
                            operator: 'In',
                            values: ['eu-west', 'us-east'],
                          },
                        ],
                      },
                      claimSelector: {
                        matchExpressions: [
                          {
                            key: 'platform.open-cluster-management.io',
                            operator: 'In',
                            values: ['AWS'],
                          },
                        ],
                      },
                    },
                  },
                ],
              },
              status: {
                numberOfSelectedClusters: 2,
                conditions: [
                  {
                    type: 'PlacementSatisfied',
                    status: 'True',
                    reason: 'AllDecisionsScheduled',
                    message: 'All cluster decisions scheduled',
                  },
                ],
              },
            },
          ],
        });
      }),
      http.get(
        `${OCM}/v1beta1/namespaces/shop/placementdecisions`,
        ({ request }) => {
          selectors.push(
            new URL(request.url).searchParams.get('labelSelector'),
          );
          return HttpResponse.json({
            items: [
              {
                metadata: { name: 'storefront-decision-1', namespace: 'shop' },
                status: {
                  decisions: [
                    { clusterName: 'prod-eu-west-aws-1', reason: '' },
                    { clusterName: 'prod-us-east-aws-1', reason: '' },
                  ],
                },
              },
            ],
          });
        },
      ),
    );
    const placements = await connector().entityPlacements({
      kubernetesId: 'storefront',
      namespace: 'shop',
    });
    expect(selectors).toEqual([
      'backstage.io/kubernetes-id=storefront',
      'cluster.open-cluster-management.io/placement=storefront',
    ]);
    expect(placements).toEqual([
      {
        hub: 'hub',
        namespace: 'shop',
        name: 'storefront',
        clusterSets: ['prod'],
        numberOfClusters: 2,
        predicates: [
          'labels: region In (eu-west,us-east); claims: platform.open-cluster-management.io In (AWS)',
        ],
        numberOfSelectedClusters: 2,
        decisions: [
          { cluster: 'prod-eu-west-aws-1', reason: undefined },
          { cluster: 'prod-us-east-aws-1', reason: undefined },
        ],
        satisfied: {
          status: 'True',
          reason: 'AllDecisionsScheduled',
          message: 'All cluster decisions scheduled',
        },
      },
    ]);
  });

  it('asks the hub nothing for an id no label can hold', async () => {
    await expect(
      connector().entityPlacements({ kubernetesId: 'a,b=c' }),
    ).resolves.toEqual([]);
  });
});
