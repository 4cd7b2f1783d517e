import { mockCredentials } from '@backstage/backend-test-utils';
import { http, HttpResponse } from 'msw';
import {
  KARMADA,
  setupKubernetesMocks,
} from '@flotilla/plugin-multi-cluster-node/testUtils';
import { WorkloadCensus } from './WorkloadCensus';
import {
  PROXY,
  deployment,
  deploymentList,
  emptyStatefulSets,
  setupPlacementService,
} from './__testUtils__/placementServiceSetup';

const server = setupKubernetesMocks();

/**
 * Karmada with no checkout template; every member with a checkout
 * Deployment of `memberReplicas`, and `direct` with one of
 * `directReplicas` (none when unset). `onList` sees each list (`karmada`,
 * the member's name or `direct`, and the kind) before it is answered.
 */
function serveShopLists(options: {
  memberReplicas: number;
  directReplicas?: number;
  onList?: (where: string, kind: string) => void | Promise<void>;
}) {
  const answer = async (where: string, kind: string, replicas?: number) => {
    await options.onList?.(where, kind);
    if (kind !== 'deployments') return HttpResponse.json(emptyStatefulSets);
    return HttpResponse.json(
      replicas === undefined
        ? deploymentList()
        : deploymentList(deployment(replicas, replicas)),
    );
  };
  server.use(
    http.get(`${KARMADA}/apis/apps/v1/namespaces/shop/:kind`, ({ params }) =>
      answer('karmada', String(params.kind)),
    ),
    http.get(
      `${PROXY}/:member/proxy/apis/apps/v1/namespaces/shop/:kind`,
      ({ params }) =>
        answer(
          String(params.member),
          String(params.kind),
          options.memberReplicas,
        ),
    ),
    http.get(
      'https://direct.example.com/apis/apps/v1/namespaces/shop/:kind',
      ({ params }) =>
        answer('direct', String(params.kind), options.directReplicas),
    ),
  );
}

