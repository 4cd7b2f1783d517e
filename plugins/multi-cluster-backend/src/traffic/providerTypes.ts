import type {
  MultiClusterTrafficProvidersExtensionPoint,
  TrafficProviderFactory,
} from '@flotilla/plugin-multi-cluster-node';
import { BUILT_IN_TRAFFIC_PROVIDERS } from './builtInProviders';

/** Type names: a letter, then lower-case letters, digits, dashes. */
const TYPE_NAME = /^[a-z][a-z0-9-]{0,62}$/;

/**
 * The provider types modules add through
 * `multiClusterTrafficProvidersExtensionPoint`, beside the built-in ones
 * (which they may not replace: a config naming `external-dns` must mean
 * the same thing in every deployment).
 */
export function createTrafficProviderTypes(): {
  types: ReadonlyMap<string, TrafficProviderFactory>;
  extensionPoint: MultiClusterTrafficProvidersExtensionPoint;
} {
  const types = new Map<string, TrafficProviderFactory>();
  return {
    types,
    extensionPoint: {
      addTrafficProviderType(type, factory) {
        if (!TYPE_NAME.test(type)) {
          throw new Error(`Invalid traffic provider type '${type}'`);
        }
        if (type in BUILT_IN_TRAFFIC_PROVIDERS || types.has(type)) {
          throw new Error(`Traffic provider type '${type}' is already defined`);
        }
        types.set(type, factory);
      },
    },
  };
}
