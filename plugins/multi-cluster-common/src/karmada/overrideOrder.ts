/**
 * The order in which Karmada applies OverridePolicies to a resource
 * template, as `pkg/util/overridemanager/overridemanager.go` does it
 * (`ApplyOverridePolicies`, `getOverridersFromOverridePolicies`; the same
 * in v1.16.3 to v1.18.2): every ClusterOverridePolicy first, then the
 * OverridePolicies of the template's namespace; within each kind, the less
 * specific selector first (a policy without selectors counts as selecting
 * all of its kind) and then by name, byte order. A later policy overrides
 * what an earlier one set.
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
 * The fields of an (Cluster)OverridePolicy that decide its order.
 *
 * @public
 */
export interface OverridePolicyLike {
  metadata?: { name?: string; namespace?: string };
  spec?: { resourceSelectors?: readonly ResourceSelectorLike[] };
}

/**
 * How specifically an override policy selects `template`; a policy without
 * resource selectors selects everything (MatchAll).
 *
 * @public
 */
export function overrideImplicitPriority(
  policy: OverridePolicyLike,
  template: ResourceTemplateRef,
): ImplicitPriorityLevel {
  const selectors = policy.spec?.resourceSelectors ?? [];
  if (selectors.length === 0) return ImplicitPriority.MatchAll;
  return resourceMatchSelectorsPriority(template, selectors);
}

/**
 * The policies of one kind that select `template`, in the order Karmada
 * applies them.
 *
 * @public
 */
export function orderOverridePolicies<P extends OverridePolicyLike>(
  template: ResourceTemplateRef,
  policies: readonly P[],
): P[] {
  return policies
    .map(policy => ({
      policy,
      priority: overrideImplicitPriority(policy, template),
    }))
    .filter(p => p.priority > ImplicitPriority.MisMatch)
    .sort(
      (a, b) =>
        a.priority - b.priority ||
        compareByteOrder(
          a.policy.metadata?.name ?? '',
          b.policy.metadata?.name ?? '',
        ),
    )
    .map(p => p.policy);
}

/**
 * Every override policy that applies to `template`, in Karmada's order:
 * ClusterOverridePolicies, then (for a namespaced template) the
 * OverridePolicies of its namespace.
 *
 * @public
 */
export function overridePoliciesInApplyOrder<P extends OverridePolicyLike>(
  template: ResourceTemplateRef,
  policies: {
    clusterOverridePolicies: readonly P[];
    overridePolicies: readonly P[];
  },
): P[] {
  const namespace = template.metadata?.namespace;
  return [
    ...orderOverridePolicies(template, policies.clusterOverridePolicies),
    ...(namespace
      ? orderOverridePolicies(
          template,
          policies.overridePolicies.filter(
            p => p.metadata?.namespace === namespace,
          ),
        )
      : []),
  ];
}
