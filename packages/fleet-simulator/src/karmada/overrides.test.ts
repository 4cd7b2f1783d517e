import {
  applyOverridePolicies,
  OverridePolicyLike,
  overrideImage,
  overridePoliciesFor,
} from './overrides';
import { workloadFor } from './bindings';
import { clusterSnapshot } from './schedulingInput';
import type { Cluster } from './clusterTypes';

const template = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: {
    name: 'checkout',
    namespace: 'shop',
    uid: '6a1d',
    resourceVersion: '812',
    generation: 3,
    labels: { 'backstage.io/kubernetes-id': 'checkout', app: 'checkout' },
    annotations: { 'deployment.kubernetes.io/revision': '2' },
  },
  spec: {
    replicas: 6,
    template: {
      spec: {
        containers: [
          { name: 'checkout', image: 'registry.k8s.io/shop/checkout:1.4' },
        ],
      },
    },
  },
  status: { replicas: 6 },
};

const cluster = (
  name: string,
  labels: Record<string, string> = {},
): Cluster => ({
  apiVersion: 'cluster.karmada.io/v1alpha1',
  kind: 'Cluster',
  metadata: { name, labels },
  spec: {
    syncMode: 'Push',
    provider: name.includes('aws') ? 'aws' : 'gcp',
    region: 'eu-west',
  },
});

/** What the backend's failover writes (karmadaOverride.ts: overridePolicyManifest). */
const failoverPolicy: OverridePolicyLike = {
  metadata: { name: 'flotilla-failover-checkout', namespace: 'shop' },
  spec: {
    resourceSelectors: [
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        name: 'checkout',
        namespace: 'shop',
      },
    ],
    overrideRules: [
      {
        targetCluster: { clusterNames: ['prod-eu-west-aws-1'] },
        overriders: {
          plaintext: [
            { path: '/spec/replicas', operator: 'replace', value: 1 },
          ],
        },
      },
      {
        targetCluster: { clusterNames: ['prod-eu-west-gcp-1'] },
        overriders: {
          plaintext: [
            { path: '/spec/replicas', operator: 'replace', value: 5 },
          ],
        },
      },
    ],
  },
};

