import { http, HttpResponse } from 'msw';
import { ClusterClientFactory } from '@flotilla/plugin-multi-cluster-node';
import {
  k8sStatus,
  setupKubernetesMocks,
} from '@flotilla/plugin-multi-cluster-node/testUtils';
import { WorkloadService } from '../../workloads/WorkloadService';
import { stepContext, testRun } from '../__testUtils__/steps';
import type { ClusterChange } from '../ChangeJournal';
import { shiftReplicas } from './shift';
import { verify } from './verify';

const server = setupKubernetesMocks();
const url = (c: string) => `https://${c}.example.com:6443`;
const token = (c: string) => `${c}-sa-token`;

function direct() {
  const clients = new ClusterClientFactory({
    configClusters: ['eu', 'us'].map(c => ({
      name: c,
      url: url(c),
      token: token(c),
    })),
    karmada: [],
    clusterApi: [],
    catalog: { enabled: false },
    clusterTimeoutMs: 1000,
  });
  const inventory: any = {
    getCluster: async (name: string) => ({ name }),
    getAccess: async (name: string) => ({
      kind: 'direct',
      url: url(name),
      credentialRef: `config:${name}`,
    }),
  };
  return {
    workloads: new WorkloadService({ inventory, clients }),
    inventory,
    clients,
    conflictRetries: 2,
  };
}

let rv = 100;
const deployment = (replicas: number, available: number) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: {
    name: 'checkout',
    namespace: 'shop',
    resourceVersion: String(rv),
    labels: { 'backstage.io/kubernetes-id': 'checkout' },
  },
  spec: { replicas },
  status: { replicas, readyReplicas: available, availableReplicas: available },
});

function serveCluster(
  c: string,
  state: { replicas: number; available: number },
  patch?: () => Response,
  patches: any[] = [],
) {
  const base = `${url(c)}/apis/apps/v1/namespaces/shop`;
  const auth: (string | null)[] = [];
  server.use(
    http.get(`${base}/deployments/checkout`, ({ request }) => {
      auth.push(request.headers.get('authorization'));
      return HttpResponse.json(deployment(state.replicas, state.available));
    }),
    http.get(`${base}/deployments`, ({ request }) => {
      auth.push(request.headers.get('authorization'));
      expect(new URL(request.url).searchParams.get('labelSelector')).toBe(
        'backstage.io/kubernetes-id=checkout',
      );
      return HttpResponse.json({
        kind: 'DeploymentList',
        items: [deployment(state.replicas, state.available)],
      });
    }),
    http.get(`${base}/statefulsets`, () =>
      HttpResponse.json({ kind: 'StatefulSetList', items: [] }),
    ),
    http.patch(`${base}/deployments/checkout/scale`, async ({ request }) => {
      auth.push(request.headers.get('authorization'));
      const body: any = await request.json();
      patches.push({ body, type: request.headers.get('content-type') });
      if (patch) return patch();
      if (body.metadata.resourceVersion !== String(rv)) {
        return HttpResponse.json(k8sStatus(409, 'Conflict', 'stale'), {
          status: 409,
        });
      }
      rv++;
      state.replicas = body.spec.replicas;
      state.available = body.spec.replicas;
      return HttpResponse.json(deployment(state.replicas, state.available));
    }),
  );
  return auth;
}

