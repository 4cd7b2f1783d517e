import {
  mockCredentials,
  mockServices,
  TestDatabases,
} from '@backstage/backend-test-utils';
import { http, HttpResponse } from 'msw';
import {
  KarmadaConnector,
  KubernetesClient,
} from '@flotilla/plugin-multi-cluster-node';
import {
  KARMADA,
  KARMADA_TOKEN,
  setupKubernetesMocks,
} from '@flotilla/plugin-multi-cluster-node/testUtils';
import { inversePlan } from '@flotilla/plugin-multi-cluster-common';
import { createHarness, OWNER, waitFor } from './__testUtils__/harness';
import { karmadaPolicies } from './__testUtils__/karmadaPolicies';
import type { InMemoryFleet } from '../__testUtils__/InMemoryFleet';

jest.setTimeout(60_000);

const databases = TestDatabases.create({ ids: ['SQLITE_3'] });
const server = setupKubernetesMocks();
const owner = mockCredentials.user(OWNER);

const template = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: {
    name: 'checkout',
    namespace: 'shop',
    labels: { 'backstage.io/kubernetes-id': 'checkout' },
  },
  spec: { replicas: 3 },
};

function serveKarmadaPlacement() {
  server.use(
    http.get(`${KARMADA}/apis/apps/v1/namespaces/shop/deployments`, () =>
      HttpResponse.json({ kind: 'DeploymentList', items: [template] }),
    ),
    http.get(`${KARMADA}/apis/apps/v1/namespaces/shop/statefulsets`, () =>
      HttpResponse.json({ kind: 'StatefulSetList', items: [] }),
    ),
    http.get(
      `${KARMADA}/apis/policy.karmada.io/v1alpha1/namespaces/shop/propagationpolicies`,
      () =>
        HttpResponse.json({
          items: [
            {
              metadata: { name: 'checkout-pp', namespace: 'shop' },
              spec: {
                resourceSelectors: [
                  {
                    apiVersion: 'apps/v1',
                    kind: 'Deployment',
                    name: 'checkout',
                  },
                ],
                placement: {
                  clusterAffinity: { clusterNames: ['eu-west', 'us-east'] },
                },
              },
            },
          ],
        }),
    ),
    http.get(
      `${KARMADA}/apis/policy.karmada.io/v1alpha1/clusterpropagationpolicies`,
      () => HttpResponse.json({ items: [] }),
    ),
    http.get(
      `${KARMADA}/apis/work.karmada.io/v1alpha2/namespaces/shop/resourcebindings`,
      () =>
        HttpResponse.json({
          items: [
            {
              metadata: { name: 'checkout-deployment', namespace: 'shop' },
              spec: {
                resource: {
                  kind: 'Deployment',
                  name: 'checkout',
                  namespace: 'shop',
                },
                // A warm standby: Karmada gives us-east a Work to resize.
                clusters: [
                  { name: 'eu-west', replicas: 3 },
                  { name: 'us-east', replicas: 1 },
                ],
              },
            },
          ],
        }),
    ),
  );
}

describe('DefaultFailoverService', () => {
  it('detects Karmada propagation and shifts through the OverridePolicy end to end', async () => {
    serveKarmadaPlacement();
    // Karmada's part: each member runs its rule's count, else its own.
    const harness: { fleet?: InMemoryFleet } = {};
    const scheduled: Record<string, number> = { 'eu-west': 3, 'us-east': 0 };
    const policies = karmadaPolicies(server, rules => {
      for (const [cluster, replicas] of Object.entries(scheduled)) {
        harness.fleet?.setReplicas(
          cluster,
          'checkout',
          rules[cluster] ?? replicas,
        );
      }
    });
    const karmada = new KarmadaConnector({
      controlPlane: { name: 'global', url: KARMADA, token: KARMADA_TOKEN },
      client: KubernetesClient.fromEndpoint(
        { name: 'karmada:global', url: KARMADA, token: KARMADA_TOKEN },
        2000,
      ),
      logger: mockServices.logger.mock(),
      conflictRetries: 2,
    });
    const h = await createHarness(await databases.init('SQLITE_3'), {
      karmada: [karmada],
      executors: { verify: async () => ({ output: { stubbed: true } }) },
    });
    harness.fleet = h.fleet;
    const result: any = await h.service.create(
      {
        entityRef: 'component:default/checkout',
        from: 'eu-west',
        to: 'us-east',
        reason: 'eu down',
        force: true,
      },
      owner,
    );
    expect(result.run.plan.method).toBe('karmada-override');
    expect(result.run.context.karmada).toEqual({
      controlPlane: 'global',
      namespace: 'shop',
      resources: [
        { apiVersion: 'apps/v1', kind: 'Deployment', name: 'checkout' },
      ],
      propagationPolicy: 'checkout-pp',
    });
    h.worker.start();
    const run = await waitFor(async () => {
      const r = await h.store.getRun(result.run.id);
      return r?.status === 'succeeded' && r;
    });
    // Make before break: us-east's rule first, eu-west's once us-east ran
    // its replicas; each rule recorded as it was written.
    expect(policies.writes).toEqual([
      'create {"us-east":3}',
      'patch {"us-east":3,"eu-west":0}',
    ]);
    expect(
      run.changes!.map(c => [c.cluster, c.phase, c.before, c.after, c.status]),
    ).toEqual([
      ['us-east', 'raise', undefined, 3, 'applied'],
      ['eu-west', 'lower', undefined, 0, 'applied'],
    ]);
    // The rollback undoes exactly that, and removes the policy it leaves
    // without rules.
    const rollback = await h.service.rollback(run.id, {}, owner);
    const undone = await waitFor(async () => {
      const r = await h.store.getRun(rollback.run.id);
      return r?.status === 'succeeded' && r;
    });
    await h.worker.stop();
    expect(undone.status).toBe('succeeded');
    expect(policies.writes.slice(2)).toEqual([
      'patch {"us-east":3}',
      'patch {}',
      'delete',
    ]);
    expect(policies.policies.size).toBe(0);
    expect(h.fleet.replicas('eu-west', 'checkout')).toBe(3);
    // the inverse plan fails back the recorded change
    const back = inversePlan(run, [
      { cluster: 'eu-west', before: 3, after: 0 },
      { cluster: 'us-east', before: 0, after: 3 },
    ]);
    expect(back.moves).toEqual([
      { cluster: 'eu-west', before: 0, after: 3 },
      { cluster: 'us-east', before: 3, after: 0 },
    ]);
    expect(back.steps.map(s => s.kind)).toEqual(
      run.plan.steps.map(s => s.kind),
    );
    expect(back.steps[0].params).toEqual({ cluster: 'us-east', force: true });
  });

  it('rejects an idempotencyKey reused for another entity with 422', async () => {
    const h = await createHarness(await databases.init('SQLITE_3'), {
      services: ['checkout', 'cart'],
    });
    await h.service.create(
      {
        entityRef: 'component:default/checkout',
        from: 'eu-west',
        reason: 'x',
        force: true,
        idempotencyKey: 'k',
      },
      owner,
    );
    await expect(
      h.service.create(
        {
          entityRef: 'component:default/cart',
          from: 'eu-west',
          reason: 'x',
          force: true,
          idempotencyKey: 'k',
        },
        owner,
      ),
    ).rejects.toMatchObject({
      name: 'IdempotencyKeyReusedError',
      statusCode: 422,
      message: expect.stringContaining(
        "idempotencyKey 'k' was already used for a different request",
      ),
    });
  });
});
