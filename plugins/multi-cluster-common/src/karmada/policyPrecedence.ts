/**
 * Which of several (Cluster)PropagationPolicies of one kind matches a
 * resource template, as Karmada's `pkg/detector/compare.go`
 * (`getHighestPriorityPropagationPolicy`,
 * `getHigherPriorityPropagationPolicy`) and `LookForMatchedPolicy` in
 * `pkg/detector/detector.go` decide: the highest explicit `spec.priority`,
 * then the most specific selector, then the smallest name (byte order);
 * policies being deleted match nothing.
 */
import { compareByteOrder } from './byteOrder';
import {
  ImplicitPriority,
  ImplicitPriorityLevel,
  ResourceSelectorLike,
  ResourceTemplateRef,
  resourceMatchSelectorsPriority,
} from './resourceSelector';

/**
 * The fields of a (Cluster)PropagationPolicy that decide its claims.
 *
 * @public
 */
export interface PropagationPolicyLike {
  metadata?: {
    name?: string;
    namespace?: string;
    labels?: Readonly<Record<string, string>>;
    deletionTimestamp?: unknown;
  };
  spec?: {
    resourceSelectors?: readonly ResourceSelectorLike[];
    priority?: number;
    /** `Always` lets the policy preempt claims (feature gate PropagationPolicyPreemption). */
    preemption?: string;
  };
}

/** `spec.priority`, 0 when unset (`ExplicitPriority`). @public */
export function explicitPriority(policy: PropagationPolicyLike): number {
  return policy.spec?.priority ?? 0;
}

/** How specifically the policy selects `template` (its best selector). @public */
export function policyImplicitPriority(
  policy: PropagationPolicyLike,
  template: ResourceTemplateRef,
): ImplicitPriorityLevel {
  return resourceMatchSelectorsPriority(
    template,
    policy.spec?.resourceSelectors,
  );
}

/**
 * Karmada's precedence between two policies of one kind that select
 * `template`: the higher explicit priority, then the more specific
 * selector, then the name in byte order. Negative when `a` goes first.
 *
 * @public
 */
export function comparePolicyPrecedence(template: ResourceTemplateRef) {
  return (a: PropagationPolicyLike, b: PropagationPolicyLike): number =>
    explicitPriority(b) - explicitPriority(a) ||
    policyImplicitPriority(b, template) - policyImplicitPriority(a, template) ||
    compareByteOrder(a.metadata?.name ?? '', b.metadata?.name ?? '');
}

/**
 * The policy of `policies` (all of one kind) that Karmada would pick for an
 * unclaimed `template`, or undefined when none selects it. The caller passes
 * only policies that can apply: for a PropagationPolicy, those of the
 * template's namespace.
 *
 * @public
 */
export function highestPriorityPolicy<P extends PropagationPolicyLike>(
  policies: readonly P[],
  template: ResourceTemplateRef,
): P | undefined {
  const goesFirst = comparePolicyPrecedence(template);
  let matched: P | undefined;
  for (const policy of policies) {
    if (policy.metadata?.deletionTimestamp) continue;
    if (policyImplicitPriority(policy, template) <= ImplicitPriority.MisMatch)
      continue;
    if (!matched || goesFirst(policy, matched) < 0) matched = policy;
  }
  return matched;
}
