import { createExtensionPoint } from '@backstage/backend-plugin-api';
import type { AuthenticationStrategy } from '@backstage/plugin-kubernetes-node';
import type {
  PlacementFilter,
  PlacementScorer,
} from '@flotilla/plugin-multi-cluster-common';
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

/**
 * Adds objectives to placement advice, in common's `PlacementScorer` and
 * `PlacementFilter` contract: scorers weigh beside the built-in ones
 * (`latency`, `cost`, `gpu`, `compliance`), filters add hard requirements
 * whose reasons are shown for the clusters they exclude. They run on the
 * backend's main thread, once per advice request and cluster, and their
 * answers are handed to the worker that computes the advice; a scorer that
 * throws or answers something other than a number leaves its objective
 * unknown for that cluster. An id already taken (by a built-in scorer or
 * another module) fails the backend's startup.
 *
 * @public
 */
export interface MultiClusterPlacementExtensionPoint {
  addScorer(...scorers: PlacementScorer[]): void;
  addFilter(...filters: PlacementFilter[]): void;
}

/**
 * Extension point of the multi-cluster backend plugin for placement
 * advice objectives (e.g. carbon intensity).
 *
 * @public
 */
export const multiClusterPlacementExtensionPoint =
  createExtensionPoint<MultiClusterPlacementExtensionPoint>({
    id: 'multi-cluster.placement',
  });
