import { LoggerService } from '@backstage/backend-plugin-api';
import { InputError, NotFoundError } from '@backstage/errors';
import {
  CAPI_CONTROLPLANE_GROUP,
  CAPI_GROUP,
  countOf,
  deleteCapiObject,
  patchCapiObject,
  type CapiChange,
  type CustomObjectRef,
  type KubernetesClient,
  type ClusterLifecycle,
} from '@flotilla/plugin-multi-cluster-node';
import {
  ClusterLifecycleProvider,
  DeleteClusterResult,
  ScaleMachineDeploymentResult,
  UpgradeClusterResult,
} from './types';
import { revalidateUpgrade, validateUpgrade } from './upgradeVersions';
import {
  observeCapiCluster,
  setMachineDeploymentVersion,
} from './upgrade/capiUpgradeObjects';
import type { ObservedCluster } from './upgrade/observedCluster';

function versionOf(lifecycle: ClusterLifecycle): string {
  return lifecycle.apiVersion.split('/')[1] ?? 'v1beta2';
}

/**
 * Lifecycle changes on one Cluster API management cluster: merge patches
 * guarded by `metadata.resourceVersion` (a 409 is re-read, a persistent one
 * reported, nothing overwritten blindly) and a delete at the version read.
 */
export class ClusterApiLifecycle implements ClusterLifecycleProvider {
  constructor(
    private readonly options: {
      managementCluster: string;
      client: KubernetesClient;
      logger: LoggerService;
      conflictRetries: number;
    },
  ) {}

  private patch<T>(target: CustomObjectRef, build: CapiChange<T>) {
    return patchCapiObject(this.options.client, target, build, {
      managementCluster: this.options.managementCluster,
      conflictRetries: this.options.conflictRetries,
      logger: this.options.logger,
    });
  }

  async scaleMachineDeployment(
    clusterName: string,
    lifecycle: ClusterLifecycle,
    machineDeployment: string,
    replicas: number,
  ): Promise<ScaleMachineDeploymentResult> {
    const md = lifecycle.machineDeployments.find(
      m => m.name === machineDeployment,
    );
    if (!md) {
      throw new NotFoundError(
        `MachineDeployment '${machineDeployment}' not found in cluster '${clusterName}'`,
      );
    }
    const { result, resourceVersion, attempts } = await this.patch(
      {
        group: CAPI_GROUP,
        version: versionOf(lifecycle),
        plural: 'machinedeployments',
        namespace: md.namespace,
        name: md.name,
      },
      current => ({
        body: { spec: { replicas } },
        result: { previousReplicas: countOf(current.spec?.replicas) },
      }),
    );
    return {
      cluster: clusterName,
      machineDeployment,
      namespace: md.namespace,
      previousReplicas: result.previousReplicas,
      replicas,
      resourceVersion,
      attempts,
      source: 'cluster-api',
    };
  }

  async upgrade(
    clusterName: string,
    lifecycle: ClusterLifecycle,
    version: string,
  ): Promise<UpgradeClusterResult> {
    validateUpgrade(lifecycle.version, version);
    if (lifecycle.topology || !lifecycle.controlPlane) {
      const { result, resourceVersion, attempts } = await this.patch(
        {
          group: CAPI_GROUP,
          version: versionOf(lifecycle),
          plural: 'clusters',
          namespace: lifecycle.namespace,
          name: lifecycle.name,
        },
        current => {
          if (!current.spec?.topology) {
            throw new InputError(
              `Cluster ${lifecycle.namespace}/${lifecycle.name} has neither a topology nor a control plane to upgrade`,
            );
          }
          revalidateUpgrade(
            `Cluster ${lifecycle.namespace}/${lifecycle.name}`,
            lifecycle.version,
            current.spec.topology.version,
            version,
          );
          return {
            body: { spec: { topology: { version } } },
            result: { previousVersion: current.spec.topology.version },
          };
        },
      );
      return {
        cluster: clusterName,
        target: 'topology',
        objectName: lifecycle.name,
        previousVersion: result.previousVersion,
        version,
        resourceVersion,
        attempts,
        source: 'cluster-api',
      };
    }
    const cp = lifecycle.controlPlane;
    const cpVersion = cp.apiVersion?.split('/')[1] ?? versionOf(lifecycle);
    const { result, resourceVersion, attempts } = await this.patch(
      {
        group: CAPI_CONTROLPLANE_GROUP,
        version: cpVersion,
        plural: 'kubeadmcontrolplanes',
        namespace: lifecycle.namespace,
        name: cp.name,
      },
      current => {
        revalidateUpgrade(
          `${cp.kind} ${lifecycle.namespace}/${cp.name}`,
          lifecycle.version,
          current.spec?.version,
          version,
        );
        return {
          body: { spec: { version } },
          result: { previousVersion: current.spec?.version as string },
        };
      },
    );
    return {
      cluster: clusterName,
      target: 'control-plane',
      objectName: cp.name,
      previousVersion: result.previousVersion,
      version,
      resourceVersion,
      attempts,
      source: 'cluster-api',
    };
  }

  observeCluster(lifecycle: ClusterLifecycle): Promise<ObservedCluster> {
    return observeCapiCluster(this.options, lifecycle);
  }

  setMachineDeploymentVersion(
    lifecycle: ClusterLifecycle,
    machineDeployment: string,
    version: string,
  ): Promise<{ previousVersion?: string; attempts: number }> {
    return setMachineDeploymentVersion(
      this.options,
      lifecycle,
      machineDeployment,
      version,
    );
  }

  async deleteCluster(
    clusterName: string,
    lifecycle: ClusterLifecycle,
  ): Promise<DeleteClusterResult> {
    await deleteCapiObject(this.options.client, {
      group: CAPI_GROUP,
      version: versionOf(lifecycle),
      plural: 'clusters',
      namespace: lifecycle.namespace,
      name: lifecycle.name,
    });
    return {
      cluster: clusterName,
      namespace: lifecycle.namespace,
      name: lifecycle.name,
      deletionRequested: true,
      source: 'cluster-api',
    };
  }
}
