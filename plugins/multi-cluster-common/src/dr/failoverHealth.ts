import type { ClusterProfile } from '../fleet/cluster';

/**
 * The part of a cluster a failover's health rules read: the inventory's
 * verdict and the evidence behind it.
 *
 * @public
 */
export type FailoverHealthView = Pick<
  ClusterProfile,
  'name' | 'health' | 'healthDetail'
>;

/**
 * Whether a failover may leave a source cluster, and why.
 *
 * @public
 */
export interface FailoverSourceCheck {
  proceed: boolean;
  reason: string;
}

function withDetail(cluster: FailoverHealthView): string {
  return cluster.healthDetail ? ` (${cluster.healthDetail})` : '';
}

/**
 * The force rule of a failover's source, on the inventory's verdict: only a
 * source that still reports `healthy` needs `force`. An `unhealthy` source
 * (an observer saw it fail) and an `unknown` one (no observer could tell,
 * e.g. this backend's credentials were refused) proceed without it; a
 * source missing from the fleet proceeds too.
 *
 * @public
 */
export function failoverSourceCheck(
  source: FailoverHealthView | undefined,
  force: boolean,
): FailoverSourceCheck {
  if (!source) {
    return { proceed: true, reason: 'the source is not in the fleet' };
  }
  const { name, health = 'unknown' } = source;
  if (health === 'healthy' && !force) {
    return {
      proceed: false,
      reason: `${name} still reports healthy; refusing to fail over from a healthy cluster without force: true`,
    };
  }
  if (health === 'healthy') {
    return { proceed: true, reason: `${name} reports healthy; forced` };
  }
  return { proceed: true, reason: `${name} is ${health}${withDetail(source)}` };
}

/**
 * Why a cluster cannot take a failover's (or a rollback's) replicas, on the
 * inventory's verdict: an `unhealthy` cluster never can. An `unknown` one
 * can (no observer saw it fail); its room is checked as for any target.
 *
 * @public
 */
export function failoverTargetProblem(
  target: FailoverHealthView,
): string | undefined {
  return target.health === 'unhealthy'
    ? `target cluster '${target.name}' is unhealthy${withDetail(target)}`
    : undefined;
}
