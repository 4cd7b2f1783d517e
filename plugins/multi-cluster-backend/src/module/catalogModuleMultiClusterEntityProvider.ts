import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';
import { catalogProcessingExtensionPoint } from '@backstage/plugin-catalog-node';
import { readMultiClusterConfig } from '../config';
import { ClusterApiConnector } from '../inventory/connectors/ClusterApiConnector';
import { KarmadaConnector } from '../inventory/connectors/KarmadaConnector';
import { ClusterClientFactory } from '../kubernetes/ClusterClientFactory';
import { MultiClusterEntityProvider } from './MultiClusterEntityProvider';

/**
 * Catalog module ingesting Karmada and Cluster API clusters as `Resource`
 * entities (`spec.type: kubernetes-cluster`).
 *
 * @public
 */
export const catalogModuleMultiClusterClusters = createBackendModule({
  pluginId: 'catalog',
  moduleId: 'multi-cluster-clusters',
  register(env) {
    env.registerInit({
      deps: {
        config: coreServices.rootConfig,
        logger: coreServices.logger,
        scheduler: coreServices.scheduler,
        catalog: catalogProcessingExtensionPoint,
      },
      async init({ config, logger, scheduler, catalog }) {
        const mc = readMultiClusterConfig(config);
        if (!mc.entityProvider.enabled) {
          return;
        }
        const clients = new ClusterClientFactory(mc);
        const connectors = [
          ...mc.karmada.map(
            cp =>
              new KarmadaConnector({
                controlPlane: cp,
                client: clients.forControlPlane('karmada', cp.name)!,
                logger,
                conflictRetries: mc.conflictRetries,
              }),
          ),
          ...mc.clusterApi.map(
            m =>
              new ClusterApiConnector({
                management: m,
                client: clients.forControlPlane('cluster-api', m.name)!,
                logger,
                conflictRetries: mc.conflictRetries,
              }),
          ),
        ];
        if (connectors.length === 0) {
          logger.info(
            'No multiCluster.karmada or multiCluster.clusterApi configured; cluster entity provider idle',
          );
          return;
        }
        const locations: Record<string, string> = {};
        for (const k of mc.karmada) {
          locations[`karmada:${k.name}`] = k.url;
        }
        for (const m of mc.clusterApi) {
          locations[`cluster-api:${m.name}`] = m.url;
        }
        const provider = new MultiClusterEntityProvider({
          connectors,
          logger,
          owner:
            config.getOptionalString('multiCluster.entityProvider.owner') ??
            'group:default/platform',
          locations,
        });
        catalog.addEntityProvider(provider);
        await scheduler.scheduleTask({
          id: 'multi-cluster-clusters-entity-provider',
          frequency: mc.entityProvider.frequency,
          timeout: { minutes: 5 },
          scope: 'global',
          fn: async signal => {
            await provider.run(signal);
          },
        });
      },
    });
  },
});
