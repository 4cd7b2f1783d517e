import { LoggerService } from '@backstage/backend-plugin-api';
import { ControlPlaneConfig } from '../../config';
import {
  CAPI_CONTROLPLANE_GROUP,
  CAPI_GROUP,
  listCapiObjects,
  type CapiObject,
  type CapiVersion,
} from '../../kubernetes/apis/clusterApi';
import type { KubernetesClient } from '../../kubernetes/client/KubernetesClient';
import { sanitizeForLog } from '../../util/sanitize';
import { capiClusterRecord } from './clusterApiRecords';
import { ClusterRecord, FleetConnector } from '../types';
import { errorMessage } from '../../util/errorMessage';

/**
 * Cluster API management clusters: `Cluster`, `KubeadmControlPlane` and
 * `MachineDeployment` objects (v1beta2, falling back to v1beta1). Listing
 * only: lifecycle changes are the backend plugin's, composed over the same
 * client.
 *
 * @public
 */
export class ClusterApiConnector implements FleetConnector {
  readonly id: string;
  readonly type = 'cluster-api' as const;
  /** The version the management cluster served last time. */
  private apiVersion?: CapiVersion;

  constructor(
    private readonly options: {
      management: ControlPlaneConfig;
      client: KubernetesClient;
      logger: LoggerService;
    },
  ) {
    this.id = `cluster-api:${options.management.name}`;
  }

  get managementCluster(): string {
    return this.options.management.name;
  }

  private list(group: string, plural: string, signal?: AbortSignal) {
    return listCapiObjects(
      this.options.client,
      {
        group,
        plural,
        preferred: this.apiVersion,
        namespaces: this.options.management.namespaces,
      },
      { signal },
    );
  }

  async listClusters(options: {
    signal?: AbortSignal;
  }): Promise<ClusterRecord[]> {
    const clusters = await this.list(CAPI_GROUP, 'clusters', options.signal);
    this.apiVersion = clusters.version;
    // Without the control planes the clusters still hold, but their
    // control plane is unknown: a finding on each, not a silent gap.
    let controlPlaneProblem: string | undefined;
    const [kcps, mds] = await Promise.all([
      this.list(
        CAPI_CONTROLPLANE_GROUP,
        'kubeadmcontrolplanes',
        options.signal,
      ).catch(error => {
        controlPlaneProblem = sanitizeForLog(
          `${
            this.id
          }: cannot list KubeadmControlPlanes, control planes unknown: ${errorMessage(
            error,
          )}`,
          500,
        );
        this.options.logger.warn(controlPlaneProblem);
        return { version: clusters.version, items: [] as CapiObject[] };
      }),
      this.list(CAPI_GROUP, 'machinedeployments', options.signal),
    ]);
    const source = {
      id: this.id,
      managementCluster: this.managementCluster,
      version: clusters.version,
    };
    return clusters.items.map(c => {
      const record = capiClusterRecord(c, source, kcps.items, mds.items);
      if (controlPlaneProblem) {
        record.fields.problems = [
          ...(record.fields.problems ?? []),
          controlPlaneProblem,
        ];
      }
      return record;
    });
  }
}
