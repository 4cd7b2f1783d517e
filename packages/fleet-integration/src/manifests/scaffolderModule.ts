/**
 * The Flotilla Scaffolder module as the scaffolder backend would load it:
 * started in a test backend, the actions it registers are collected from the
 * scaffolder's actions extension point. So the suite checks what the module
 * really registers (module.ts), next to what the package exports (the
 * `*_ACTION_ID` constants of actions/index.ts), and a new action cannot be
 * forgotten by a hand-written list.
 */
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import {
  scaffolderActionsExtensionPoint,
  TemplateAction,
} from '@backstage/plugin-scaffolder-node';
import scaffolderModuleMultiCluster, * as scaffolderModuleExports from '@flotilla/plugin-scaffolder-backend-module-multi-cluster';

export type ScaffolderAction = TemplateAction;

/** The action IDs the package exports (`CAPI_CLUSTER_ACTION_ID`, ...). */
export const EXPORTED_ACTION_IDS: string[] = Object.entries(
  scaffolderModuleExports as Record<string, unknown>,
)
  .flatMap(([name, value]) =>
    name.endsWith('_ACTION_ID') && typeof value === 'string' ? [value] : [],
  )
  .sort();

export interface LoadedScaffolderModule {
  actions: ScaffolderAction[];
  stop(): Promise<void>;
}

/**
 * Starts the module in a test backend whose discovery sends the
 * `multi-cluster` plugin's requests to `multiClusterBaseUrl`.
 */
export async function loadScaffolderModule(options: {
  multiClusterBaseUrl: string;
}): Promise<LoadedScaffolderModule> {
  const actions: ScaffolderAction[] = [];
  const backend = await startTestBackend({
    extensionPoints: [
      [
        scaffolderActionsExtensionPoint,
        {
          addActions: (...added: ScaffolderAction[]) => actions.push(...added),
        },
      ],
    ],
    features: [
      scaffolderModuleMultiCluster,
      mockServices.discovery.mock({
        getBaseUrl: async pluginId => {
          if (pluginId !== 'multi-cluster') {
            throw new Error(`no ${pluginId} backend in this test`);
          }
          return options.multiClusterBaseUrl;
        },
      }).factory,
    ],
  });
  return { actions, stop: () => backend.stop() };
}
