import type { ClusterProfile } from '../../fleet/cluster';
import { type WhatIfLoss, WhatIfLossError } from './types';

function byteOrder(left: string, right: string): number {
  if (left < right) return -1;
  return left > right ? 1 : 0;
}

/** Names of the clusters whose `key` is one of `wanted`; an unmatched value is an error. */
function clustersWith(
  fleet: readonly ClusterProfile[],
  key: 'region' | 'provider',
  wanted: readonly string[],
): string[] {
  const matched: string[] = [];
  for (const value of new Set(wanted)) {
    const members = fleet.filter(cluster => cluster[key] === value);
    if (members.length === 0) {
      throw new WhatIfLossError(
        `no cluster of the fleet is in ${key} '${value}'`,
      );
    }
    matched.push(...members.map(cluster => cluster.name));
  }
  return matched;
}

/**
 * The clusters a loss takes down, sorted by name: the named clusters and
 * every cluster of the named regions and providers. Throws
 * {@link WhatIfLossError} when the loss names nothing, or names a cluster,
 * region or provider the fleet does not have (a typo must not read as "no
 * impact").
 *
 * @public
 */
export function resolveLostClusters(
  fleet: ClusterProfile[],
  loss: WhatIfLoss,
): string[] {
  const clusters = loss.clusters ?? [];
  const regions = loss.regions ?? [];
  const providers = loss.providers ?? [];
  if (clusters.length + regions.length + providers.length === 0) {
    throw new WhatIfLossError(
      'name at least one cluster, region or provider to lose',
    );
  }
  const known = new Set(fleet.map(cluster => cluster.name));
  const unknown = clusters.find(name => !known.has(name));
  if (unknown !== undefined) {
    throw new WhatIfLossError(`cluster '${unknown}' is not in the fleet`);
  }
  const lost = new Set([
    ...clusters,
    ...clustersWith(fleet, 'region', regions),
    ...clustersWith(fleet, 'provider', providers),
  ]);
  return [...lost].sort(byteOrder);
}
