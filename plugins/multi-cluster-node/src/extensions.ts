import { createExtensionPoint } from '@backstage/backend-plugin-api';
import type { AuthenticationStrategy } from '@backstage/plugin-kubernetes-node';

/**
 * Adds an authentication strategy for clusters whose `authProvider` is
 * `key`, in the Kubernetes plugin's `AuthenticationStrategy` shape: a module
 * can register the same strategy object here and with
 * `kubernetesAuthStrategyExtensionPoint`, so both plugins reach the fleet the
 * same way.
 *
 * @public
 */
export interface MultiClusterAuthStrategyExtensionPoint {
  addAuthStrategy(key: string, strategy: AuthenticationStrategy): void;
}

/**
 * Extension point of the multi-cluster backend plugin for custom cluster
 * authentication strategies.
 *
 * @public
 */
export const multiClusterAuthStrategyExtensionPoint =
  createExtensionPoint<MultiClusterAuthStrategyExtensionPoint>({
    id: 'multi-cluster.auth-strategy',
  });