describe('override policies on Work manifests', () => {
  const work = {
    name: 'checkout-4e049ffc',
    namespace: 'karmada-es-prod-eu-west-aws-1',
  };

  it('gives each member its scheduled share, then the failover rule for that member', () => {
    const aws = workloadFor(
      template as never,
      { name: 'prod-eu-west-aws-1', replicas: 4 },
      true,
      work,
    );
    expect(aws.spec.replicas).toBe(4);
    expect(aws.status).toBeUndefined();
    expect(aws.metadata.uid).toBeUndefined();
    expect(aws.metadata.annotations).toEqual({
      'work.karmada.io/name': 'checkout-4e049ffc',
      'work.karmada.io/namespace': 'karmada-es-prod-eu-west-aws-1',
    });
    expect(aws.metadata.labels['karmada.io/managed']).toBe('true');
    const policies = overridePoliciesFor(
      template as never,
      [],
      [failoverPolicy],
    );
    const out = applyOverridePolicies(
      aws,
      clusterSnapshot(cluster('prod-eu-west-aws-1')),
      policies,
    );
    expect(out.manifest.spec.replicas).toBe(1);
    expect(out.applied).toEqual(['shop/flotilla-failover-checkout']);
    const gcp = workloadFor(
      template as never,
      { name: 'prod-eu-west-gcp-1', replicas: 2 },
      true,
      work,
    );
    expect(
      applyOverridePolicies(
        gcp,
        clusterSnapshot(cluster('prod-eu-west-gcp-1')),
        policies,
      ).manifest.spec.replicas,
    ).toBe(5);
    const other = workloadFor(
      template as never,
      { name: 'prod-us-east-aws-1', replicas: 3 },
      true,
      work,
    );
    expect(
      applyOverridePolicies(
        other,
        clusterSnapshot(cluster('prod-us-east-aws-1')),
        policies,
      ),
    ).toEqual({ manifest: other, applied: [] });
  });

  it('ignores policies of other namespaces or resources, and applies cluster-wide ones first', () => {
    const elsewhere = {
      ...failoverPolicy,
      metadata: { name: 'x', namespace: 'billing' },
    };
    const otherName: OverridePolicyLike = {
      metadata: { name: 'y', namespace: 'shop' },
      spec: {
        ...failoverPolicy.spec,
        resourceSelectors: [
          { apiVersion: 'apps/v1', kind: 'Deployment', name: 'cart' },
        ],
      },
    };
    const clusterWide: OverridePolicyLike = {
      metadata: { name: 'prod-labels' },
      spec: {
        resourceSelectors: [{ apiVersion: 'apps/v1', kind: 'Deployment' }],
        overrideRules: [
          {
            targetCluster: {
              labelSelector: {
                matchLabels: { 'flotilla.io/environment': 'prod' },
              },
            },
            overriders: {
              labelsOverrider: [{ operator: 'add', value: { tier: 'prod' } }],
              plaintext: [
                { path: '/spec/replicas', operator: 'replace', value: 9 },
              ],
            },
          },
        ],
      },
    };
    const policies = overridePoliciesFor(
      template as never,
      [clusterWide],
      [elsewhere, otherName, failoverPolicy],
    );
    expect(policies.map(p => p.metadata.name)).toEqual([
      'prod-labels',
      'flotilla-failover-checkout',
    ]);
    const base = workloadFor(
      template as never,
      { name: 'prod-eu-west-aws-1', replicas: 4 },
      true,
      work,
    );
    const out = applyOverridePolicies(
      base,
      clusterSnapshot(
        cluster('prod-eu-west-aws-1', { 'flotilla.io/environment': 'prod' }),
      ),
      policies,
    );
    // The namespaced failover rule comes last and wins on /spec/replicas.
    expect(out.manifest.spec.replicas).toBe(1);
    expect(out.manifest.metadata.labels.tier).toBe('prod');
  });

  // Karmada v1.18.2 pkg/util/overridemanager/overridemanager.go
  // (getOverridersFromOverridePolicies): the less specific selector first,
  // a policy without selectors selects everything, then by name.
  it('applies a policy naming the Deployment after one selecting it by labels, whatever their names', () => {
    const replicas = (value: number) => ({
      overrideRules: [
        {
          overriders: {
            plaintext: [
              { path: '/spec/replicas', operator: 'replace' as const, value },
            ],
          },
        },
      ],
    });
    const byLabels: OverridePolicyLike = {
      metadata: { name: 'zz-by-labels', namespace: 'shop' },
      spec: {
        resourceSelectors: [
          {
            apiVersion: 'apps/v1',
            kind: 'Deployment',
            labelSelector: { matchLabels: { app: 'checkout' } },
          },
        ],
        ...replicas(7),
      },
    };
    const everything: OverridePolicyLike = {
      metadata: { name: 'zzz-everything', namespace: 'shop' },
      spec: replicas(8),
    };
    const policies = overridePoliciesFor(
      template as never,
      [],
      [byLabels, failoverPolicy, everything],
    );
    expect(policies.map(p => p.metadata.name)).toEqual([
      'zzz-everything',
      'zz-by-labels',
      'flotilla-failover-checkout',
    ]);
    const base = workloadFor(
      template as never,
      { name: 'prod-eu-west-aws-1', replicas: 4 },
      true,
      work,
    );
    expect(
      applyOverridePolicies(
        base,
        clusterSnapshot(cluster('prod-eu-west-aws-1')),
        policies,
      ).manifest.spec.replicas,
    ).toBe(1);
  });

  it('names the policy when a plaintext path does not exist', () => {
    const broken: OverridePolicyLike = {
      metadata: { name: 'broken', namespace: 'shop' },
      spec: {
        resourceSelectors: [
          { apiVersion: 'apps/v1', kind: 'Deployment', name: 'checkout' },
        ],
        overrideRules: [
          {
            overriders: {
              plaintext: [
                { path: '/spec/nope/deeper', operator: 'replace', value: 1 },
              ],
            },
          },
        ],
      },
    };
    const base = workloadFor(
      template as never,
      { name: 'c', replicas: 1 },
      true,
      work,
    );
    expect(() =>
      applyOverridePolicies(base, clusterSnapshot(cluster('c')), [broken]),
    ).toThrow(
      'OverridePolicy shop/broken: path "/spec/nope/deeper" does not exist',
    );
  });

  it('changes one component of an image', () => {
    expect(
      overrideImage(
        'registry.k8s.io/shop/checkout:1.4',
        'Registry',
        'replace',
        'mirror.eu',
      ),
    ).toBe('mirror.eu/shop/checkout:1.4');
    expect(overrideImage('nginx:1.27', 'Tag', 'replace', '1.28')).toBe(
      'nginx:1.28',
    );
    expect(overrideImage('nginx', 'Registry', 'add', 'docker.io')).toBe(
      'docker.io/nginx',
    );
  });
});
