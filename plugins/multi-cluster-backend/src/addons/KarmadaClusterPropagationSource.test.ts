import { http, HttpResponse } from 'msw';
import { KubernetesClient } from '@flotilla/plugin-multi-cluster-node';
import { setupKubernetesMocks } from '@flotilla/plugin-multi-cluster-node/testUtils';
import {
  clusterPropagationPolicies,
  clusterResourceBindings,
  fleet,
  KARMADA,
  KARMADA_TOKEN,
  legacyClusterResourceBindings,
  POLICY_ID,
  resourceBindings,
} from './__testUtils__/addonFixtures';
import {
  bindingStates,
  KarmadaClusterPropagationSource,
} from './KarmadaClusterPropagationSource';
import { AddonConfig } from './types';

const server = setupKubernetesMocks();

const CPP_PATH = `${KARMADA}/apis/policy.karmada.io/v1alpha1/clusterpropagationpolicies`;
const CRB_PATH = `${KARMADA}/apis/work.karmada.io/v1alpha2/clusterresourcebindings`;
const RB_PATH = `${KARMADA}/apis/work.karmada.io/v1alpha2/resourcebindings`;
const PERMANENT = `clusterpropagationpolicy.karmada.io/permanent-id=${POLICY_ID}`;
const LEGACY = 'clusterpropagationpolicy.karmada.io/name=kyverno-baseline';

const addon: AddonConfig = {
  name: 'kyverno-baseline',
  category: 'policy',
  delivery: {
    type: 'karmada-clusterpropagationpolicy',
    controlPlane: 'global',
    name: 'kyverno-baseline',
  },
};

const source = () =>
  new KarmadaClusterPropagationSource(ref =>
    ref.kind === 'karmada' && ref.name === 'global'
      ? KubernetesClient.fromEndpoint(
          { name: 'karmada-global', url: KARMADA, token: KARMADA_TOKEN },
          2000,
        )
      : undefined,
  );

/** Answers a binding list by label selector, the way the API server filters. */
function bindingsBySelector(
  list: { items: any[] },
  requests: string[],
  kind: string,
) {
  return ({ request }: { request: Request }) => {
    expect(request.headers.get('authorization')).toBe(
      `Bearer ${KARMADA_TOKEN}`,
    );
    const selector = new URL(request.url).searchParams.get('labelSelector')!;
    requests.push(`${kind} ${selector}`);
    const [key, value] = selector.split('=');
    return HttpResponse.json({
      ...list,
      items: list.items.filter(i => i.metadata.labels?.[key] === value),
    });
  };
}

