/**
 * The (Cluster)PropagationPolicies that select a resource template and the
 * one that propagates it, decided by common's Karmada rules: a claim on the
 * template sticks, else a PropagationPolicy wins over every
 * ClusterPropagationPolicy whatever their priorities.
 */
import {
  comparePolicyPrecedence,
  explicitPriority,
  ImplicitPriority,
  type KarmadaPolicyMatch,
  policyImplicitPriority,
  policyInTemplateNamespace,
  propagationDecision,
  type ResourceTemplateRef,
} from '@flotilla/plugin-multi-cluster-common';
import type { PropagationPolicy } from '@flotilla/plugin-multi-cluster-node';

type Kind = KarmadaPolicyMatch['kind'];

/**
 * Every policy that selects `template`, PropagationPolicies first, each
 * kind in Karmada's precedence; `effective` marks the one that propagates
 * it (its claim, or the one the detector would claim it for).
 */
export function matchingPolicies(
  template: ResourceTemplateRef,
  propagationPolicies: PropagationPolicy[],
  clusterPropagationPolicies: PropagationPolicy[],
): KarmadaPolicyMatch[] {
  const namespaced = propagationPolicies.filter(p =>
    policyInTemplateNamespace(p, template),
  );
  const decision = propagationDecision(template, {
    propagationPolicies: namespaced,
    clusterPropagationPolicies,
  });
  const matches = (policies: PropagationPolicy[], kind: Kind) =>
    policies
      .filter(
        p => policyImplicitPriority(p, template) > ImplicitPriority.MisMatch,
      )
      .sort(comparePolicyPrecedence(template))
      .map(
        (policy): KarmadaPolicyMatch => ({
          kind,
          name: policy.metadata?.name,
          namespace: policy.metadata?.namespace,
          effective: decision?.policy === policy,
          priority: explicitPriority(policy),
          placement: policy.spec?.placement,
          ...(policy.spec?.failover ? { failover: true } : {}),
        }),
      );
  return [
    ...matches(namespaced, 'PropagationPolicy'),
    ...matches(clusterPropagationPolicies, 'ClusterPropagationPolicy'),
  ];
}
