export { convertKubefedResource } from './convert';
export type {
  KubefedConversionInput,
  KubefedConversionResult,
} from './convert';
export {
  federatedResourceSchema,
  KUBEFED_TARGET_TYPES,
  KUBEFED_TYPES_API_VERSION,
} from './federatedResource';
