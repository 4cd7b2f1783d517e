import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';
import { kubernetesAuthStrategyExtensionPoint } from '@backstage/plugin-kubernetes-node';
import { ClusterCredentials } from '@flotilla/plugin-multi-cluster-node';

/**
 * Gives the Kubernetes plugin the strategies Flotilla authenticates with,
 * `clientCertificate` included: both plugins read the same
 * `kubernetes.clusterLocatorMethods` entries, and the Kubernetes plugin
 * refuses to start on an `authProvider` it has no strategy for. Once a
 * module adds a strategy, the Kubernetes plugin uses only the added ones,
 * so its own built-ins are added back from the same map. The certificate
 * goes in the entry's `authMetadata` block, which both plugins pass to their
 * strategies.
 */
export const kubernetesModuleClientCertificate = createBackendModule({
  pluginId: 'kubernetes',
  moduleId: 'client-certificate',
  register(reg) {
    reg.registerInit({
      deps: {
        authStrategies: kubernetesAuthStrategyExtensionPoint,
        config: coreServices.rootConfig,
        logger: coreServices.logger,
      },
      async init({ authStrategies, config, logger }) {
        const { strategyMap } = ClusterCredentials.create({ config, logger });
        for (const [name, strategy] of strategyMap) {
          authStrategies.addAuthStrategy(name, strategy);
        }
      },
    });
  },
});
