import { createBackendModule } from '@backstage/backend-plugin-api';
import { scaffolderActionsExtensionPoint } from '@backstage/plugin-scaffolder-node';
import {
  createArgoCdApplicationSetAction,
  createCapiClusterAction,
  createFleetGitRepoAction,
  createKarmadaPolicyAction,
  createKubefedConvertAction,
  createMcsExportAction,
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
      deps: { scaffolder: scaffolderActionsExtensionPoint },
      async init({ scaffolder }) {
        scaffolder.addActions(
          createCapiClusterAction(),
          createKarmadaPolicyAction(),
          createArgoCdApplicationSetAction(),
          createFleetGitRepoAction(),
          createMcsExportAction(),
          createKubefedConvertAction(),
        );
      },
    });
  },
});
