import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';
import { policyExtensionPoint } from '@backstage/plugin-permission-node/alpha';
import { MultiClusterPermissionPolicy } from './MultiClusterPermissionPolicy';
import { readPlatformOwnerRefs } from './config';

/**
 * Installs {@link MultiClusterPermissionPolicy} as the permission backend's
 * policy. The platform owners are read from
 * `permission.multiCluster.platformOwners` (default
 * `group:default/platform-team`).
 *
 * @public
 */
export const permissionModuleMultiClusterPolicy = createBackendModule({
  pluginId: 'permission',
  moduleId: 'multi-cluster-policy',
  register(reg) {
    reg.registerInit({
      deps: {
        policy: policyExtensionPoint,
        config: coreServices.rootConfig,
        userInfo: coreServices.userInfo,
      },
      async init({ policy, config, userInfo }) {
        policy.setPolicy(
          new MultiClusterPermissionPolicy({
            platformOwnerRefs: readPlatformOwnerRefs(config),
            userInfo,
          }),
        );
      },
    });
  },
});
