import { BackstageCredentials } from '@backstage/backend-plugin-api';
import {
  type AddonCoverageReport,
  type FleetConnectivityReport,
} from '@flotilla/plugin-multi-cluster-common';
import { FleetCluster } from '@flotilla/plugin-multi-cluster-node';
import {
  callerOf,
  inProcessCompute,
  PlacementCompute,
} from '../placement/compute/PlacementWorkerPool';
import { ClusterReadService } from './ClusterReadService';

/** Reads fleet-wide add-on coverage (the AddonCoverageService). */
export interface AddonCoverageReader {
  getCoverage(fleet: FleetCluster[]): Promise<AddonCoverageReport>;
}

/**
 * Fleet-wide views (connectivity, add-on coverage) over the clusters the
 * caller may read.
 */
export class FleetViewService {
  constructor(
    private readonly options: {
      clusters: Pick<ClusterReadService, 'readableClusters'>;
      addons: AddonCoverageReader;
      /** Where the report is built: the backend's worker pool. */
      compute?: PlacementCompute;
    },
  ) {}

  /** Cluster sets, fabric findings and borrowed capacity. */
  async getConnectivity(
    credentials: BackstageCredentials,
  ): Promise<FleetConnectivityReport> {
    const clusters = await this.options.clusters.readableClusters(credentials);
    const compute = this.options.compute ?? inProcessCompute;
    return compute.run(callerOf(credentials), 'connectivity', clusters);
  }

  /** Add-on coverage, naming only clusters the caller may read. */
  async getAddonCoverage(
    credentials: BackstageCredentials,
  ): Promise<AddonCoverageReport> {
    const clusters = await this.options.clusters.readableClusters(credentials);
    const readable = new Set(clusters.map(c => c.name));
    const report = await this.options.addons.getCoverage(clusters);
    // A delivery's status can name clusters the caller may not read.
    return {
      addons: report.addons.map(addon => ({
        ...addon,
        clusters: addon.clusters.filter(c => readable.has(c.cluster)),
      })),
    };
  }
}
