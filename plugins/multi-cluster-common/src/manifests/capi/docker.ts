/**
 * Docker (CAPD, the Cluster API test provider): DockerCluster and
 * DockerMachineTemplate, served at v1beta1 and v1beta2 (both deprecated on
 * release-1.14 in favour of DevCluster/DevMachine). The version follows the
 * Cluster API core version. Machine types do not apply.
 */
import { InfrastructureProvider } from './common';
import {
  infrastructureClusterObject,
  machineTemplateObject,
} from './providerObjects';

export const dockerProvider: InfrastructureProvider = {
  provider: 'docker',
  clusterKind: 'DockerCluster',
  machineTemplateKind: 'DockerMachineTemplate',

  infrastructureCluster(input, capiVersion) {
    return infrastructureClusterObject(dockerProvider, input, capiVersion, {});
  },

  machineTemplate(input, capiVersion, name) {
    return machineTemplateObject(dockerProvider, input, capiVersion, name, {
      extraMounts: [
        {
          containerPath: '/var/run/docker.sock',
          hostPath: '/var/run/docker.sock',
        },
      ],
    });
  },

  kubeletExtraArgs() {
    return {
      'eviction-hard':
        'nodefs.available<0%,nodefs.inodesFree<0%,imagefs.available<0%',
    };
  },
};
