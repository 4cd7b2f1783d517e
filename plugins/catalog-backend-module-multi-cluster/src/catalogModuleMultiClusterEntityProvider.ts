import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';
import { readDurationFromConfig } from '@backstage/config';
import {
  catalogProcessingExtensionPoint,
  catalogServiceRef,
} from '@backstage/plugin-catalog-node';
import { createClusterSources } from '@flotilla/plugin-multi-cluster-node';
import { MultiClusterEntityProvider } from './MultiClusterEntityProvider';

/**
 * Catalog module ingesting Karmada, Cluster API and OCM clusters as `Resource`
 * entities (`spec.type: kubernetes-cluster`). The refreshes start when the
 * catalog connects the provider, so none runs before it can be applied.
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
        auth: coreServices.auth,
        catalog: catalogProcessingExtensionPoint,
        catalogService: catalogServiceRef,
      },
      async init({ config, logger, scheduler, auth, catalog, catalogService }) {
        const settings = config.getOptionalConfig(
          'multiCluster.entityProvider',
        );
        if (settings?.getOptionalBoolean('enabled') === false) {
          return;
        }
        const frequency = settings?.has('frequency')
          ? readDurationFromConfig(settings, { key: 'frequency' })
          : { minutes: 5 };
        const sources = createClusterSources({ config, logger });
        if (sources.length === 0) {
          logger.info(
            'No multiCluster.karmada, multiCluster.clusterApi or multiCluster.ocm configured; cluster entity provider idle',
          );
          return;
        }
        const provider = new MultiClusterEntityProvider({
          connectors: sources.map(source => source.connector),
          logger,
          owner:
            settings?.getOptionalString('owner') ?? 'group:default/platform',
          locations: Object.fromEntries(
            sources.map(source => [source.connector.id, source.url]),
          ),
          taskRunner: scheduler.createScheduledTaskRunner({
            frequency,
            timeout: { minutes: 5 },
            scope: 'global',
          }),
          catalog: catalogService,
          auth,
        });
        catalog.addEntityProvider(provider);
      },
    });
  },
});
