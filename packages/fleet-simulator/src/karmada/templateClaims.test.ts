/**
 * The detector's claim on a resource template, pass after pass: claimed as
 * Karmada v1.18.2 `pkg/detector/detector.go` `ClaimPolicyForObject` writes
 * it (keys of `pkg/detector/claim.go`), then kept by the next pass
 * (`propagateResource` in `pkg/detector/policy.go` reads the claim first).
 */
import { propagationDecision } from '@flotilla/plugin-multi-cluster-common';
import type { Policy, Template } from './bindings';
import { claimedMetadata } from './templateClaims';

const named = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'search-api' };

const pp = (name: string, priority = 0): Policy => ({
  metadata: {
    name,
    namespace: 'discovery',
    labels: { 'propagationpolicy.karmada.io/permanent-id': `id-${name}` },
  },
  spec: { priority, resourceSelectors: [named] },
});
const cpp = (name: string, priority = 0): Policy => ({
  metadata: {
    name,
    labels: {
      'clusterpropagationpolicy.karmada.io/permanent-id': `id-${name}`,
    },
  },
  spec: { priority, resourceSelectors: [{ ...named, namespace: 'discovery' }] },
});

const template = (): Template => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: {
    name: 'search-api',
    namespace: 'discovery',
    labels: { app: 'search-api' },
  },
});

/** One detector pass: the decision and the template as written. */
function pass(current: Template, pps: Policy[], cpps: Policy[]) {
  const decision = propagationDecision(current, {
    propagationPolicies: pps,
    clusterPropagationPolicies: cpps,
  });
  const metadata = claimedMetadata(current, decision);
  return {
    decision,
    wrote: Boolean(metadata),
    template: metadata
      ? { ...current, metadata: { ...current.metadata, ...metadata } }
      : current,
  };
}

describe('claims on resource templates', () => {
  it('writes the claim of the policy that takes the template', () => {
    const first = pass(template(), [], [cpp('everything', 5)]);
    expect(first.decision?.how).toBe('matched');
    expect(first.template.metadata.labels).toEqual({
      app: 'search-api',
      'clusterpropagationpolicy.karmada.io/permanent-id': 'id-everything',
    });
    expect(first.template.metadata.annotations).toEqual({
      'clusterpropagationpolicy.karmada.io/name': 'everything',
    });
  });

  it('keeps a ClusterPropagationPolicy claim when a PropagationPolicy appears, writing nothing', () => {
    const first = pass(template(), [], [cpp('everything', 5)]);
    const second = pass(
      first.template,
      [pp('search-api')],
      [cpp('everything', 5)],
    );
    expect(second.decision).toMatchObject({
      kind: 'ClusterPropagationPolicy',
      how: 'claimed',
    });
    expect(second.wrote).toBe(false);
  });

  it('moves the claim to the PropagationPolicy once the claimed policy is deleted', () => {
    const first = pass(template(), [], [cpp('everything')]);
    const second = pass(first.template, [pp('search-api')], []);
    expect(second.decision?.policy.metadata.name).toBe('search-api');
    expect(second.template.metadata.labels).toEqual({
      app: 'search-api',
      'propagationpolicy.karmada.io/permanent-id': 'id-search-api',
    });
    expect(second.template.metadata.annotations).toEqual({
      'propagationpolicy.karmada.io/namespace': 'discovery',
      'propagationpolicy.karmada.io/name': 'search-api',
    });
  });

  it('removes the claim when no policy selects the template any more', () => {
    const first = pass(template(), [pp('search-api')], []);
    const second = pass(first.template, [], []);
    expect(second.decision).toBeUndefined();
    expect(second.template.metadata.labels).toEqual({ app: 'search-api' });
    expect(second.template.metadata.annotations).toEqual({});
  });
});
