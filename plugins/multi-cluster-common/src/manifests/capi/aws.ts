/**
 * AWS (cluster-api-provider-aws): AWSCluster and AWSMachineTemplate, which
 * CAPA serves at infrastructure.cluster.x-k8s.io/v1beta2 only.
 */
import { InfrastructureProvider } from './common';
import {
  infrastructureClusterObject,
  machineTemplateObject,
  machineTypeOf,
} from './providerObjects';

/** clusterawsadm's default instance profiles. */
export const AWS_DEFAULT_IAM_INSTANCE_PROFILES = {
  controlPlane: 'control-plane.cluster-api-provider-aws.sigs.k8s.io',
  nodes: 'nodes.cluster-api-provider-aws.sigs.k8s.io',
};

export const awsProvider: InfrastructureProvider = {
  provider: 'aws',
  clusterKind: 'AWSCluster',
  machineTemplateKind: 'AWSMachineTemplate',
  defaultMachineTypes: { controlPlane: 't3.large', worker: 't3.large' },
  nodeRegistrationName: '{{ ds.meta_data.local_hostname }}',

  infrastructureCluster(input, capiVersion) {
    const spec: Record<string, unknown> = { region: input.region };
    if (input.aws?.sshKeyName) spec.sshKeyName = input.aws.sshKeyName;
    return infrastructureClusterObject(awsProvider, input, capiVersion, spec);
  },

  machineTemplate(input, capiVersion, name, machine) {
    const isControlPlane = machine.role === 'control-plane';
    const spec: Record<string, unknown> = {
      instanceType: machineTypeOf(
        input,
        machine,
        awsProvider.defaultMachineTypes!,
      ),
      iamInstanceProfile: isControlPlane
        ? input.aws?.controlPlaneIamInstanceProfile ??
          AWS_DEFAULT_IAM_INSTANCE_PROFILES.controlPlane
        : input.aws?.nodeIamInstanceProfile ??
          AWS_DEFAULT_IAM_INSTANCE_PROFILES.nodes,
    };
    if (input.aws?.sshKeyName) spec.sshKeyName = input.aws.sshKeyName;
    if (input.aws?.ami) spec.ami = { id: input.aws.ami };
    return machineTemplateObject(awsProvider, input, capiVersion, name, spec);
  },

  kubeletExtraArgs() {
    return { 'cloud-provider': 'external' };
  },
};
