import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';
import { scaffolderActionsExtensionPoint } from '@backstage/plugin-scaffolder-node';
import {
  createArgoCdApplicationSetAction,
  createCapiClusterAction,
  createFleetGitRepoAction,
  createKarmadaPolicyAction,
  createKubefedConvertAction,
  createMcsExportAction,
  createPlacementRecommendAction,
} from './actions';

/**
 * The Flotilla Scaffolder module: registers the multicluster:* actions.
 *
 * @public
 */
export const scaffolderModuleMultiCluster = createBackendModule({
  pluginId: 'scaffolder',
  moduleId: 'multi-cluster',
  register(reg) {
    reg.registerInit({
      deps: {
        scaffolder: scaffolderActionsExtensionPoint,
        auth: coreServices.auth,
        discovery: coreServices.discovery,
      },
      async init({ scaffolder, auth, discovery }) {
        scaffolder.addActions(
          createCapiClusterAction(),
          createKarmadaPolicyAction(),
          createArgoCdApplicationSetAction(),
          createFleetGitRepoAction(),
          createMcsExportAction(),
          createKubefedConvertAction(),
          createPlacementRecommendAction({ auth, discovery }),
        );
      },
    });
  },
});
