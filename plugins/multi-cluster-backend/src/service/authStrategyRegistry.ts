import type { AuthenticationStrategy } from '@backstage/plugin-kubernetes-node';
import type { MultiClusterAuthStrategyExtensionPoint } from '@flotilla/plugin-multi-cluster-node';

/** Keys name a strategy in cluster config: a letter, then letters, digits, dashes. */
const STRATEGY_KEY = /^[a-zA-Z][a-zA-Z0-9-]*$/;

/**
 * The authentication strategies modules add through
 * `multiClusterAuthStrategyExtensionPoint`, by key.
 */
export function createAuthStrategyRegistry(): {
  strategies: ReadonlyMap<string, AuthenticationStrategy>;
  extensionPoint: MultiClusterAuthStrategyExtensionPoint;
} {
  const strategies = new Map<string, AuthenticationStrategy>();
  return {
    strategies,
    extensionPoint: {
      addAuthStrategy(key, strategy) {
        if (!STRATEGY_KEY.test(key)) {
          throw new Error(`Invalid auth strategy key '${key}'`);
        }
        strategies.set(key, strategy);
      },
    },
  };
}
