/**
 * Building blocks shared by every Cluster API provider: references in the
 * shape each core version wants, kubeadm extra-args in list (v1beta2) or map
 * (v1beta1) form, and object metadata.
 */
import { KubernetesManifest } from '../types';
import { segmentationLabelValues } from './segmentationLabels';
import { NormalizedCapiClusterInput } from './types';
import { CapiApiVersion, CapiProvider } from './versions';

/** Cluster API's own label naming a Cluster on every object of it. */
export const CLUSTER_NAME_LABEL = 'cluster.x-k8s.io/cluster-name';
/** Cluster API's label naming the MachineDeployment of a Machine. */
export const DEPLOYMENT_NAME_LABEL = 'cluster.x-k8s.io/deployment-name';

/** A reference to another object, in either core version's shape. */
export type CapiObjectReference =
  | { apiGroup: string; kind: string; name: string }
  | { apiVersion: string; kind: string; name: string };

/**
 * A reference from a core object to `group/version` `kind` `name`: v1beta2
 * uses `apiGroup` (contract-versioned), v1beta1 uses `apiVersion`.
 */
export function objectReference(
  capiVersion: CapiApiVersion,
  apiVersion: string,
  kind: string,
  name: string,
): CapiObjectReference {
  if (capiVersion === 'v1beta2') {
    return { apiGroup: apiVersion.split('/')[0], kind, name };
  }
  return { apiVersion, kind, name };
}

/** kubeadm `extraArgs`: a list of name/value pairs in v1beta2, a map in v1beta1. */
export function kubeadmArgs(
  capiVersion: CapiApiVersion,
  args: Record<string, string>,
): Array<{ name: string; value: string }> | Record<string, string> {
  if (capiVersion === 'v1beta2') {
    return Object.entries(args).map(([name, value]) => ({ name, value }));
  }
  return { ...args };
}

/** The labels put on every generated object of the cluster. */
export function clusterLabels(
  input: NormalizedCapiClusterInput,
): Record<string, string> {
  const labels: Record<string, string> = { [CLUSTER_NAME_LABEL]: input.name };
  for (const [key, value] of segmentationLabelValues(input)) {
    if (value) labels[key] = value;
  }
  return { ...labels, ...(input.labels ?? {}) };
}

/** Metadata of a generated object in the cluster's namespace. */
export function objectMeta(
  input: NormalizedCapiClusterInput,
  name: string,
  extraLabels: Record<string, string> = {},
): KubernetesManifest['metadata'] {
  return {
    name,
    namespace: input.namespace,
    labels: { ...clusterLabels(input), ...extraLabels },
  };
}

/** Names of the generated objects. */
export const capiNames = {
  cluster: (input: NormalizedCapiClusterInput) => input.name,
  controlPlane: (input: NormalizedCapiClusterInput) =>
    `${input.name}-control-plane`,
  pool: (input: NormalizedCapiClusterInput, pool: string) =>
    `${input.name}-${pool}`,
};

/**
 * A file that kubeadm's cloud-init writes on a machine.
 *
 * @public
 */
export interface KubeadmFile {
  path: string;
  owner?: string;
  permissions?: string;
  content?: string;
  contentFrom?: { secret: { name: string; key: string } };
}

/**
 * What a machine is for.
 *
 * @public
 */
export type MachineRole =
  | { role: 'control-plane' }
  | { role: 'worker'; pool: NormalizedCapiClusterInput['workers'][number] };

/**
 * What an infrastructure provider contributes. One implementation per file:
 * aws.ts, gcp.ts, azure.ts, docker.ts.
 *
 * @public
 */
export interface InfrastructureProvider {
  readonly provider: CapiProvider;
  readonly clusterKind: string;
  readonly machineTemplateKind: string;
  /** Machine types used when the input gives none (absent for docker). */
  readonly defaultMachineTypes?: { controlPlane: string; worker: string };
  /** The infrastructure cluster object (e.g. AWSCluster). */
  infrastructureCluster(
    input: NormalizedCapiClusterInput,
    capiVersion: CapiApiVersion,
  ): KubernetesManifest;
  /** The infrastructure machine template of the control plane or a pool. */
  machineTemplate(
    input: NormalizedCapiClusterInput,
    capiVersion: CapiApiVersion,
    name: string,
    machine: MachineRole,
  ): KubernetesManifest;
  /** kubelet flags every node of this provider needs. */
  kubeletExtraArgs(): Record<string, string>;
  /** kubeadm nodeRegistration.name (a cloud-init template), if any. */
  readonly nodeRegistrationName?: string;
  /** Extra files for the machines of a template (e.g. Azure's azure.json). */
  machineFiles?(templateName: string, role: MachineRole['role']): KubeadmFile[];
}
