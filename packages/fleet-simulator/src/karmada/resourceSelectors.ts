/**
 * Karmada's ResourceSelector (policies select resource templates by
 * apiVersion, kind and optionally namespace, name and label selector) and
 * the order in which competing PropagationPolicies claim a template.
 */
import { matchesLabelSelector, StructuredLabelSelector } from './labelSelector';

export interface ResourceSelector {
  apiVersion: string;
  kind: string;
  namespace?: string;
  name?: string;
  labelSelector?: StructuredLabelSelector;
}

export interface TemplateRef {
  apiVersion?: string;
  kind?: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
  };
}

/** How specifically a selector names a template: name > label > kind (Karmada's implicit priority). */
export function selectorMatch(
  selector: ResourceSelector,
  template: TemplateRef,
): number {
  if (
    selector.apiVersion !== template.apiVersion ||
    selector.kind !== template.kind
  )
    return 0;
  if (selector.namespace && selector.namespace !== template.metadata.namespace)
    return 0;
  if (selector.name) return selector.name === template.metadata.name ? 3 : 0;
  if (selector.labelSelector) {
    return matchesLabelSelector(
      template.metadata.labels,
      selector.labelSelector,
    )
      ? 2
      : 0;
  }
  return 1;
}

/** The best match of a policy's selectors for `template` (0: not selected). */
export function policyMatch(
  policy: {
    metadata: { namespace?: string };
    spec?: { resourceSelectors?: ResourceSelector[] };
  },
  template: TemplateRef,
): number {
  // A namespaced policy only selects templates of its own namespace.
  if (
    policy.metadata.namespace &&
    policy.metadata.namespace !== template.metadata.namespace
  )
    return 0;
  return Math.max(
    0,
    ...(policy.spec?.resourceSelectors ?? []).map(s =>
      selectorMatch(s, template),
    ),
  );
}

interface PolicyLike {
  metadata: { name: string; namespace?: string };
  spec?: { resourceSelectors?: ResourceSelector[]; priority?: number };
}

/**
 * The policy that claims `template`: PropagationPolicies before
 * ClusterPropagationPolicies; then higher explicit priority, then the more
 * specific selector, then the name, alphabetically.
 */
export function claimingPolicy<P extends PolicyLike>(
  template: TemplateRef,
  propagationPolicies: P[],
  clusterPropagationPolicies: P[],
): { policy: P; cluster: boolean } | undefined {
  const best = (policies: P[]) =>
    policies
      .map(policy => ({ policy, match: policyMatch(policy, template) }))
      .filter(c => c.match > 0)
      .sort(
        (a, b) =>
          (b.policy.spec?.priority ?? 0) - (a.policy.spec?.priority ?? 0) ||
          b.match - a.match ||
          a.policy.metadata.name.localeCompare(b.policy.metadata.name),
      )[0]?.policy;
  const namespaced = template.metadata.namespace
    ? best(propagationPolicies)
    : undefined;
  if (namespaced) return { policy: namespaced, cluster: false };
  const clusterWide = best(clusterPropagationPolicies);
  return clusterWide ? { policy: clusterWide, cluster: true } : undefined;
}
