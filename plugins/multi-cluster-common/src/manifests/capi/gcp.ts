/**
 * GCP (cluster-api-provider-gcp): GCPCluster and GCPMachineTemplate, which
 * CAPG serves at infrastructure.cluster.x-k8s.io/v1beta1 only.
 */
import { InfrastructureProvider, objectMeta } from './common';
import { infrastructureApiVersion } from './versions';

export const gcpProvider: InfrastructureProvider = {
  provider: 'gcp',
  clusterKind: 'GCPCluster',
  machineTemplateKind: 'GCPMachineTemplate',
  defaultMachineTypes: {
    controlPlane: 'n2-standard-2',
    worker: 'n2-standard-4',
  },
  nodeRegistrationName: '{{ ds.meta_data.local_hostname.split(".")[0] }}',

  infrastructureCluster(input, capiVersion) {
    const spec: Record<string, unknown> = {
      project: input.gcp?.project,
      region: input.region,
      network: { name: input.gcp?.network ?? 'default' },
    };
    if (input.controlPlaneEndpoint) {
      spec.controlPlaneEndpoint = { ...input.controlPlaneEndpoint };
    }
    return {
      apiVersion: infrastructureApiVersion('gcp', capiVersion),
      kind: 'GCPCluster',
      metadata: objectMeta(input, input.name),
      spec,
    };
  },

  machineTemplate(input, capiVersion, name, machine) {
    const isControlPlane = machine.role === 'control-plane';
    const instanceType =
      (isControlPlane
        ? input.controlPlane.machineType
        : machine.pool.machineType) ??
      (isControlPlane
        ? gcpProvider.defaultMachineTypes!.controlPlane
        : gcpProvider.defaultMachineTypes!.worker);
    const spec: Record<string, unknown> = { instanceType };
    if (input.gcp?.image) spec.image = input.gcp.image;
    return {
      apiVersion: infrastructureApiVersion('gcp', capiVersion),
      kind: 'GCPMachineTemplate',
      metadata: objectMeta(input, name),
      spec: { template: { spec } },
    };
  },

  kubeletExtraArgs() {
    return { 'cloud-provider': 'external' };
  },
};
