/**
 * Which policy propagates a template, following Karmada v1.18.2
 * `pkg/detector/policy.go` (`propagateResource`: the claimed
 * PropagationPolicy, then the claimed ClusterPropagationPolicy, then
 * `LookForMatchedPolicy`, then `LookForMatchedClusterPolicy`) and the claim
 * cleanup of `pkg/detector/detector.go` (`handlePolicyDeletion`,
 * `cleanPPUnmatchedRBs`).
 */
import { propagationDecision } from './propagationClaim';

const selector = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  name: 'search-api',
};
const byLabel = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  labelSelector: { matchLabels: { app: 'search-api' } },
};

function policy(
  name: string,
  options: { namespace?: string; priority?: number; selectors?: object[] } = {},
) {
  return {
    metadata: {
      name,
      ...(options.namespace ? { namespace: options.namespace } : {}),
    },
    spec: {
      resourceSelectors: (options.selectors ?? [
        selector,
      ]) as (typeof selector)[],
      priority: options.priority,
    },
  };
}

function template(claim: Record<string, Record<string, string>> = {}) {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name: 'search-api',
      namespace: 'discovery',
      labels: { app: 'search-api', ...claim.labels },
      annotations: claim.annotations ?? {},
    },
  };
}

const claimedByCpp = (name: string) =>
  template({
    labels: { 'clusterpropagationpolicy.karmada.io/permanent-id': 'id-c' },
    annotations: { 'clusterpropagationpolicy.karmada.io/name': name },
  });
const claimedByPp = (name: string) =>
  template({
    labels: { 'propagationpolicy.karmada.io/permanent-id': 'id-p' },
    annotations: {
      'propagationpolicy.karmada.io/namespace': 'discovery',
      'propagationpolicy.karmada.io/name': name,
    },
  });

const decide = (
  t: ReturnType<typeof template>,
  pps: object[],
  cpps: object[],
) => {
  const d = propagationDecision(t, {
    propagationPolicies: pps as ReturnType<typeof policy>[],
    clusterPropagationPolicies: cpps as ReturnType<typeof policy>[],
  });
  return d && [d.kind, d.policy.metadata.name, d.how];
};

describe('propagationDecision (pkg/detector/policy.go)', () => {
  it('gives an unclaimed template to a PropagationPolicy over any ClusterPropagationPolicy priority', () => {
    expect(
      decide(
        template(),
        [policy('search-api', { namespace: 'discovery' })],
        [policy('everything', { priority: 5 })],
      ),
    ).toEqual(['PropagationPolicy', 'search-api', 'matched']);
  });

  it('ignores PropagationPolicies of other namespaces', () => {
    expect(
      decide(
        template(),
        [policy('search-api', { namespace: 'shop' })],
        [policy('everything')],
      ),
    ).toEqual(['ClusterPropagationPolicy', 'everything', 'matched']);
  });

  it('keeps a claim although a higher-priority policy of the same kind appeared', () => {
    expect(
      decide(
        claimedByPp('old'),
        [
          policy('old', { namespace: 'discovery', selectors: [byLabel] }),
          policy('new', { namespace: 'discovery', priority: 9 }),
        ],
        [],
      ),
    ).toEqual(['PropagationPolicy', 'old', 'claimed']);
  });

  it('keeps a ClusterPropagationPolicy claim when a PropagationPolicy appears later', () => {
    expect(
      decide(
        claimedByCpp('everything'),
        [policy('search-api', { namespace: 'discovery' })],
        [policy('everything')],
      ),
    ).toEqual(['ClusterPropagationPolicy', 'everything', 'claimed']);
  });

  it('releases a claim whose policy was deleted or no longer selects the template', () => {
    const pps = [policy('search-api', { namespace: 'discovery' })];
    expect(decide(claimedByCpp('gone'), pps, [])).toEqual([
      'PropagationPolicy',
      'search-api',
      'matched',
    ]);
    expect(
      decide(
        claimedByPp('narrowed'),
        [
          ...pps,
          policy('narrowed', {
            namespace: 'discovery',
            selectors: [{ ...selector, name: 'other' }],
          }),
        ],
        [],
      ),
    ).toEqual(['PropagationPolicy', 'search-api', 'matched']);
  });

  it('returns nothing when no policy selects the template', () => {
    expect(
      decide(
        template(),
        [],
        [policy('x', { selectors: [{ ...selector, name: 'y' }] })],
      ),
    ).toBeUndefined();
  });
});