describe('KarmadaClusterPropagationSource', () => {
  it("reads the policy's bindings by its permanent id and the legacy name label", async () => {
    const requests: string[] = [];
    server.use(
      http.get(CPP_PATH, ({ request }) => {
        expect(request.headers.get('authorization')).toBe(
          `Bearer ${KARMADA_TOKEN}`,
        );
        return HttpResponse.json(clusterPropagationPolicies);
      }),
      http.get(
        CRB_PATH,
        bindingsBySelector(clusterResourceBindings, requests, 'crb'),
      ),
      http.get(RB_PATH, bindingsBySelector(resourceBindings, requests, 'rb')),
    );
    const coverage = await source().coverage(addon, fleet, {});

    expect(requests.sort()).toEqual(
      [
        `crb ${PERMANENT}`,
        `crb ${LEGACY}`,
        `rb ${PERMANENT}`,
        `rb ${LEGACY}`,
      ].sort(),
    );
    expect(coverage.source).toBe(
      'ClusterPropagationPolicy kyverno-baseline on Karmada global',
    );
    expect(coverage.clusters).toEqual([
      {
        cluster: 'ap-1',
        state: 'unknown',
        message:
          'Deployment kyverno/kyverno: scheduled, no status from the cluster yet',
      },
      {
        cluster: 'dev-1',
        state: 'missing',
        message:
          'ClusterPropagationPolicy kyverno-baseline on Karmada global does not schedule its resources to this cluster',
      },
      { cluster: 'eu-1', state: 'in-sync' },
      {
        cluster: 'mgmt',
        state: 'missing',
        message:
          'ClusterPropagationPolicy kyverno-baseline on Karmada global does not schedule its resources to this cluster',
      },
      {
        cluster: 'us-1',
        state: 'drifted',
        message:
          'ClusterPolicy require-labels: not applied (admission webhook "validate.kyverno.svc" denied the request)',
      },
    ]);
  });

  it('counts a binding found by both labels once, and flags partial scheduling', async () => {
    const requests: string[] = [];
    server.use(
      http.get(CPP_PATH, () => HttpResponse.json(clusterPropagationPolicies)),
      http.get(
        CRB_PATH,
        bindingsBySelector(legacyClusterResourceBindings, requests, 'crb'),
      ),
      http.get(
        RB_PATH,
        bindingsBySelector(
          {
            items: resourceBindings.items.map(b => ({
              ...b,
              metadata: {
                ...b.metadata,
                // Karmada 1.10 and 1.11 set both labels
                labels: {
                  ...b.metadata.labels,
                  'clusterpropagationpolicy.karmada.io/name':
                    'kyverno-baseline',
                },
              },
            })),
          },
          requests,
          'rb',
        ),
      ),
    );
    const coverage = await source().coverage(
      { ...addon, requiredOn: { matchLabels: { environment: 'prod' } } },
      fleet,
      {},
    );
    expect(requests).toHaveLength(4);
    const byCluster = Object.fromEntries(
      coverage.clusters.map(c => [c.cluster, c]),
    );
    expect(Object.keys(byCluster)).toEqual(['ap-1', 'eu-1', 'us-1']);
    expect(byCluster['eu-1'].state).toBe('in-sync');
    // us-1 got the Deployment but not the ClusterPolicy
    expect(byCluster['us-1']).toEqual({
      cluster: 'us-1',
      state: 'drifted',
      message:
        '1 of the 2 resources of ClusterPropagationPolicy kyverno-baseline on Karmada global are scheduled to this cluster',
    });
  });

  it('uses only the name label when the policy has no permanent id (Karmada before 1.10)', async () => {
    const requests: string[] = [];
    const policies = {
      ...clusterPropagationPolicies,
      items: clusterPropagationPolicies.items.map(p => ({
        ...p,
        metadata: { ...p.metadata, labels: {} },
      })),
    };
    server.use(
      http.get(CPP_PATH, () => HttpResponse.json(policies)),
      http.get(
        CRB_PATH,
        bindingsBySelector(legacyClusterResourceBindings, requests, 'crb'),
      ),
      http.get(RB_PATH, bindingsBySelector({ items: [] }, requests, 'rb')),
    );
    const coverage = await source().coverage(addon, fleet, {});
    expect(requests.sort()).toEqual([`crb ${LEGACY}`, `rb ${LEGACY}`]);
    expect(
      coverage.clusters.filter(c => c.state === 'in-sync').map(c => c.cluster),
    ).toEqual(['eu-1']);
  });

  it('fails clearly when the policy does not exist', async () => {
    server.use(
      http.get(CPP_PATH, () =>
        HttpResponse.json({ ...clusterPropagationPolicies, items: [] }),
      ),
    );
    await expect(source().coverage(addon, fleet, {})).rejects.toThrow(
      "ClusterPropagationPolicy 'kyverno-baseline' not found on Karmada 'global'",
    );
  });

  it('maps aggregated status to states', () => {
    const states = bindingStates({
      spec: {
        resource: { kind: 'ClusterRole', name: 'kyverno' },
        clusters: [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
      },
      status: {
        aggregatedStatus: [
          { clusterName: 'a', applied: true, health: 'Unhealthy' },
          { clusterName: 'b', applied: true, health: 'Unknown' },
          { clusterName: 'c', applied: true, health: 'Healthy' },
          // status of a cluster the binding no longer schedules is ignored
          { clusterName: 'd', applied: false },
        ],
      },
    });
    expect(Object.fromEntries(states)).toEqual({
      a: { state: 'drifted', message: 'ClusterRole kyverno: Unhealthy' },
      b: {
        state: 'unknown',
        message: 'ClusterRole kyverno: applied, health Unknown',
      },
      c: { state: 'in-sync' },
    });
  });
});
