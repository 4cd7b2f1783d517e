/**
 * Which (Cluster)PropagationPolicy propagates a resource template, as
 * Karmada's resource detector settles it (`propagateResource` in
 * `pkg/detector/policy.go`):
 *
 * 1. a claim on the template sticks while its policy exists, is not being
 *    deleted and still selects the template, a PropagationPolicy's claim
 *    looked at first; a policy that went or stopped selecting it releases
 *    the claim (`handlePolicyDeletion`, `cleanPPUnmatchedRBs` in
 *    `pkg/detector/detector.go`);
 * 2. otherwise a PropagationPolicy of the template's namespace, whatever
 *    the priorities of ClusterPropagationPolicies;
 * 3. otherwise a ClusterPropagationPolicy.
 *
 * With preemption (`preemption.ts`) a policy may take over a claim.
 */
import { PolicyClaim, readPolicyClaim } from './claimMetadata';
import {
  highestPriorityPolicy,
  policyImplicitPriority,
  PropagationPolicyLike,
} from './policyPrecedence';
import { ImplicitPriority, ResourceTemplateRef } from './resourceSelector';
import { preemptClaim } from './preemption';

/**
 * The policies a detector sees.
 *
 * @public
 */
export interface PropagationPolicies<P extends PropagationPolicyLike> {
  propagationPolicies: readonly P[];
  clusterPropagationPolicies: readonly P[];
  /**
   * Karmada's `PropagationPolicyPreemption` feature gate (off by default):
   * policies with `preemption: Always` then take over claims.
   */
  preemptionEnabled?: boolean;
}

/**
 * The policy that propagates a template, and how it got it.
 *
 * @public
 */
export interface PropagationDecision<P extends PropagationPolicyLike> {
  kind: 'PropagationPolicy' | 'ClusterPropagationPolicy';
  policy: P;
  /** `claimed`: kept from the template's claim; `matched`: a new claim; `preempted`: taken over. */
  how: 'claimed' | 'matched' | 'preempted';
}

/**
 * Whether a PropagationPolicy can select `template`: only a template of
 * its own namespace (a cluster-scoped template has none to share).
 *
 * @public
 */
export function policyInTemplateNamespace(
  policy: PropagationPolicyLike,
  template: ResourceTemplateRef,
): boolean {
  return (
    !!template.metadata?.namespace &&
    policy.metadata?.namespace === template.metadata.namespace
  );
}

/** The claimed policy when the claim still holds. */
function heldClaim<P extends PropagationPolicyLike>(
  claim: PolicyClaim | undefined,
  template: ResourceTemplateRef,
  policies: PropagationPolicies<P>,
): PropagationDecision<P> | undefined {
  if (!claim) return undefined;
  const candidates =
    claim.kind === 'PropagationPolicy'
      ? policies.propagationPolicies.filter(
          p =>
            p.metadata?.namespace === claim.namespace &&
            policyInTemplateNamespace(p, template),
        )
      : policies.clusterPropagationPolicies;
  const policy = candidates.find(p => p.metadata?.name === claim.name);
  if (
    !policy ||
    policy.metadata?.deletionTimestamp ||
    policyImplicitPriority(policy, template) === ImplicitPriority.MisMatch
  ) {
    return undefined;
  }
  return { kind: claim.kind, policy, how: 'claimed' };
}

/** The policy a template without a valid claim gets. */
function newClaim<P extends PropagationPolicyLike>(
  template: ResourceTemplateRef,
  policies: PropagationPolicies<P>,
): PropagationDecision<P> | undefined {
  const namespaced = highestPriorityPolicy(
    policies.propagationPolicies.filter(p =>
      policyInTemplateNamespace(p, template),
    ),
    template,
  );
  if (namespaced) {
    return { kind: 'PropagationPolicy', policy: namespaced, how: 'matched' };
  }
  const clusterWide = highestPriorityPolicy(
    policies.clusterPropagationPolicies,
    template,
  );
  return clusterWide
    ? { kind: 'ClusterPropagationPolicy', policy: clusterWide, how: 'matched' }
    : undefined;
}

/**
 * The policy that propagates `template` (undefined: none selects it).
 *
 * @public
 */
export function propagationDecision<P extends PropagationPolicyLike>(
  template: ResourceTemplateRef,
  policies: PropagationPolicies<P>,
): PropagationDecision<P> | undefined {
  const decision =
    heldClaim(readPolicyClaim(template), template, policies) ??
    newClaim(template, policies);
  if (!decision || !policies.preemptionEnabled) return decision;
  return preemptClaim(decision, template, policies);
}
