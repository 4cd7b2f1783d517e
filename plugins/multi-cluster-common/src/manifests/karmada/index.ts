export {
  activePassiveOverrideRules,
  activePassivePlacement,
  buildOverridePolicy,
  buildPropagationPolicy,
  generateKarmadaPolicies,
  karmadaFailoverSpec,
  karmadaOverrideRules,
} from './policies';
export type { KarmadaOverrideRule } from './policies';
export {
  activePassiveSchema,
  KARMADA_POLICY_API_VERSION,
  karmadaClusterNameSchema,
  karmadaFailoverSchema,
  karmadaOverridesSchema,
  karmadaPolicyInputSchema,
  resourceSelectorSchema,
} from './types';
export type {
  ActivePassiveInput,
  KarmadaFailoverInput,
  KarmadaOverridesInput,
  KarmadaPolicyInput,
  KarmadaResourceSelector,
  NormalizedKarmadaPolicyInput,
} from './types';
