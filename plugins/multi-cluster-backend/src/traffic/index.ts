export { TrafficProviderError } from './errors';
export { createTrafficProviderTypes } from './providerTypes';
export {
  LEGACY_WEBHOOK_PROVIDER,
  TrafficProviders,
  type TrafficProviderRegistry,
  type TrafficProvidersOptions,
} from './TrafficProviders';
export { BUILT_IN_TRAFFIC_PROVIDERS } from './builtInProviders';
