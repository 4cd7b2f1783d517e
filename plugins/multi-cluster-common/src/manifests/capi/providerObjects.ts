/**
 * The objects every infrastructure provider writes the same way around its
 * own spec: the infrastructure cluster and the machine templates.
 */
import { KubernetesManifest } from '../types';
import { InfrastructureProvider, MachineRole, objectMeta } from './common';
import { NormalizedCapiClusterInput } from './types';
import { CapiApiVersion, infrastructureApiVersion } from './versions';

/**
 * The provider's infrastructure cluster (e.g. AWSCluster) with the given
 * spec, plus the control plane endpoint when the input sets one.
 */
export function infrastructureClusterObject(
  provider: InfrastructureProvider,
  input: NormalizedCapiClusterInput,
  capiVersion: CapiApiVersion,
  spec: Record<string, unknown>,
): KubernetesManifest {
  if (input.controlPlaneEndpoint) {
    spec.controlPlaneEndpoint = { ...input.controlPlaneEndpoint };
  }
  return {
    apiVersion: infrastructureApiVersion(provider.provider, capiVersion),
    kind: provider.clusterKind,
    metadata: objectMeta(input, input.name),
    spec,
  };
}

/** The provider's machine template (e.g. AWSMachineTemplate) of machines with this spec. */
export function machineTemplateObject(
  provider: InfrastructureProvider,
  input: NormalizedCapiClusterInput,
  capiVersion: CapiApiVersion,
  name: string,
  machineSpec: Record<string, unknown>,
): KubernetesManifest {
  return {
    apiVersion: infrastructureApiVersion(provider.provider, capiVersion),
    kind: provider.machineTemplateKind,
    metadata: objectMeta(input, name),
    spec: { template: { spec: machineSpec } },
  };
}

/** The machine type the input gives a machine, else the provider's default. */
export function machineTypeOf(
  input: NormalizedCapiClusterInput,
  machine: MachineRole,
  defaults: { controlPlane: string; worker: string },
): string {
  return machine.role === 'control-plane'
    ? input.controlPlane.machineType ?? defaults.controlPlane
    : machine.pool.machineType ?? defaults.worker;
}
