import { LoggerService } from '@backstage/backend-plugin-api';
import { ControlPlaneConfig } from '../../config';
import {
  CAPI_CONTROLPLANE_GROUP,
  CAPI_GROUP,
  listCapiObjects,
  type CapiObject,
  type CapiVersion,
} from '../../kubernetes/apis/clusterApi';
import type { KubernetesClient } from '../../kubernetes/KubernetesClient';
import { ClusterApiLifecycle } from '../../lifecycle/ClusterApiLifecycle';
import {
  ClusterLifecycleProvider,
  DeleteClusterResult,
  ScaleMachineDeploymentResult,
  UpgradeClusterResult,
} from '../../lifecycle/types';
import { validateUpgrade } from '../../lifecycle/upgradeVersions';
import { sanitizeForLog } from '../../util/sanitize';
import { capiClusterRecord } from './clusterApiRecords';
import { ClusterLifecycle, ClusterRecord, FleetConnector } from '../types';
import { errorMessage } from '../../util/errorMessage';

// The upgrade rules moved to the lifecycle, the API groups to the Cluster
// API module; still exported where they were.
export { validateUpgrade };
export { CAPI_CONTROLPLANE_GROUP, CAPI_GROUP };

/**
 * Cluster API management clusters: `Cluster`, `KubeadmControlPlane` and
 * `MachineDeployment` objects (v1beta2, falling back to v1beta1). Also applies
 * lifecycle changes ({@link ClusterApiLifecycle}).
 */
export class ClusterApiConnector
  implements FleetConnector, ClusterLifecycleProvider
{
  readonly id: string;
  readonly type = 'cluster-api' as const;
  /** The version the management cluster served last time. */
  private apiVersion?: CapiVersion;
  private readonly lifecycle: ClusterApiLifecycle;

  constructor(
    private readonly options: {
      management: ControlPlaneConfig;
      client: KubernetesClient;
      logger: LoggerService;
      conflictRetries: number;
    },
  ) {
    this.id = `cluster-api:${options.management.name}`;
    this.lifecycle = new ClusterApiLifecycle({
      managementCluster: options.management.name,
      client: options.client,
      logger: options.logger,
      conflictRetries: options.conflictRetries,
    });
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

  scaleMachineDeployment(
    clusterName: string,
    lifecycle: ClusterLifecycle,
    machineDeployment: string,
    replicas: number,
  ): Promise<ScaleMachineDeploymentResult> {
    return this.lifecycle.scaleMachineDeployment(
      clusterName,
      lifecycle,
      machineDeployment,
      replicas,
    );
  }

  upgrade(
    clusterName: string,
    lifecycle: ClusterLifecycle,
    version: string,
  ): Promise<UpgradeClusterResult> {
    return this.lifecycle.upgrade(clusterName, lifecycle, version);
  }

  deleteCluster(
    clusterName: string,
    lifecycle: ClusterLifecycle,
  ): Promise<DeleteClusterResult> {
    return this.lifecycle.deleteCluster(clusterName, lifecycle);
  }
}
