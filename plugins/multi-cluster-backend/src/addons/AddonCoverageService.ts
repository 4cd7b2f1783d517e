import type { LoggerService } from '@backstage/backend-plugin-api';
import type {
  AddonCoverage,
  AddonCoverageReport,
  AddonDelivery,
  FleetCluster,
} from '@flotilla/plugin-multi-cluster-common';
import pLimit from 'p-limit';
import { withDeadline } from '../util/deadline';
import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import { ArgoCdApplicationSetSource } from './ArgoCdApplicationSetSource';
import { requiredClusters } from './coverage';
import { FleetGitRepoSource } from './FleetGitRepoSource';
import { KarmadaClusterPropagationSource } from './KarmadaClusterPropagationSource';
import {
  AddonClientResolver,
  AddonConfig,
  AddonCoverageOptions,
  AddonSource,
} from './types';

export interface AddonCoverageServiceOptions {
  addons: AddonConfig[];
  /** One source per delivery type. */
  sources: AddonSource[];
  logger?: LoggerService;
  /** Add-ons read at once. Default 4. */
  concurrency?: number;
  /** Time one add-on may take. Default 30 seconds. */
  timeoutMs?: number;
}

/**
 * The coverage of every configured fleet-wide add-on: which clusters carry
 * it, which are missing it or drifted. One unreadable delivery marks only
 * its own add-on as failed.
 */
export class AddonCoverageService {
  private readonly sources = new Map<AddonDelivery, AddonSource>();

  constructor(private readonly options: AddonCoverageServiceOptions) {
    for (const source of options.sources) {
      this.sources.set(source.delivery, source);
    }
  }

  /** The service with the Argo CD, Fleet and Karmada sources. */
  static create(
    options: Omit<AddonCoverageServiceOptions, 'sources'> & {
      clientFor: AddonClientResolver;
    },
  ): AddonCoverageService {
    const { clientFor, ...rest } = options;
    return new AddonCoverageService({
      ...rest,
      sources: [
        new ArgoCdApplicationSetSource(clientFor),
        new FleetGitRepoSource(clientFor),
        new KarmadaClusterPropagationSource(clientFor),
      ],
    });
  }

  async getCoverage(
    fleet: FleetCluster[],
    options: AddonCoverageOptions = {},
  ): Promise<AddonCoverageReport> {
    const limit = pLimit(Math.max(1, this.options.concurrency ?? 4));
    const addons = await Promise.all(
      this.options.addons.map(addon =>
        limit(() => this.coverageOf(addon, fleet, options)),
      ),
    );
    return { addons };
  }

  private async coverageOf(
    addon: AddonConfig,
    fleet: FleetCluster[],
    options: AddonCoverageOptions,
  ): Promise<AddonCoverage> {
    const source = this.sources.get(addon.delivery.type);
    if (!source) {
      return this.failed(
        addon,
        fleet,
        `no source reads ${addon.delivery.type} deliveries`,
      );
    }
    try {
      return await withDeadline(
        `reading ${addon.delivery.type} coverage`,
        { timeoutMs: this.options.timeoutMs ?? 30_000, signal: options.signal },
        signal => source.coverage(addon, fleet, { signal }),
      );
    } catch (error) {
      // A delivery's error text comes from a cluster: escaped, bounded.
      const message = sanitizeForLog(
        error instanceof Error ? error.message : error,
      );
      this.options.logger?.warn(
        `Could not read add-on '${addon.name}' coverage: ${message}`,
      );
      return this.failed(addon, fleet, message);
    }
  }

  private failed(
    addon: AddonConfig,
    fleet: FleetCluster[],
    error: string,
  ): AddonCoverage {
    return {
      name: addon.name,
      category: addon.category,
      delivery: addon.delivery.type,
      source: describeDelivery(addon),
      error,
      clusters: requiredClusters(addon, fleet)
        .map(c => c.name)
        .sort()
        .map(cluster => ({
          cluster,
          state: 'unknown' as const,
          message: `delivery could not be read: ${error}`,
        })),
    };
  }
}

/** The delivering object, as the sources name it. */
export function describeDelivery(addon: AddonConfig): string {
  const d = addon.delivery;
  switch (d.type) {
    case 'argocd-applicationset':
      return `ApplicationSet ${d.namespace}/${d.name} on ${d.cluster}`;
    case 'fleet-gitrepo':
      return `GitRepo ${d.namespace}/${d.name} on ${d.cluster}`;
    default:
      return `ClusterPropagationPolicy ${d.name} on Karmada ${d.controlPlane}`;
  }
}
