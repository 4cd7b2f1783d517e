import { createConditionExports } from '@backstage/plugin-permission-node';
import { clusterPermissionResourceRef, clusterPermissionRules } from './rules';

const exports_ = createConditionExports({
  resourceRef: clusterPermissionResourceRef,
  rules: clusterPermissionRules,
});

/**
 * Condition factories for policies, e.g.
 * `clusterConditions.hasLabel({ key: 'environment', value: 'prod' })`.
 *
 * @public
 */
export const clusterConditions = exports_.conditions;

/**
 * Builds a CONDITIONAL decision for a cluster permission in a policy.
 *
 * @public
 */
export const createClusterConditionalDecision =
  exports_.createConditionalDecision;
