/**
 * GCP (cluster-api-provider-gcp): GCPCluster and GCPMachineTemplate, which
 * CAPG serves at infrastructure.cluster.x-k8s.io/v1beta1 only.
 */
import { InfrastructureProvider } from './common';
import {
  infrastructureClusterObject,
  machineTemplateObject,
  machineTypeOf,
} from './providerObjects';

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
    return infrastructureClusterObject(gcpProvider, input, capiVersion, spec);
  },

  machineTemplate(input, capiVersion, name, machine) {
    const spec: Record<string, unknown> = {
      instanceType: machineTypeOf(
        input,
        machine,
        gcpProvider.defaultMachineTypes!,
      ),
    };
    if (input.gcp?.image) spec.image = input.gcp.image;
    return machineTemplateObject(gcpProvider, input, capiVersion, name, spec);
  },

  kubeletExtraArgs() {
    return { 'cloud-provider': 'external' };
  },
};
