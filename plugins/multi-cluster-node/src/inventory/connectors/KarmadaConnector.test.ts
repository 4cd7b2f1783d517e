import { mockServices } from '@backstage/backend-test-utils';
import { ConflictError } from '@backstage/errors';
import { http, HttpResponse } from 'msw';
import { KubernetesClient } from '../../kubernetes/client/KubernetesClient';
import { k8sStatus, setupKubernetesMocks } from '../../testUtils/msw';
import { KarmadaConnector } from './KarmadaConnector';
import {
  KARMADA,
  KARMADA_TOKEN,
  karmadaClusters,
  resourceBindings,
} from '../../testUtils/karmadaFixtures';
import { karmadaClustersWithGarbage } from '../../testUtils/hostileClusters';

const server = setupKubernetesMocks();

function connector(retries = 3, logger = mockServices.logger.mock()) {
  return new KarmadaConnector({
    controlPlane: { name: 'global', url: KARMADA, token: KARMADA_TOKEN },
    client: KubernetesClient.fromEndpoint(
      { name: 'karmada-global', url: KARMADA, token: KARMADA_TOKEN },
      2000,
    ),
    logger,
    conflictRetries: retries,
  });
}

describe('KarmadaConnector', () => {
  it('maps member clusters: Ready, taints, provider/region/zones, resourceSummary, placed workloads', async () => {
    const tokens = new Set<string>();
    server.use(
      http.get(
        `${KARMADA}/apis/cluster.karmada.io/v1alpha1/clusters`,
        ({ request }) => {
          tokens.add(request.headers.get('authorization') ?? '');
          return HttpResponse.json(karmadaClusters);
        },
      ),
      http.get(
        `${KARMADA}/apis/work.karmada.io/v1alpha2/resourcebindings`,
        ({ request }) => {
          tokens.add(request.headers.get('authorization') ?? '');
          return HttpResponse.json(resourceBindings);
        },
      ),
    );
    const records = await connector().listClusters({});
    expect(tokens).toEqual(new Set([`Bearer ${KARMADA_TOKEN}`]));
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      name: 'member-eu',
      source: 'karmada',
      sourceId: 'karmada:global',
      access: {
        kind: 'karmada-proxy',
        controlPlane: 'global',
        cluster: 'member-eu',
      },
      health: {
        source: 'karmada',
        status: 'healthy',
        reason: 'Ready=True: cluster is healthy and ready to accept workloads',
        since: '2026-12-01T10:00:00Z',
      },
      fields: {
        provider: 'aws',
        region: 'eu-west-1',
        zones: ['eu-west-1a', 'eu-west-1b'],
        environment: 'prod',
        apiServerUrl: 'https://member-eu.example.com:6443',
        kubernetesVersion: 'v1.31.2',
        labels: expect.objectContaining({
          tier: 'gold',
          environment: 'prod',
          region: 'eu-west-1',
          provider: 'aws',
        }),
        taints: [{ key: 'maintenance', effect: 'PreferNoSchedule' }],
        capacity: {
          allocatable: { cpu: '48', memory: '192Gi', pods: '330' },
          allocated: { cpu: '12', memory: '40Gi', pods: '80' },
          allocating: { cpu: '1' },
        },
        karmada: { controlPlane: 'global', syncMode: 'Push', ready: true },
        workloads: [
          {
            namespace: 'shop',
            kind: 'Deployment',
            name: 'checkout',
            replicas: 3,
            source: 'karmada',
          },
        ],
      },
    });
    expect(records[1]).toMatchObject({
      name: 'member-us',
      health: {
        source: 'karmada',
        status: 'unhealthy',
        reason: 'Ready=False: cluster is not reachable',
      },
      fields: {
        taints: [
          expect.objectContaining({ key: 'cluster.karmada.io/not-ready' }),
        ],
      },
    });
  });

  it('keeps clusters when ResourceBindings cannot be listed, with the reason as a problem on each', async () => {
    server.use(
      http.get(`${KARMADA}/apis/cluster.karmada.io/v1alpha1/clusters`, () =>
        HttpResponse.json(karmadaClusters),
      ),
      http.get(
        `${KARMADA}/apis/work.karmada.io/v1alpha2/resourcebindings`,
        () =>
          HttpResponse.json(
            k8sStatus(403, 'Forbidden', 'resourcebindings is forbidden'),
            { status: 403 },
          ),
      ),
    );
    const records = await connector().listClusters({});
    expect(records.map(r => r.name)).toEqual(['member-eu', 'member-us']);
    expect(records[0].fields.workloads).toBeUndefined();
    for (const record of records) {
      expect(record.fields.problems).toEqual([
        expect.stringMatching(
          /cannot list ResourceBindings, placed workloads unknown: .*resourcebindings is forbidden/,
        ),
      ]);
    }
  });

  it('keeps a member reporting garbage quantities, with its valid resources and the problems named by field', async () => {
    server.use(
      http.get(`${KARMADA}/apis/cluster.karmada.io/v1alpha1/clusters`, () =>
        HttpResponse.json(karmadaClustersWithGarbage),
      ),
      http.get(
        `${KARMADA}/apis/work.karmada.io/v1alpha2/resourcebindings`,
        () => HttpResponse.json(resourceBindings),
      ),
    );
    const records = await connector().listClusters({});
    expect(records.map(r => r.name)).toEqual([
      'member-eu',
      'member-us',
      'member-garbage',
    ]);
    const garbage = records[2];
    expect(garbage.fields.capacity).toEqual({
      allocatable: { pods: '110' },
      allocated: { pods: '10' },
    });
    expect(garbage.fields.problems).toEqual([
      expect.stringMatching(
        /^annotation flotilla\.io\/capacity is not used: .*'__proto__'/,
      ),
      expect.stringMatching(
        /^resourceSummary\.allocatable: cpu 'abc' is not a quantity: /,
      ),
      expect.stringMatching(
        /^resourceSummary\.allocatable: memory '1e999999999' is not a quantity: .*exponent/,
      ),
      expect.stringMatching(
        /^resourceSummary\.allocatable: "__proto__" is not a resource name: /,
      ),
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The others are read as before.
    expect(records[0].fields.capacity?.allocatable).toEqual({
      cpu: '48',
      memory: '192Gi',
      pods: '330',
    });
    expect(records[0].fields.problems).toBeUndefined();
  });

  it('escapes the control plane’s error text in its log line', async () => {
    const logger = mockServices.logger.mock();
    server.use(
      http.get(`${KARMADA}/apis/cluster.karmada.io/v1alpha1/clusters`, () =>
        HttpResponse.json(karmadaClusters),
      ),
      http.get(
        `${KARMADA}/apis/work.karmada.io/v1alpha2/resourcebindings`,
        () =>
          HttpResponse.json(
            k8sStatus(
              403,
              'Forbidden',
              'denied\r\n2026-01-01T00:00:00Z info forged entry\0',
            ),
            { status: 403 },
          ),
      ),
    );
    await connector(3, logger).listClusters({});
    expect(logger.warn).toHaveBeenCalledTimes(1);
    const line: string = (logger.warn as jest.Mock).mock.calls[0][0];
    expect(line).toContain(
      'denied\\r\\n2026-01-01T00:00:00Z info forged entry\\0',
    );
    expect(line).not.toMatch(/[\r\n\0]/);
  });

  it('patches an OverridePolicy with a resourceVersion precondition and retries conflicts', async () => {
    let rv = 7;
    const bodies: any[] = [];
    server.use(
      http.get(
        `${KARMADA}/apis/policy.karmada.io/v1alpha1/namespaces/shop/overridepolicies/checkout-op`,
        () =>
          HttpResponse.json({
            apiVersion: 'policy.karmada.io/v1alpha1',
            kind: 'OverridePolicy',
            metadata: {
              name: 'checkout-op',
              namespace: 'shop',
              resourceVersion: String(rv++),
            },
            spec: { overrideRules: [] },
          }),
      ),
      http.patch(
        `${KARMADA}/apis/policy.karmada.io/v1alpha1/namespaces/shop/overridepolicies/checkout-op`,
        async ({ request }) => {
          expect(request.headers.get('content-type')).toBe(
            'application/merge-patch+json',
          );
          const body: any = await request.json();
          bodies.push(body);
          if (bodies.length === 1) {
            return HttpResponse.json(
              k8sStatus(409, 'Conflict', 'the object has been modified'),
              { status: 409 },
            );
          }
          return HttpResponse.json({
            ...body,
            metadata: { ...body.metadata, resourceVersion: '99' },
          });
        },
      ),
    );
    const result = await connector().patchOverridePolicy(
      'shop',
      'checkout-op',
      () => ({
        spec: {
          overrideRules: [{ targetCluster: { clusterNames: ['member-us'] } }],
        },
      }),
    );
    expect(result.attempts).toBe(2);
    expect(bodies.map(b => b.metadata.resourceVersion)).toEqual(['7', '8']);

    server.use(
      http.patch(
        `${KARMADA}/apis/policy.karmada.io/v1alpha1/namespaces/shop/overridepolicies/checkout-op`,
        () =>
          HttpResponse.json(k8sStatus(409, 'Conflict', 'modified'), {
            status: 409,
          }),
      ),
    );
    await expect(
      connector(1).patchOverridePolicy('shop', 'checkout-op', () => ({
        spec: {},
      })),
    ).rejects.toThrow(ConflictError);
  });
});
