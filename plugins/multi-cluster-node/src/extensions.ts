import { createExtensionPoint } from '@backstage/backend-plugin-api';
import type { AuthenticationStrategy } from '@backstage/plugin-kubernetes-node';
import type { TrafficProviderFactory } from './traffic';

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

/**
 * Adds traffic provider types (`multiCluster.traffic.providers[].type`)
 * beside the built-in ones, for the failover runbook's traffic step.
 *
 * @public
 */
export interface MultiClusterTrafficProvidersExtensionPoint {
  addTrafficProviderType(type: string, factory: TrafficProviderFactory): void;
}

/**
 * Extension point of the multi-cluster backend plugin for traffic
 * providers (DNS, global load balancers).
 *
 * @public
 */
export const multiClusterTrafficProvidersExtensionPoint =
  createExtensionPoint<MultiClusterTrafficProvidersExtensionPoint>({
    id: 'multi-cluster.traffic-providers',
  });
