import { mockCredentials } from '@backstage/backend-test-utils';
import { http, HttpResponse } from 'msw';
import {
  KARMADA,
  KARMADA_TOKEN,
  resourceBindings,
  k8sStatus,
  setupKubernetesMocks,
  untilTestEnds,
} from '@flotilla/plugin-multi-cluster-node/testUtils';
import { parsePlacementAnnotation } from './EntityPlacementService';
import {
  PROXY,
  deployment,
  deploymentList,
  emptyStatefulSets,
  setupPlacementService,
} from './__testUtils__/placementServiceSetup';

const server = setupKubernetesMocks();

describe('EntityPlacementService', () => {
  it('returns desired (Karmada + annotation) and actual replicas with per-cluster errors', async () => {
    let hungRequests = 0;
    const selectors: string[] = [];
    const tokens = new Set<string>();
    server.use(
      // resource templates on the Karmada API server
      http.get(
        `${KARMADA}/apis/apps/v1/namespaces/shop/deployments`,
        ({ request }) => {
          selectors.push(
            new URL(request.url).searchParams.get('labelSelector')!,
          );
          return HttpResponse.json(deploymentList(deployment(4, 0)));
        },
      ),
      http.get(`${KARMADA}/apis/apps/v1/namespaces/shop/statefulsets`, () =>
        HttpResponse.json(emptyStatefulSets),
      ),
      http.get(
        `${KARMADA}/apis/policy.karmada.io/v1alpha1/clusterpropagationpolicies`,
        () =>
          HttpResponse.json({
            items: [
              {
                metadata: { name: 'all-deployments' },
                spec: {
                  resourceSelectors: [
                    { apiVersion: 'apps/v1', kind: 'Deployment' },
                  ],
                  placement: {
                    clusterAffinity: { clusterNames: ['member-ap'] },
                  },
                },
              },
            ],
          }),
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
                    clusterAffinity: {
                      clusterNames: ['member-eu', 'member-us'],
                    },
                    replicaScheduling: {
                      replicaSchedulingType: 'Divided',
                      replicaDivisionPreference: 'Aggregated',
                    },
                  },
                },
              },
              {
                metadata: { name: 'other', namespace: 'shop' },
                spec: {
                  resourceSelectors: [
                    {
                      apiVersion: 'apps/v1',
                      kind: 'Deployment',
                      labelSelector: { matchLabels: { app: 'payments' } },
                    },
                  ],
                },
              },
            ],
          }),
      ),
      http.get(
        `${KARMADA}/apis/work.karmada.io/v1alpha2/namespaces/shop/resourcebindings`,
        () => HttpResponse.json(resourceBindings),
      ),
      // member clusters through the Karmada aggregated proxy
      http.get(
        `${PROXY}/member-eu/proxy/apis/apps/v1/namespaces/shop/deployments`,
        ({ request }) => {
          tokens.add(request.headers.get('authorization')!);
          return HttpResponse.json(deploymentList(deployment(3, 3)));
        },
      ),
      http.get(
        `${PROXY}/member-eu/proxy/apis/apps/v1/namespaces/shop/statefulsets`,
        () => HttpResponse.json(emptyStatefulSets),
      ),
      // member-us hangs: cut by the per-cluster timeout
      http.get(
        `${PROXY}/member-us/proxy/apis/apps/v1/namespaces/shop/:kind`,
        async () => {
          hungRequests += 1;
          await untilTestEnds();
          return HttpResponse.json(deploymentList());
        },
      ),
      // member-ap errors
      http.get(
        `${PROXY}/member-ap/proxy/apis/apps/v1/namespaces/shop/:kind`,
        () =>
          HttpResponse.json(
            k8sStatus(
              503,
              'ServiceUnavailable',
              'cluster member-ap is unreachable',
            ),
            {
              status: 503,
            },
          ),
      ),
      http.get(
        'https://direct.example.com/apis/apps/v1/namespaces/shop/deployments',
        ({ request }) => {
          tokens.add(request.headers.get('authorization')!);
          return HttpResponse.json(deploymentList(deployment(1, 1)));
        },
      ),
      http.get(
        'https://direct.example.com/apis/apps/v1/namespaces/shop/statefulsets',
        () => HttpResponse.json(emptyStatefulSets),
      ),
    );

    // Answered while member-us still hangs: its timeout cut it, nothing waited on it.
    const result = await setupPlacementService().getPlacement(
      { kind: 'component', namespace: 'default', name: 'checkout' },
      mockCredentials.user(),
    );
    expect(hungRequests).toBeGreaterThan(0);
    expect(selectors).toEqual(['backstage.io/kubernetes-id=checkout']);
    expect(tokens).toEqual(
      new Set([`Bearer ${KARMADA_TOKEN}`, 'Bearer direct-token']),
    );

    expect(result.desired.annotation).toEqual({
      clusterAffinity: { clusterNames: ['member-eu'] },
    });
    expect(result.desired.karmada).toEqual([
      {
        controlPlane: 'global',
        resource: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          namespace: 'shop',
          name: 'checkout',
        },
        policies: [
          expect.objectContaining({
            kind: 'PropagationPolicy',
            name: 'checkout-pp',
            effective: true,
          }),
          expect.objectContaining({
            kind: 'ClusterPropagationPolicy',
            name: 'all-deployments',
            effective: false,
          }),
        ],
        resourceBinding: {
          name: 'checkout-deployment',
          namespace: 'shop',
          clusters: [
            { name: 'member-eu', replicas: 3 },
            { name: 'member-us', replicas: 1 },
          ],
          scheduled: {
            status: 'True',
            reason: 'Success',
            message: 'Binding has been scheduled successfully.',
          },
        },
      },
    ]);
    expect(
      result.actual.clusters.map(c => [c.cluster, c.replicas, c.readyReplicas]),
    ).toEqual([
      ['member-eu', 3, 3],
      ['direct', 1, 1],
    ]);
    expect(result.actual.totalReplicas).toBe(4);
    expect(result.errors).toEqual([
      {
        cluster: 'member-ap',
        message:
          'member-ap: list deployments: cluster member-ap is unreachable',
        timeout: false,
      },
      {
        cluster: 'member-us',
        message: 'member-us: list deployments: timed out',
        timeout: true,
      },
    ]);
    expect(JSON.stringify(result)).not.toMatch(
      /karmada-admin-token|direct-token/,
    );
  });

  it('awaits slow clusters when the per-cluster timeout allows it', async () => {
    let answeredByAnotherMember = () => {};
    const anotherMemberAnswered = new Promise<void>(resolve => {
      answeredByAnotherMember = resolve;
    });
    server.use(
      http.get(`${KARMADA}/apis/apps/v1/namespaces/shop/:kind`, () =>
        HttpResponse.json(deploymentList()),
      ),
      http.get(
        `${PROXY}/:cluster/proxy/apis/apps/v1/namespaces/shop/:kind`,
        async ({ params }) => {
          // member-us is the slow one: it answers only after another member has.
          if (params.cluster === 'member-us') await anotherMemberAnswered;
          else answeredByAnotherMember();
          return HttpResponse.json(
            params.kind === 'deployments'
              ? deploymentList(deployment(2, 2))
              : emptyStatefulSets,
          );
        },
      ),
      http.get(
        'https://direct.example.com/apis/apps/v1/namespaces/shop/:kind',
        () => HttpResponse.json(deploymentList()),
      ),
    );
    const result = await setupPlacementService(30_000).getPlacement(
      { kind: 'component', namespace: 'default', name: 'checkout' },
      mockCredentials.user(),
    );
    expect(result.errors).toEqual([]);
    expect(result.actual.clusters.map(c => c.cluster).sort()).toEqual([
      'member-ap',
      'member-eu',
      'member-us',
    ]);
  });

  it('parses YAML and JSON placement annotations', () => {
    expect(
      parsePlacementAnnotation('clusterAffinity:\n  clusterNames: [a, b]\n'),
    ).toEqual({
      clusterAffinity: { clusterNames: ['a', 'b'] },
    });
    expect(parsePlacementAnnotation('{"spreadConstraints":[]}')).toEqual({
      spreadConstraints: [],
    });
    expect(() => parsePlacementAnnotation('a: [unclosed')).toThrow(
      /neither valid JSON nor YAML/,
    );
  });
});
