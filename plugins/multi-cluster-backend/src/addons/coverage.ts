/**
 * What the add-on sources share: which fleet clusters must carry an add-on,
 * how a delivery's cluster reference resolves to a fleet cluster, and how
 * several per-cluster observations (one per Application, BundleDeployment or
 * binding) fold into one status.
 */
import type {
  AddonClusterStatus,
  AddonCoverage,
  AddonState,
  FleetCluster,
} from '@flotilla/plugin-multi-cluster-common';
import { compileLabelSelector } from '@flotilla/plugin-multi-cluster-common';
import { AddonConfig } from './types';

/** Fleet clusters whose labels match the add-on's `requiredOn`. */
export function requiredClusters(
  addon: Pick<AddonConfig, 'requiredOn'>,
  fleet: FleetCluster[],
): FleetCluster[] {
  const selector = compileLabelSelector({
    matchLabels: addon.requiredOn?.matchLabels,
  });
  return fleet.filter(c => selector(c.labels));
}

/** `https://Host:6443/` and `https://host:6443` are the same API server. */
export function normalizeServerUrl(url: string): string {
  try {
    const u = new URL(url);
    const path = u.pathname.replace(/\/+$/, '');
    return `${u.protocol}//${u.host.toLowerCase()}${path}`;
  } catch {
    return url.trim().replace(/\/+$/, '').toLowerCase();
  }
}

/** Looks fleet clusters up by name or by API server URL. */
export class FleetClusterIndex {
  private readonly byName = new Map<string, FleetCluster>();
  private readonly byServer = new Map<string, FleetCluster>();

  constructor(fleet: FleetCluster[]) {
    for (const c of fleet) {
      this.byName.set(c.name, c);
      if (c.apiServerUrl) {
        this.byServer.set(normalizeServerUrl(c.apiServerUrl), c);
      }
    }
  }

  byClusterName(name: string | undefined): FleetCluster | undefined {
    return name ? this.byName.get(name) : undefined;
  }

  byApiServer(url: string | undefined): FleetCluster | undefined {
    return url ? this.byServer.get(normalizeServerUrl(url)) : undefined;
  }
}

// Worst first: one drifted Application makes the add-on drifted there.
const SEVERITY: Record<AddonState, number> = {
  drifted: 3,
  unknown: 2,
  missing: 1,
  'in-sync': 0,
};

function joinDistinct(values: (string | undefined)[]): string | undefined {
  const distinct = [...new Set(values.filter((v): v is string => !!v))];
  return distinct.length > 0 ? distinct.join(', ') : undefined;
}

/** Folds several observations of one cluster into one status. */
export function foldStatuses(
  cluster: string,
  observed: Omit<AddonClusterStatus, 'cluster'>[],
): AddonClusterStatus {
  const worst = Math.max(...observed.map(o => SEVERITY[o.state]));
  const state = (Object.keys(SEVERITY) as AddonState[]).find(
    s => SEVERITY[s] === worst,
  )!;
  const messages = observed
    .filter(o => o.state !== 'in-sync' && o.message)
    .map(o => o.message!);
  return {
    cluster,
    state,
    revision: joinDistinct(observed.map(o => o.revision)),
    desiredRevision: joinDistinct(observed.map(o => o.desiredRevision)),
    message:
      messages.length > 0 ? [...new Set(messages)].join('; ') : undefined,
  };
}

/**
 * The coverage of the required clusters: each one's folded observations, or
 * `missing` with `missingMessage` when the delivery has nothing for it.
 * Observations of clusters that need not carry the add-on are dropped.
 */
export function coverageOf(
  addon: AddonConfig,
  source: string,
  fleet: FleetCluster[],
  observed: Map<string, Omit<AddonClusterStatus, 'cluster'>[]>,
  missing: { message: string; desiredRevision?: string },
): AddonCoverage {
  const clusters = requiredClusters(addon, fleet)
    .map(c => c.name)
    .sort()
    .map((name): AddonClusterStatus => {
      const seen = observed.get(name);
      if (!seen || seen.length === 0) {
        return {
          cluster: name,
          state: 'missing',
          desiredRevision: missing.desiredRevision,
          message: missing.message,
        };
      }
      return foldStatuses(name, seen);
    });
  return {
    name: addon.name,
    category: addon.category,
    delivery: addon.delivery.type,
    source,
    clusters,
  };
}

/** Appends an observation to a per-cluster map. */
export function observe(
  map: Map<string, Omit<AddonClusterStatus, 'cluster'>[]>,
  cluster: string,
  status: Omit<AddonClusterStatus, 'cluster'>,
): void {
  const list = map.get(cluster) ?? [];
  list.push(status);
  map.set(cluster, list);
}
