/**
 * Policy preemption, as Karmada's `pkg/detector/preemption.go` does it when
 * the `PropagationPolicyPreemption` feature gate is on: a policy with
 * `preemption: Always` whose resource selector names the template takes
 * over its claim when it ranks higher: a PropagationPolicy takes over any
 * ClusterPropagationPolicy's claim (`preemptClusterPropagationPolicyDirectly`)
 * and a PropagationPolicy's claim of lower explicit priority
 * (`preemptPropagationPolicy`); a ClusterPropagationPolicy takes over only a
 * ClusterPropagationPolicy's claim of lower explicit priority
 * (`preemptClusterPropagationPolicy`). Preemption runs per selector that
 * names a template (`fetchResourceTemplate`), so selecting by labels never
 * preempts.
 */
import { compareByteOrder } from './byteOrder';
import { explicitPriority, PropagationPolicyLike } from './policyPrecedence';
import type {
  PropagationDecision,
  PropagationPolicies,
} from './propagationClaim';
import type { ResourceTemplateRef } from './resourceSelector';

const PREEMPT_ALWAYS = 'Always';

function namesTemplate(
  policy: PropagationPolicyLike,
  template: ResourceTemplateRef,
  namespaced: boolean,
): boolean {
  const metadata = template.metadata ?? {};
  return (policy.spec?.resourceSelectors ?? []).some(
    s =>
      s.apiVersion === template.apiVersion &&
      s.kind === template.kind &&
      !!s.name &&
      s.name === metadata.name &&
      // A PropagationPolicy's selectors default to its own namespace.
      (s.namespace ?? (namespaced ? policy.metadata?.namespace : undefined)) ===
        metadata.namespace,
  );
}

function canPreempt<P extends PropagationPolicyLike>(
  candidate: { kind: PropagationDecision<P>['kind']; policy: P },
  current: PropagationDecision<P>,
): boolean {
  if (candidate.policy === current.policy) return false;
  if (candidate.kind === 'PropagationPolicy') {
    return (
      current.kind === 'ClusterPropagationPolicy' ||
      explicitPriority(candidate.policy) > explicitPriority(current.policy)
    );
  }
  return (
    current.kind === 'ClusterPropagationPolicy' &&
    explicitPriority(candidate.policy) > explicitPriority(current.policy)
  );
}

/**
 * The decision after every preemption that applies. Each takeover raises
 * the claim (a ClusterPropagationPolicy to a PropagationPolicy, or a higher
 * explicit priority), so this settles; among equal candidates Karmada's
 * event order decides, here the name.
 *
 * @public
 */
export function preemptClaim<P extends PropagationPolicyLike>(
  decision: PropagationDecision<P>,
  template: ResourceTemplateRef,
  policies: PropagationPolicies<P>,
): PropagationDecision<P> {
  const candidates = [
    ...policies.propagationPolicies
      .filter(p => namesTemplate(p, template, true))
      .map(policy => ({ kind: 'PropagationPolicy' as const, policy })),
    ...policies.clusterPropagationPolicies
      .filter(p => namesTemplate(p, template, false))
      .map(policy => ({ kind: 'ClusterPropagationPolicy' as const, policy })),
  ]
    .filter(
      c =>
        c.policy.spec?.preemption === PREEMPT_ALWAYS &&
        !c.policy.metadata?.deletionTimestamp,
    )
    .sort(
      (a, b) =>
        explicitPriority(b.policy) - explicitPriority(a.policy) ||
        compareByteOrder(
          a.policy.metadata?.name ?? '',
          b.policy.metadata?.name ?? '',
        ),
    );
  let current = decision;
  for (let changed = true; changed; ) {
    changed = false;
    for (const candidate of candidates) {
      if (canPreempt(candidate, current)) {
        current = { ...candidate, how: 'preempted' };
        changed = true;
      }
    }
  }
  return current;
}
