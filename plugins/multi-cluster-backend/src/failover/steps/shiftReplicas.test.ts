import { http, HttpResponse } from 'msw';
import {
  KARMADA,
  KARMADA_TOKEN,
  k8sStatus,
  setupKubernetesMocks,
} from '@flotilla/plugin-multi-cluster-node/testUtils';
import { stepContext, testRun } from '../__testUtils__/steps';
import { shiftReplicas } from './shiftReplicas';
import { testKarmadaConnector } from '../__testUtils__/karmada';

const OP = `${KARMADA}/apis/policy.karmada.io/v1alpha1/namespaces/shop/overridepolicies`;
const NAME = 'flotilla-failover-checkout';
const server = setupKubernetesMocks();

const karmada = () => testKarmadaConnector();

const policy = (rv: string, rules: any[] = []) => ({
  apiVersion: 'policy.karmada.io/v1alpha1',
  kind: 'OverridePolicy',
  metadata: { name: NAME, namespace: 'shop', resourceVersion: rv },
  spec: {
    resourceSelectors: [
      { apiVersion: 'apps/v1', kind: 'Deployment', name: 'checkout' },
    ],
    overrideRules: rules,
  },
});

const otherRule = {
  targetCluster: { clusterNames: ['ap'] },
  overriders: {
    plaintext: [{ path: '/spec/replicas', operator: 'replace', value: 1 }],
  },
};

const expectedRules = [
  {
    targetCluster: { clusterNames: ['eu'] },
    overriders: {
      plaintext: [{ path: '/spec/replicas', operator: 'replace', value: 0 }],
    },
  },
  {
    targetCluster: { clusterNames: ['us'] },
    overriders: {
      plaintext: [{ path: '/spec/replicas', operator: 'replace', value: 4 }],
    },
  },
];

