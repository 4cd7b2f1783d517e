/**
 * The Cluster API reads and writes an upgrade takes after its first write:
 * the Cluster, its control plane and MachineDeployments as served, and a
 * MachineDeployment's `spec.template.spec.version`, merge-patched at the
 * resourceVersion read (a 409 is re-read) and never to an older version.
 */
import type { LoggerService } from '@backstage/backend-plugin-api';
import {
  CAPI_CONTROLPLANE_GROUP,
  CAPI_GROUP,
  type CapiObject,
  type ClusterLifecycle,
  type KubernetesClient,
  patchCapiObject,
} from '@flotilla/plugin-multi-cluster-node';
import { validateUpgrade } from '../upgradeVersions';
import { ObservedCluster, observedCluster } from './observedCluster';

export interface CapiAccess {
  managementCluster: string;
  client: KubernetesClient;
  logger: LoggerService;
  conflictRetries: number;
}

const versionOf = (apiVersion: string | undefined, fallback: string) =>
  apiVersion?.split('/')[1] ?? fallback;

export async function observeCapiCluster(
  access: CapiAccess,
  lifecycle: ClusterLifecycle,
): Promise<ObservedCluster> {
  const version = versionOf(lifecycle.apiVersion, 'v1beta2');
  const { client } = access;
  const cp = lifecycle.controlPlane;
  const [cluster, controlPlane, machineDeployments] = await Promise.all([
    client.getCustomObject<CapiObject>({
      group: CAPI_GROUP,
      version,
      plural: 'clusters',
      namespace: lifecycle.namespace,
      name: lifecycle.name,
    }),
    cp
      ? client.getCustomObject<CapiObject>({
          group: CAPI_CONTROLPLANE_GROUP,
          version: versionOf(cp.apiVersion, version),
          plural: 'kubeadmcontrolplanes',
          namespace: lifecycle.namespace,
          name: cp.name,
        })
      : Promise.resolve(undefined),
    client.listCustomObjects<CapiObject>({
      group: CAPI_GROUP,
      version,
      plural: 'machinedeployments',
      namespace: lifecycle.namespace,
    }),
  ]);
  return observedCluster(
    cluster,
    controlPlane,
    machineDeployments.items.filter(
      md => md.spec?.clusterName === lifecycle.name,
    ),
  );
}

export async function setMachineDeploymentVersion(
  access: CapiAccess,
  lifecycle: ClusterLifecycle,
  machineDeployment: string,
  version: string,
): Promise<{ previousVersion?: string; attempts: number }> {
  const { result, attempts } = await patchCapiObject(
    access.client,
    {
      group: CAPI_GROUP,
      version: versionOf(lifecycle.apiVersion, 'v1beta2'),
      plural: 'machinedeployments',
      namespace: lifecycle.namespace,
      name: machineDeployment,
    },
    current => {
      const previous = current.spec?.template?.spec?.version;
      validateUpgrade(previous, version);
      return {
        body: { spec: { template: { spec: { version } } } },
        result: { previousVersion: previous },
      };
    },
    {
      managementCluster: access.managementCluster,
      conflictRetries: access.conflictRetries,
      logger: access.logger,
    },
  );
  return { previousVersion: result.previousVersion, attempts };
}
