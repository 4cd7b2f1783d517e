/**
 * What an upgrade's progress is read from: the Cluster, its control plane
 * and its MachineDeployments as the management cluster serves them
 * (Cluster API v1beta2, v1beta1 counts where they differ).
 */
import type { CapiObject } from '@flotilla/plugin-multi-cluster-node';

/** A MachineDeployment as an upgrade reads it. @public */
export interface ObservedMachineDeployment {
  name: string;
  version?: string;
  replicas?: number;
  generation?: number;
  observedGeneration?: number;
  upToDateReplicas?: number;
  readyReplicas?: number;
}

/** A Cluster, its control plane and MachineDeployments as an upgrade reads them. @public */
export interface ObservedCluster {
  /** `spec.topology.version` of a ClusterClass-managed Cluster. */
  topologyVersion?: string;
  topologyReconciled?: { status: string; reason?: string; message?: string };
  controlPlane?: { name: string; specVersion?: string; statusVersion?: string };
  machineDeployments: ObservedMachineDeployment[];
}

const count = (value: unknown) =>
  typeof value === 'number' ? value : undefined;

interface Condition {
  type?: string;
  status?: string;
  reason?: string;
  message?: string;
}

function topologyReconciled(cluster: CapiObject) {
  const conditions = Array.isArray(cluster.status?.conditions)
    ? (cluster.status.conditions as Condition[])
    : [];
  const found = conditions.find(c => c?.type === 'TopologyReconciled');
  return found?.status
    ? { status: found.status, reason: found.reason, message: found.message }
    : undefined;
}

function observedMachineDeployment(md: CapiObject): ObservedMachineDeployment {
  const status = md.status ?? {};
  return {
    name: md.metadata.name ?? '',
    version: md.spec?.template?.spec?.version,
    replicas: count(md.spec?.replicas),
    generation: md.metadata.generation,
    observedGeneration: count(status.observedGeneration),
    // v1beta2 upToDateReplicas; v1beta1 updatedReplicas.
    upToDateReplicas: count(status.upToDateReplicas ?? status.updatedReplicas),
    readyReplicas: count(status.readyReplicas),
  };
}

export function observedCluster(
  cluster: CapiObject,
  controlPlane: CapiObject | undefined,
  machineDeployments: CapiObject[],
): ObservedCluster {
  return {
    topologyVersion: cluster.spec?.topology?.version,
    topologyReconciled: topologyReconciled(cluster),
    controlPlane: controlPlane && {
      name: controlPlane.metadata.name ?? '',
      specVersion: controlPlane.spec?.version,
      statusVersion: controlPlane.status?.version,
    },
    machineDeployments: machineDeployments
      .map(observedMachineDeployment)
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}