describe('direct scaling and verification against Kubernetes', () => {
  it('patches with the read resourceVersion and re-reads after a 409', async () => {
    const us = { replicas: 0, available: 0 };
    const patches: any[] = [];
    serveCluster('eu', { replicas: 4, available: 4 });
    let conflicts = 1;
    serveCluster(
      'us',
      us,
      () => {
        if (conflicts-- > 0) {
          rv++; // someone else wrote after our read
          return HttpResponse.json(k8sStatus(409, 'Conflict', 'modified'), {
            status: 409,
          });
        }
        us.replicas = 4;
        us.available = 4;
        return HttpResponse.json(deployment(4, 4));
      },
      patches,
    );
    const shifted = await shiftReplicas(
      stepContext(testRun(), 'shift-replicas', direct()),
    );
    expect(patches).toHaveLength(2);
    expect(patches[0].type).toBe('application/merge-patch+json');
    expect(patches[0].body.spec).toEqual({ replicas: 4 });
    expect(Number(patches[1].body.metadata.resourceVersion)).toBe(
      Number(patches[0].body.metadata.resourceVersion) + 1,
    );
    expect(shifted.output!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ cluster: 'us', before: 0, after: 4 }),
      ]),
    );
  });

  it('gives up clearly after persistent 409 conflicts', async () => {
    serveCluster('eu', { replicas: 4, available: 4 });
    serveCluster('us', { replicas: 0, available: 0 }, () =>
      HttpResponse.json(k8sStatus(409, 'Conflict', 'modified'), {
        status: 409,
      }),
    );
    await expect(
      shiftReplicas(stepContext(testRun(), 'shift-replicas', direct())),
    ).rejects.toThrow(
      'us: Deployment shop/checkout was modified concurrently 3 times; giving up',
    );
  });

  it('scales the Deployments with each cluster token, then verifies the available replicas', async () => {
    const eu = { replicas: 4, available: 4 };
    const us = { replicas: 0, available: 0 };
    const euAuth = serveCluster('eu', eu);
    const usAuth = serveCluster('us', us);
    const deps = direct();
    const run = testRun();
    const journal: ClusterChange[] = [];
    const shifted = await shiftReplicas(
      stepContext(run, 'shift-replicas', deps, undefined, journal),
    );
    // Make before break: the target first, then the source, each recorded
    // with the resourceVersion its write returned.
    expect(shifted.output!.changes).toEqual([
      expect.objectContaining({
        cluster: 'us',
        target: 'shop/Deployment/checkout',
        phase: 'raise',
        before: 0,
        after: 4,
        resourceVersion: expect.any(String),
      }),
      expect.objectContaining({
        cluster: 'eu',
        target: 'shop/Deployment/checkout',
        phase: 'lower',
        before: 4,
        after: 0,
        resourceVersion: expect.any(String),
      }),
    ]);
    expect([eu.replicas, us.replicas]).toEqual([0, 4]);
    const verified = await verify(
      stepContext(run, 'verify', deps, undefined, journal),
    );
    expect(verified.output).toMatchObject({
      clusters: [{ cluster: 'us', expected: 4, available: 4, ok: true }],
    });
    expect(new Set(euAuth)).toEqual(new Set([`Bearer ${token('eu')}`]));
    expect(new Set(usAuth)).toEqual(new Set([`Bearer ${token('us')}`]));
  });

  it.each([
    [
      '500',
      () =>
        HttpResponse.json(
          k8sStatus(500, 'InternalError', 'apiserver overloaded'),
          { status: 500 },
        ),
      /apiserver overloaded/,
    ],
    ['connection refused', () => HttpResponse.error(), /request failed/],
  ])(
    'fails the attempt on a %s from the target',
    async (_n, reply, message) => {
      serveCluster('eu', { replicas: 4, available: 4 });
      serveCluster('us', { replicas: 0, available: 0 }, reply as any);
      await expect(
        shiftReplicas(stepContext(testRun(), 'shift-replicas', direct())),
      ).rejects.toThrow(message);
    },
  );

  it('does not pass verify while the target is still rolling out, and reports a refused connection', async () => {
    serveCluster('us', { replicas: 4, available: 1 });
    // Each step's deadline passes as it starts its second read of the
    // target: it has seen one answer by then, however slow the machine.
    // (One read of the target per poll: its Deployments, then StatefulSets.)
    let controller = new AbortController();
    let deploymentReads = 0;
    const deadlineOnSecondRead = ({ request }: { request: Request }) => {
      if (!request.url.includes('/namespaces/shop/deployments')) return;
      deploymentReads += 1;
      if (deploymentReads === 2) controller.abort(new Error('timed out'));
    };
    server.events.on('request:start', deadlineOnSecondRead);
    try {
      await expect(
        verify(stepContext(testRun(), 'verify', direct(), controller.signal)),
      ).rejects.toThrow(/us: 1 of 4 available/);
      server.use(
        http.get(`${url('us')}/apis/apps/v1/namespaces/shop/deployments`, () =>
          HttpResponse.error(),
        ),
      );
      controller = new AbortController();
      deploymentReads = 0;
      await expect(
        verify(stepContext(testRun(), 'verify', direct(), controller.signal)),
      ).rejects.toThrow(/request failed/);
    } finally {
      server.events.removeListener('request:start', deadlineOnSecondRead);
    }
  });
});
