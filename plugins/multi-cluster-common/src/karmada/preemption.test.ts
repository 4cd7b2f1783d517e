/**
 * Preemption as Karmada v1.18.2 `pkg/detector/preemption.go` does it
 * (`handlePropagationPolicyPreemption`, `preemptPropagationPolicy`,
 * `preemptClusterPropagationPolicyDirectly`,
 * `preemptClusterPropagationPolicy`, `preemptionEnabled`: the
 * `PropagationPolicyPreemption` gate is off by default,
 * `pkg/features/features.go`).
 */
import { propagationDecision } from './propagationClaim';
import type { ResourceTemplateRef } from './resourceSelector';

const named = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'nginx' };
const byLabel = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  labelSelector: { matchLabels: { app: 'nginx' } },
};

function policy(
  name: string,
  options: {
    namespace?: string;
    priority?: number;
    preemption?: string;
    selectors?: object[];
  } = {},
) {
  return {
    metadata: { name, namespace: options.namespace },
    spec: {
      resourceSelectors: (options.selectors ?? [named]) as (typeof named)[],
      priority: options.priority,
      preemption: options.preemption,
    },
  };
}

const claimedBy = (kind: 'pp' | 'cpp', name: string): ResourceTemplateRef => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: {
    name: 'nginx',
    namespace: 'test',
    labels:
      kind === 'pp'
        ? { app: 'nginx', 'propagationpolicy.karmada.io/permanent-id': 'id' }
        : {
            app: 'nginx',
            'clusterpropagationpolicy.karmada.io/permanent-id': 'id',
          },
    annotations:
      kind === 'pp'
        ? {
            'propagationpolicy.karmada.io/namespace': 'test',
            'propagationpolicy.karmada.io/name': name,
          }
        : { 'clusterpropagationpolicy.karmada.io/name': name },
  },
});

function decide(
  template: ResourceTemplateRef,
  pps: ReturnType<typeof policy>[],
  cpps: ReturnType<typeof policy>[],
  preemptionEnabled = true,
) {
  const d = propagationDecision(template, {
    propagationPolicies: pps,
    clusterPropagationPolicies: cpps,
    preemptionEnabled,
  });
  return d && [d.kind, d.policy.metadata.name, d.how];
}

describe('policy preemption (pkg/detector/preemption.go)', () => {
  const low = policy('low', { namespace: 'test', priority: 1 });
  const high = policy('high', {
    namespace: 'test',
    priority: 2,
    preemption: 'Always',
  });

  it('does nothing while the feature gate is off', () => {
    expect(decide(claimedBy('pp', 'low'), [low, high], [], false)).toEqual([
      'PropagationPolicy',
      'low',
      'claimed',
    ]);
  });

  it('lets a PropagationPolicy of higher explicit priority take a PropagationPolicy claim', () => {
    expect(decide(claimedBy('pp', 'low'), [low, high], [])).toEqual([
      'PropagationPolicy',
      'high',
      'preempted',
    ]);
  });

  it('needs strictly higher explicit priority and preemption Always', () => {
    const equal = policy('equal', {
      namespace: 'test',
      priority: 1,
      preemption: 'Always',
    });
    const never = policy('never', { namespace: 'test', priority: 9 });
    expect(decide(claimedBy('pp', 'low'), [low, equal, never], [])).toEqual([
      'PropagationPolicy',
      'low',
      'claimed',
    ]);
  });

  it('lets any PropagationPolicy with preemption take a ClusterPropagationPolicy claim', () => {
    const cpp = policy('everything', { priority: 100 });
    const pp = policy('mine', {
      namespace: 'test',
      priority: 0,
      preemption: 'Always',
    });
    expect(decide(claimedBy('cpp', 'everything'), [pp], [cpp])).toEqual([
      'PropagationPolicy',
      'mine',
      'preempted',
    ]);
  });

  it('lets a ClusterPropagationPolicy take only a lower ClusterPropagationPolicy claim', () => {
    // fetchResourceTemplate reads the template the selector names: a
    // namespaced one only when the selector gives its namespace.
    const cppHigh = policy('cpp-high', {
      priority: 5,
      preemption: 'Always',
      selectors: [{ ...named, namespace: 'test' }],
    });
    const withoutNamespace = policy('cpp-no-namespace', {
      priority: 5,
      preemption: 'Always',
    });
    expect(
      decide(claimedBy('cpp', 'cpp-low'), [], [policy('cpp-low'), cppHigh]),
    ).toEqual(['ClusterPropagationPolicy', 'cpp-high', 'preempted']);
    expect(
      decide(
        claimedBy('cpp', 'cpp-low'),
        [],
        [policy('cpp-low'), withoutNamespace],
      ),
    ).toEqual(['ClusterPropagationPolicy', 'cpp-low', 'claimed']);
    expect(decide(claimedBy('pp', 'low'), [low], [cppHigh])).toEqual([
      'PropagationPolicy',
      'low',
      'claimed',
    ]);
  });

  it('preempts only through a selector that names the template', () => {
    const byLabels = policy('labels', {
      namespace: 'test',
      priority: 9,
      preemption: 'Always',
      selectors: [byLabel],
    });
    expect(decide(claimedBy('pp', 'low'), [low, byLabels], [])).toEqual([
      'PropagationPolicy',
      'low',
      'claimed',
    ]);
  });
});
