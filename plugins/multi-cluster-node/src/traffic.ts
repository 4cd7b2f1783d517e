import type { Config } from '@backstage/config';
import type { LoggerService } from '@backstage/backend-plugin-api';
import type { JsonValue } from '@backstage/types';
import type { ClusterClientFactory } from './kubernetes/ClusterClientFactory';
import type { KubernetesClient } from './kubernetes/client/KubernetesClient';

/**
 * One cluster's share of a service's traffic, as a provider reads it back.
 *
 * @public
 */
export interface TrafficEndpoint {
  /** The fleet cluster the endpoint sends users to; absent when unknown. */
  cluster?: string;
  /** The address users reach (a hostname, an IP, an endpoint ARN or id). */
  target: string;
  /** Relative share, for weighted records and endpoint groups. */
  weight?: number;
  /** For failover records: who answers while healthy. */
  role?: 'primary' | 'secondary';
  /** False when the provider takes the endpoint out (disabled, weight 0). */
  enabled: boolean;
}

/**
 * What a provider reads back for one record: the endpoints in cluster
 * terms, and its own exact state (`raw`) from which `restore` rebuilds it.
 *
 * @public
 */
export interface TrafficState {
  provider: string;
  record: string;
  endpoints: TrafficEndpoint[];
  raw: JsonValue;
}

/**
 * Routes users to clusters: DNS records, a global accelerator, a load
 * balancer. `shift` and `restore` must be idempotent (a step may be
 * retried) and must not return before the provider accepted the change.
 *
 * @public
 */
export interface TrafficProvider {
  /** The configured name services refer to (`flotilla.io/traffic-provider`). */
  readonly name: string;
  /** The kind, e.g. `external-dns`, `route53`, `global-accelerator`, `cloudflare`, `webhook`. */
  readonly type: string;
  read(request: { record: string; signal: AbortSignal }): Promise<TrafficState>;
  /** Sends the record's users to `to` instead of `from`; returns the state after. */
  shift(request: {
    runId: string;
    entityRef: string;
    record: string;
    from: string;
    to: string[];
    signal: AbortSignal;
  }): Promise<TrafficState>;
  /** Puts back exactly `state` (what `read` returned before a shift). */
  restore(request: {
    record: string;
    state: TrafficState;
    /**
     * The rollback's own route (back from the failover's targets to its
     * source), for providers that cannot read their state back (a
     * webhook): they replay the shift reversed instead.
     */
    route?: { runId: string; entityRef: string; from: string; to: string[] };
    signal: AbortSignal;
  }): Promise<TrafficState>;
}

/**
 * Builds a provider from one `multiCluster.traffic.providers[]` entry.
 *
 * @public
 */
export type TrafficProviderFactory = (options: {
  /** The entry: `name`, `type` and the type's own settings. */
  config: Config;
  logger: LoggerService;
  /** Clients of the fleet's clusters (for providers that write CRDs). */
  clients: ClusterClientFactory;
  /**
   * The client of a fleet cluster by name, reached as the inventory reaches
   * it (undefined when the inventory does not know it or cannot reach it).
   */
  clusterClient?: (cluster: string) => Promise<KubernetesClient | undefined>;
}) => TrafficProvider;

/**
 * Whether a read-back shows the users sent to `to` and none to `from`: no
 * enabled endpoint of `from` (or, for failover records, `from` is not the
 * primary), and an enabled endpoint on at least one of `to`.
 *
 * @public
 */
export function trafficServes(
  state: TrafficState,
  route: { from: string; to: string[] },
): { ok: boolean; reason?: string } {
  const enabled = state.endpoints.filter(e => e.enabled);
  const primaries = enabled.filter(e => e.role === 'primary');
  const serving = primaries.length ? primaries : enabled;
  if (serving.some(e => e.cluster === route.from)) {
    return {
      ok: false,
      reason: `${state.record} still sends users to ${route.from}`,
    };
  }
  if (!serving.some(e => e.cluster && route.to.includes(e.cluster))) {
    return {
      ok: false,
      reason: `${state.record} sends no users to ${route.to.join(', ')}`,
    };
  }
  return { ok: true };
}
