/**
 * Karmada's rules outside the scheduler, one home for the backend and the
 * fleet simulator: resource selectors and their implicit priority, which
 * (Cluster)PropagationPolicy claims a resource template (precedence,
 * sticky claims, preemption) and the order of OverridePolicies.
 */
export { compareByteOrder } from './byteOrder';
export {
  ImplicitPriority,
  resourceMatchSelectorsPriority,
  resourceSelectorPriority,
} from './resourceSelector';
export type {
  ImplicitPriorityLevel,
  ResourceSelectorLike,
  ResourceTemplateRef,
} from './resourceSelector';
export { claimMetadata, KARMADA_CLAIM, readPolicyClaim } from './claimMetadata';
export type { ClaimMetadata, PolicyClaim } from './claimMetadata';
export {
  comparePolicyPrecedence,
  explicitPriority,
  highestPriorityPolicy,
  policyImplicitPriority,
} from './policyPrecedence';
export type { PropagationPolicyLike } from './policyPrecedence';
export {
  policyInTemplateNamespace,
  propagationDecision,
} from './propagationClaim';
export type {
  PropagationDecision,
  PropagationPolicies,
} from './propagationClaim';
export { preemptClaim } from './preemption';
export {
  orderOverridePolicies,
  overrideImplicitPriority,
  overridePoliciesInApplyOrder,
} from './overrideOrder';
export type { OverridePolicyLike } from './overrideOrder';
export { overridePolicyNameSortingLast } from './overridePolicyNaming';
