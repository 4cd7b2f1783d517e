import type { TrafficEndpoint } from '@flotilla/plugin-multi-cluster-node';
import { StepError } from '../../../failover/steps/types';

/** The members of a load balancer a shift may change. */
export interface PoolRouting {
  default_pools?: string[];
  fallback_pool?: string;
  region_pools?: Record<string, string[]>;
  country_pools?: Record<string, string[]>;
  pop_pools?: Record<string, string[]>;
  steering_policy?: string;
}

/** What Cloudflare sets itself; never written back. */
export const READ_ONLY = ['id', 'created_on', 'modified_on', 'zone_name'];

const ID = /^[0-9a-f]{32}$/;

/** `<zoneId>/<loadBalancerId>`, or `<loadBalancerId>` with `accountId`. */
export function parseRecord(
  record: string,
  accountId: string | undefined,
): { scope: { zone_id: string } | { account_id: string }; id: string } {
  const [first, second, ...rest] = record.split('/');
  if (
    !rest.length &&
    second !== undefined &&
    ID.test(first) &&
    ID.test(second)
  ) {
    return { scope: { zone_id: first }, id: second };
  }
  if (second === undefined && ID.test(first) && accountId) {
    return { scope: { account_id: accountId }, id: first };
  }
  throw new StepError(
    'cloudflare: the record is not <zoneId>/<loadBalancerId> (or a load balancer id with accountId set)',
    { retryable: false },
  );
}

/** Pools answer in order only under `off` (or no) steering: the first is primary. */
const ordered = (lb: PoolRouting) =>
  !lb.steering_policy || lb.steering_policy === 'off';

/**
 * The default pools in cluster terms, then the configured clusters' pools
 * the load balancer does not use (disabled).
 */
export function endpointsOf(
  lb: PoolRouting,
  poolOf: Record<string, string>,
): TrafficEndpoint[] {
  const clusterOf = new Map(Object.entries(poolOf).map(([c, p]) => [p, c]));
  const pools = lb.default_pools ?? [];
  const used: TrafficEndpoint[] = pools.map((pool, i) => ({
    cluster: clusterOf.get(pool),
    target: pool,
    ...(ordered(lb)
      ? { role: i === 0 ? ('primary' as const) : ('secondary' as const) }
      : {}),
    enabled: true,
  }));
  const unused = Object.entries(poolOf)
    .filter(([, pool]) => !pools.includes(pool))
    .map(([cluster, pool]) => ({ cluster, target: pool, enabled: false }));
  return [...used, ...unused];
}

/**
 * The members to PATCH so that `from`'s pool serves no one: `to`'s pools
 * first in `default_pools` (the order failover steering follows), `from`'s
 * dropped from every pool list (an emptied list gets `to`'s), and the
 * fallback moved when it was `from`'s. Empty when nothing changes.
 */
export function shiftedRouting(
  lb: PoolRouting,
  from: string | undefined,
  to: string[],
): Partial<PoolRouting> {
  if (!to.length) {
    throw new StepError(
      'cloudflare: no pool configured for the target clusters',
      {
        retryable: false,
      },
    );
  }
  const strip = (pools: string[]) => {
    const left = pools.filter(p => p !== from);
    return left.length ? left : to;
  };
  const next: Partial<PoolRouting> = {
    default_pools: [
      ...to,
      ...strip(lb.default_pools ?? []).filter(p => !to.includes(p)),
    ],
    fallback_pool: lb.fallback_pool === from ? to[0] : lb.fallback_pool,
  };
  for (const key of ['region_pools', 'country_pools', 'pop_pools'] as const) {
    const map = lb[key];
    if (map) {
      next[key] = Object.fromEntries(
        Object.entries(map).map(([k, v]) => [k, strip(v)]),
      );
    }
  }
  return Object.fromEntries(
    Object.entries(next).filter(
      ([key, value]) =>
        JSON.stringify(value) !== JSON.stringify(lb[key as keyof PoolRouting]),
    ),
  );
}
