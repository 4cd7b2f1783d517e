import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';
import { multiClusterPlacementExtensionPoint } from '@flotilla/plugin-multi-cluster-node';
import { carbonCeilingFilter, carbonScorer } from './carbonObjectives';
import { readCarbonIntensityConfig } from './config';

/**
 * Adds a `carbon` objective to placement advice, from the grid intensities
 * of `multiCluster.carbonIntensity.regions`, and with
 * `multiCluster.carbonIntensity.maxGramsPerKwh` a `carbon-ceiling` filter.
 *
 * @public
 */
export const multiClusterModuleCarbonIntensity = createBackendModule({
  pluginId: 'multi-cluster',
  moduleId: 'carbon-intensity',
  register(reg) {
    reg.registerInit({
      deps: {
        placement: multiClusterPlacementExtensionPoint,
        config: coreServices.rootConfig,
        logger: coreServices.logger,
      },
      async init({ placement, config, logger }) {
        const carbon = readCarbonIntensityConfig(config);
        placement.addScorer(carbonScorer(carbon));
        const { maxGramsPerKwh } = carbon;
        if (maxGramsPerKwh !== undefined) {
          placement.addFilter(
            carbonCeilingFilter({ ...carbon, maxGramsPerKwh }),
          );
        }
        logger.info(
          `Carbon intensity of ${
            Object.keys(carbon.regions).length
          } regions weighs ${carbon.weight} in placement advice`,
        );
      },
    });
  },
});
