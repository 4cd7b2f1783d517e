/**
 * AWS (cluster-api-provider-aws): AWSCluster and AWSMachineTemplate, which
 * CAPA serves at infrastructure.cluster.x-k8s.io/v1beta2 only.
 */
import { InfrastructureProvider, objectMeta } from './common';
import { infrastructureApiVersion } from './versions';

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
    if (input.controlPlaneEndpoint) {
      spec.controlPlaneEndpoint = { ...input.controlPlaneEndpoint };
    }
    return {
      apiVersion: infrastructureApiVersion('aws', capiVersion),
      kind: 'AWSCluster',
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
        ? awsProvider.defaultMachineTypes!.controlPlane
        : awsProvider.defaultMachineTypes!.worker);
    const spec: Record<string, unknown> = {
      instanceType,
      iamInstanceProfile: isControlPlane
        ? input.aws?.controlPlaneIamInstanceProfile ??
          AWS_DEFAULT_IAM_INSTANCE_PROFILES.controlPlane
        : input.aws?.nodeIamInstanceProfile ??
          AWS_DEFAULT_IAM_INSTANCE_PROFILES.nodes,
    };
    if (input.aws?.sshKeyName) spec.sshKeyName = input.aws.sshKeyName;
    if (input.aws?.ami) spec.ami = { id: input.aws.ami };
    return {
      apiVersion: infrastructureApiVersion('aws', capiVersion),
      kind: 'AWSMachineTemplate',
      metadata: objectMeta(input, name),
      spec: { template: { spec } },
    };
  },

  kubeletExtraArgs() {
    return { 'cloud-provider': 'external' };
  },
};