describe('shift-replicas through the Karmada OverridePolicy', () => {
  const auth: string[] = [];
  beforeEach(() => auth.splice(0));
  const seen = (req: Request) =>
    auth.push(req.headers.get('authorization') ?? '');

  it('creates the OverridePolicy when it does not exist', async () => {
    let created: any;
    server.use(
      http.get(`${OP}/${NAME}`, ({ request }) => {
        seen(request);
        return HttpResponse.json(k8sStatus(404, 'NotFound', 'not found'), {
          status: 404,
        });
      }),
      http.post(OP, async ({ request }) => {
        seen(request);
        created = await request.json();
        return HttpResponse.json(
          {
            ...created,
            metadata: { ...created.metadata, resourceVersion: '1' },
          },
          { status: 201 },
        );
      }),
    );
    const run = testRun({}, true);
    const result = await shiftReplicas(
      stepContext(run, 'shift-replicas', { karmada: [karmada()] }),
    );
    expect(result.output).toMatchObject({
      action: 'created',
      name: NAME,
      namespace: 'shop',
      resourceVersion: '1',
    });
    expect(created).toEqual({
      apiVersion: 'policy.karmada.io/v1alpha1',
      kind: 'OverridePolicy',
      metadata: {
        name: NAME,
        namespace: 'shop',
        labels: {
          'app.kubernetes.io/managed-by': 'flotilla',
          'backstage.io/kubernetes-id': 'checkout',
        },
        annotations: { 'flotilla.io/failover-run': 'run-1' },
      },
      spec: {
        resourceSelectors: [
          {
            apiVersion: 'apps/v1',
            kind: 'Deployment',
            name: 'checkout',
            namespace: 'shop',
          },
        ],
        overrideRules: expectedRules,
      },
    });
    expect(auth).toEqual([
      `Bearer ${KARMADA_TOKEN}`,
      `Bearer ${KARMADA_TOKEN}`,
    ]);
  });

  it('patches with the read resourceVersion, keeps other clusters, and retries a 409 after re-reading', async () => {
    const patches: { body: any; type: string | null }[] = [];
    let rv = 7;
    server.use(
      http.get(`${OP}/${NAME}`, ({ request }) => {
        seen(request);
        return HttpResponse.json(policy(String(rv), [otherRule]));
      }),
      http.patch(`${OP}/${NAME}`, async ({ request }) => {
        seen(request);
        patches.push({
          body: await request.json(),
          type: request.headers.get('content-type'),
        });
        if (patches.length === 1) {
          rv = 8; // someone else wrote in between
          return HttpResponse.json(
            k8sStatus(409, 'Conflict', 'the object has been modified'),
            { status: 409 },
          );
        }
        return HttpResponse.json(policy('9', [otherRule, ...expectedRules]));
      }),
    );
    const run = testRun({}, true);
    const result = await shiftReplicas(
      stepContext(run, 'shift-replicas', { karmada: [karmada()] }),
    );
    expect(result.output).toMatchObject({
      action: 'patched',
      attempts: 2,
      resourceVersion: '9',
    });
    expect(patches.map(p => p.body.metadata.resourceVersion)).toEqual([
      '7',
      '8',
    ]);
    expect(patches[1].type).toBe('application/merge-patch+json');
    expect(patches[1].body.spec.overrideRules).toEqual([
      otherRule,
      ...expectedRules,
    ]);
    expect(new Set(auth)).toEqual(new Set([`Bearer ${KARMADA_TOKEN}`]));
  });

  it.each([
    [
      '500',
      () =>
        HttpResponse.json(k8sStatus(500, 'InternalError', 'etcd is sad'), {
          status: 500,
        }),
      /etcd is sad/,
    ],
    ['connection refused', () => HttpResponse.error(), /request failed/],
  ])(
    'surfaces a %s on PATCH as an error the runner retries',
    async (_name, reply, message) => {
      server.use(
        http.get(`${OP}/${NAME}`, () => HttpResponse.json(policy('3'))),
        http.patch(`${OP}/${NAME}`, reply),
      );
      const run = testRun({}, true);
      await expect(
        shiftReplicas(
          stepContext(run, 'shift-replicas', { karmada: [karmada()] }),
        ),
      ).rejects.toThrow(message);
    },
  );

  it('gives up after repeated 409s with a clear conflict', async () => {
    server.use(
      http.get(`${OP}/${NAME}`, () => HttpResponse.json(policy('3'))),
      http.patch(`${OP}/${NAME}`, () =>
        HttpResponse.json(k8sStatus(409, 'Conflict', 'modified'), {
          status: 409,
        }),
      ),
    );
    await expect(
      shiftReplicas(
        stepContext(testRun({}, true), 'shift-replicas', {
          karmada: [karmada()],
        }),
      ),
    ).rejects.toThrow(/modified concurrently 4 times; giving up/);
  });

  it('only reports what it would apply in a dry drill', async () => {
    const run = testRun({ dry: true }, true);
    const result = await shiftReplicas(
      stepContext(run, 'shift-replicas', { karmada: [karmada()] }),
    );
    expect(result.output).toMatchObject({
      dryRun: true,
      wouldApply: { kind: 'OverridePolicy' },
    });
  });
});

describe('shift-replicas by direct scaling', () => {
  it('scales targets up first, then sources to 0, and defers an unreachable source', async () => {
    const calls: string[] = [];
    const workloads = {
      listWorkloads: async (cluster: string) => {
        if (cluster === 'eu')
          throw new Error('eu: request failed (ECONNREFUSED)');
        return [
          {
            cluster,
            namespace: 'shop',
            kind: 'Deployment' as const,
            name: 'checkout',
            replicas: 0,
            readyReplicas: 0,
          },
        ];
      },
      scaleWorkload: async (cluster: string, t: any) => {
        calls.push(`${cluster}=${t.replicas}`);
        return { ...t, cluster, source: 'kubernetes' as const };
      },
    };
    const result = await shiftReplicas(
      stepContext(testRun(), 'shift-replicas', { workloads }),
    );
    expect(calls).toEqual(['us=4']);
    expect(result.output).toMatchObject({
      unreachableSources: [
        { cluster: 'eu', error: 'eu: request failed (ECONNREFUSED)' },
      ],
    });
  });

  it('fails (retryably) when a target cannot be scaled', async () => {
    const workloads = {
      listWorkloads: async (cluster: string) => [
        {
          cluster,
          namespace: 'shop',
          kind: 'Deployment' as const,
          name: 'checkout',
          replicas: 0,
          readyReplicas: 0,
        },
      ],
      scaleWorkload: async (cluster: string) => {
        if (cluster === 'us')
          throw new Error('us: scale Deployment shop/checkout: HTTP 500');
        return {} as any;
      },
    };
    await expect(
      shiftReplicas(stepContext(testRun(), 'shift-replicas', { workloads })),
    ).rejects.toThrow('HTTP 500');
  });
});
