/**
 * Docker (CAPD, the Cluster API test provider): DockerCluster and
 * DockerMachineTemplate, served at v1beta1 and v1beta2 (both deprecated on
 * release-1.14 in favour of DevCluster/DevMachine). The version follows the
 * Cluster API core version. Machine types do not apply.
 */
import { InfrastructureProvider, objectMeta } from './common';
import { infrastructureApiVersion } from './versions';

export const dockerProvider: InfrastructureProvider = {
  provider: 'docker',
  clusterKind: 'DockerCluster',
  machineTemplateKind: 'DockerMachineTemplate',

  infrastructureCluster(input, capiVersion) {
    const spec: Record<string, unknown> = {};
    if (input.controlPlaneEndpoint) {
      spec.controlPlaneEndpoint = { ...input.controlPlaneEndpoint };
    }
    return {
      apiVersion: infrastructureApiVersion('docker', capiVersion),
      kind: 'DockerCluster',
      metadata: objectMeta(input, input.name),
      spec,
    };
  },

  machineTemplate(input, capiVersion, name) {
    return {
      apiVersion: infrastructureApiVersion('docker', capiVersion),
      kind: 'DockerMachineTemplate',
      metadata: objectMeta(input, name),
      spec: {
        template: {
          spec: {
            extraMounts: [
              {
                containerPath: '/var/run/docker.sock',
                hostPath: '/var/run/docker.sock',
              },
            ],
          },
        },
      },
    };
  },

  kubeletExtraArgs() {
    return {
      'eviction-hard':
        'nodefs.available<0%,nodefs.inodesFree<0%,imagefs.available<0%',
    };
  },
};