describe('EntityPlacementService: the census and shared reads', () => {
  it('over the live-read limit, reads only the clusters the workload census cannot rule out', async () => {
    const read: string[] = [];
    const listed: string[] = [];
    // No Karmada resource template: only the members are read.
    serveShopLists({
      memberReplicas: 3,
      directReplicas: 1,
      onList(where, kind) {
        if (where === 'karmada') return;
        read.push(where);
        if (where !== 'direct') listed.push(`${where}/${kind}`);
      },
    });
    // Four clusters, limit 3: the census decides. `direct` has none (it
    // could not be taken), member-eu runs checkout, the others do not.
    const census = new WorkloadCensus({ liveReadLimit: 3, maxAgeMs: 60_000 });
    census.record('member-eu', [
      { kubernetesId: 'checkout', kind: 'Deployment' },
      { kubernetesId: 'search', kind: 'StatefulSet' },
    ]);
    census.record('member-us', [
      { kubernetesId: 'search', kind: 'Deployment' },
    ]);
    census.record('member-ap', []);
    const placement = await setupPlacementService(2000, census).getPlacement(
      { kind: 'component', namespace: 'default', name: 'checkout' },
      mockCredentials.user(),
    );
    expect([...new Set(read)].sort()).toEqual(['direct', 'member-eu']);
    // member-eu runs checkout as a Deployment only: its StatefulSets are not listed.
    expect(listed).toEqual(['member-eu/deployments']);
    expect(placement.actual.clusters.map(c => c.cluster).sort()).toEqual([
      'direct',
      'member-eu',
    ]);
    expect(placement.notRead).toEqual({
      clusters: 2,
      reason: expect.stringMatching(/none of its workloads/),
    });
  });

  it('says where an entity runs from a census covering the fleet, without reading a cluster', async () => {
    const read: string[] = [];
    serveShopLists({
      memberReplicas: 2,
      onList(where) {
        if (where !== 'karmada') read.push(where);
      },
    });
    const census = new WorkloadCensus({ liveReadLimit: 3, maxAgeMs: 60_000 });
    const checkout = (namespace: string, replicas: number) => ({
      kubernetesId: 'checkout',
      kind: 'Deployment' as const,
      namespace,
      replicas,
    });
    census.record('member-eu', [checkout('shop', 2)]);
    census.record('member-us', [checkout('shop', 0)]);
    census.record('member-ap', [checkout('other', 1)]);
    const ref = { kind: 'component', namespace: 'default', name: 'checkout' };
    const service = setupPlacementService(2000, census);

    // `direct` has no census yet: the answer comes from a live read.
    const live = await service.runningClusters(ref, mockCredentials.user());
    expect(read.length).toBeGreaterThan(0);
    expect(live.clusters.sort()).toEqual([
      'member-ap',
      'member-eu',
      'member-us',
    ]);

    read.length = 0;
    census.record('direct', []);
    const recent = await service.runningClusters(ref, mockCredentials.user());
    expect(recent).toEqual({
      entityRef: 'component:default/checkout',
      clusters: ['member-eu'],
    });
    expect(read).toEqual([]);
  });

  it('shares member and Karmada reads among concurrent views, never with a plan', async () => {
    const requests = new Map<string, number>();
    let planAsked = () => {};
    const planRead = new Promise<void>(resolve => {
      planAsked = resolve;
    });
    const count = (key: string) =>
      requests.set(key, (requests.get(key) ?? 0) + 1).get(key)!;
    serveShopLists({
      memberReplicas: 2,
      async onList(where, kind) {
        const n = count(`${where}/${kind}`);
        if (where === 'karmada' || where === 'direct') return;
        // The views' shared read answers once the plan's own read came.
        if (n === 2) planAsked();
        else await planRead;
      },
    });
    const service = setupPlacementService();
    const ref = { kind: 'component', namespace: 'default', name: 'checkout' };
    const view = () =>
      service.getPlacement(ref, mockCredentials.user(), undefined, {
        shareReads: true,
      });
    const [first, second, plan] = await Promise.all([
      view(),
      view(),
      service.getPlacement(ref, mockCredentials.user()),
    ]);

    expect(requests.get('member-eu/deployments')).toBe(2);
    expect(requests.get('member-us/deployments')).toBe(2);
    expect(requests.get('karmada/deployments')).toBe(2);
    expect(first.actual).toEqual(second.actual);
    expect(plan.actual.totalReplicas).toBe(first.actual.totalReplicas);
  });

  it('answers a recent read from the census of each cluster that has one, and reads the rest live', async () => {
    const read: string[] = [];
    serveShopLists({
      memberReplicas: 3,
      directReplicas: 1,
      onList(where) {
        if (where !== 'karmada') read.push(where);
      },
    });
    const census = new WorkloadCensus({ liveReadLimit: 3, maxAgeMs: 60_000 });
    const seen = (cluster: string, ready: number) => ({
      kubernetesId: 'checkout',
      kind: 'Deployment' as const,
      namespace: 'shop',
      replicas: 3,
      workload: {
        cluster,
        namespace: 'shop',
        kind: 'Deployment' as const,
        name: 'checkout',
        replicas: 3,
        readyReplicas: ready,
      },
    });
    census.record('member-eu', [seen('member-eu', 1)], 40);
    census.record('member-us', [seen('member-us', 3)], 15);
    census.record('member-ap', []);
    const ref = { kind: 'component', namespace: 'default', name: 'checkout' };
    const service = setupPlacementService(2000, census);

    const recent = await service.getPlacement(
      ref,
      mockCredentials.user(),
      undefined,
      { recent: true },
    );
    // `direct` has no census: read live; the members answer as the pass saw them.
    expect([...new Set(read)]).toEqual(['direct']);
    const byCluster = Object.fromEntries(
      recent.actual.clusters.map(c => [c.cluster, c.readyReplicas]),
    );
    expect(byCluster).toEqual({ 'member-eu': 1, 'member-us': 3, direct: 1 });
    expect(
      recent.actual.clusters.find(c => c.cluster === 'member-eu')?.latencyMs,
    ).toBe(40);

    // Neither a plain read nor one with the user's credentials takes the census.
    for (const options of [{}, { recent: true, userAuth: {} }]) {
      read.length = 0;
      const live = await service.getPlacement(
        ref,
        mockCredentials.user(),
        undefined,
        options,
      );
      expect([...new Set(read)].sort()).toEqual([
        'direct',
        'member-eu',
        'member-us',
      ]);
      expect(live.actual.readyReplicas).toBe(3 + 3 + 1);
    }
  });
});
